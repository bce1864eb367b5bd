/// Card numbers whose mask was read out of shape, and the reading of one looked at again
/// that gives the shape back.
///
/// The line model reads runs of asterisks worst (`4468-42**-****_-90164`); read alone, with
/// a margin, the number often comes back in its shape (`4468-42**-****_0164`). That
/// reading is taken only when its digits are the first reading's, one changed, left out or
/// added at most: the mask's shape is what it mends, not the digits.
extension MaskedCardNumber {
    /// A reading looked at again may differ from the first in at most this many digits.
    public static let largestRereadDistance = 1

    /// Whether `word` holds a mask read out of a card number's shape: a masking character,
    /// four digits or more, and no masked card number found (`4468-42**-****_-90164`).
    public static func isOutOfShape(_ word: String) -> Bool {
        word.contains(where: maskCharacters.contains) && word.filter(\.isASCIIDigit).count >= 4
            && find(in: dashed(word, underscores: false)) == nil
    }

    /// The masked card number `reread` holds, in its shape, when its digits are within
    /// `largestRereadDistance` of those of the first reading `original`; `nil` otherwise.
    public static func reshaped(_ reread: String, insteadOf original: String) -> String? {
        guard let found = find(in: dashed(reread))?.number else { return nil }
        let distance = EditDistance.between(Array(found.filter(\.isASCIIDigit)), Array(original.filter(\.isASCIIDigit)))
        return distance <= largestRereadDistance ? found : nil
    }

    /// `text` with what engines read for a dash written as one: en and em dashes (as the
    /// extractor's lines have them), and with `underscores` an underscore (read alone, a dash
    /// at the mask's end comes back as one: `****_0164`; the line's own reading keeps it, so
    /// a word holding one is still out of shape for the extractor and is read again).
    private static func dashed(_ text: String, underscores: Bool = true) -> String {
        String(text.map { ReceiptLine.dashReadings.contains($0) || (underscores && $0 == "_") ? "-" : $0 })
    }
}
