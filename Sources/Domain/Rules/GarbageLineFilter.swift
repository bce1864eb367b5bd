/// Removes lines that cannot be text: no letter or digit at all (rules `-----`, specks read
/// as `.,'`), or symbols that outnumber the letters and digits more than two to one
/// (`|~;i`, `ㅣ ;: ~`).
///
/// Runs of one repeated symbol (`***`, `===`) are decoration and are not counted, so
/// `*** 감사합니다 ***` stays. Isolated Hangul jamo count as symbols: the engine reads them
/// from strokes and specks, and text spells syllables.
public struct GarbageLineFilter: RecognitionRule, Hashable, Codable {
    /// Creates the rule.
    public init() {}

    public var name: String { "garbage-lines" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.keepingLines { !Self.isGarbage($0.text) }
    }

    /// Whether `text` is garbage by the rule above.
    public static func isGarbage(_ text: String) -> Bool {
        var lettersAndDigits = 0
        var symbols = 0
        var previous: Unicode.Scalar?
        var repeats = 0
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
            if isLetterOrDigit(scalar) {
                lettersAndDigits += 1
                previous = nil
                continue
            }
            repeats = scalar == previous ? repeats + 1 : 1
            previous = scalar
            // The third of a run of one symbol makes the run decoration: uncount it.
            if repeats == 3 { symbols -= 2 } else if repeats < 3 { symbols += 1 }
        }
        if lettersAndDigits == 0 { return true }
        return symbols >= 3 && symbols > 2 * lettersAndDigits
    }

    /// Letters and digits; Hangul compatibility jamo, read from specks and strokes, do not count.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if (0x3131...0x318E).contains(scalar.value) { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
