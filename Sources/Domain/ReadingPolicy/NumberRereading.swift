/// Numbers read unsurely, and the digits two readings of one looked at again agree on.
///
/// Read inside its line, a number on faded or photographed print can lose a digit to the
/// print around it (`21896303` read `21996303`, `11:49` read `14:49`); read on its own,
/// with a margin, it often comes back right. Nothing printed confirms a date or an
/// approval number as a check digit does, so the reading alone is taken only when two
/// models read the same digits there, one of them more surely than the first reading — as
/// many digits as the first reading had, in its places (its separators and masks are kept).
package enum NumberRereading {
    /// Words read at least this confidently are not looked at again. (Measured: at 0.9
    /// instead, twice the numbers of the 23 real images are read again, 48 instead of 25,
    /// for the same text everywhere and 0.2 s more.)
    package static let sureConfidence: Float = 0.85
    /// A number worth a second look has at least this many digits (a date, a time, an
    /// amount, a card or approval number; not a quantity).
    package static let fewestDigits = 4
    /// Nor more than this many: the numbers it can confirm (a date and time, a card, an
    /// approval or a registration number, an amount) are shorter, and reading a longer run
    /// again costs each engine memory in proportion to its width, for nothing.
    package static let mostDigits = 24

    /// Whether `word`, read with `confidence`, is a number worth reading again alone:
    /// unsure, with `fewestDigits` digits or more, and nothing but digits and the marks
    /// of dates, times, amounts, codes and masks (`2020-03-27`, `14:49:55`, `3,080`,
    /// `1337-01**-****-8607`), or a masked card number in its shape, whatever its masks were
    /// read as (`3332-96°*-****.909°`). (Amounts with their commas: the same text on the real images,
    /// three digits mended on generated receipts and captures, none made wrong.)
    package static func isDoubtful(_ word: String, confidence: Float) -> Bool {
        confidence < sureConfidence && (fewestDigits...mostDigits).contains(word.count(where: \.isASCIIDigit))
            && (word.allSatisfy { $0.isASCIIDigit || "-:/.*,".contains($0) } || MaskedCardNumber.find(in: word) != nil)
    }

    /// A number's reading alone from its `words` (in order, with their confidences), without
    /// the specks its margin picked up: one-character words at either end, while a word with
    /// a digit remains (`1 21241294`, `. 21241294`: the edge of a label's last syllable, a
    /// speck of the paper); its text and its least confident word's confidence, so that a
    /// speck does not make a sure reading look unsure. `nil` for no words.
    package static func withoutSpecks(_ words: [(text: String, confidence: Float)]) -> (text: String, confidence: Float)? {
        var kept = words[...]
        let isSpeck: ((text: String, confidence: Float)) -> Bool = { $0.text.count == 1 }
        let holdsDigit: (ArraySlice<(text: String, confidence: Float)>) -> Bool = { $0.contains { $0.text.contains(where: \.isASCIIDigit) } }
        while kept.count > 1, let first = kept.first, isSpeck(first), holdsDigit(kept.dropFirst()) { kept = kept.dropFirst() }
        while kept.count > 1, let last = kept.last, isSpeck(last), holdsDigit(kept.dropLast()) { kept = kept.dropLast() }
        guard let weakest = kept.map(\.confidence).min() else { return nil }
        return (kept.map(\.text).joined(separator: " "), weakest)
    }

    /// `original` (read with `confidence`) with the digits every one of `readings` reads
    /// (in order) in place of its own, when there are two readings or more, they read the
    /// same digits, as many as `original` has and not all the same as its own, and one of
    /// them is read more surely than `original` was; `nil` otherwise. (Measured over the 245
    /// numbers looked at on every set: agreement alone mended 5 and made 1 wrong — `1544`
    /// read `1844` by both models, each less sure than the line; with one of them surer, 4
    /// mended and none made wrong.)
    package static func agreedDigits(_ readings: [(text: String, confidence: Float)], insteadOf original: String, confidence: Float)
        -> String?
    {
        let digitSequences = readings.map { $0.text.filter(\.isASCIIDigit) }
        guard readings.count >= 2, let agreed = digitSequences.first, digitSequences.allSatisfy({ $0 == agreed }),
            readings.contains(where: { $0.confidence > confidence })
        else { return nil }
        let own = original.filter(\.isASCIIDigit)
        guard agreed.count == own.count, agreed != own else { return nil }
        return replacingDigits(of: original, with: agreed)
    }

    /// `original` with its digits, in order, replaced by `digits` (as many), its marks kept.
    static func replacingDigits(of original: String, with digits: String) -> String {
        var next = digits.makeIterator()
        return String(original.map { $0.isASCIIDigit ? next.next() ?? $0 : $0 })
    }
}
