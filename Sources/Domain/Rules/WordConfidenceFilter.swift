/// Keeps only the words of each line the engine is sure enough of.
///
/// A line can pass `ConfidenceFilter` on the strength of a few sure words while others
/// beside them are guesses: a smudge read as `ee`, a logo as `aa`. On the real development
/// images, the characters of words under 0.5 inside lines kept at 0.5 were mostly not on
/// the page (377 of 458, Docs/Benchmarks.md). Words at or above `minimumConfidence` stay;
/// a line whose words all go is dropped. Lines without word boxes are left as they are.
public struct WordConfidenceFilter: RecognitionRule, Hashable, Codable {
    /// Words below this confidence (0...1) are dropped.
    public var minimumConfidence: Float

    /// The default threshold, 0.4: a word in a line the engine is sure of may be a little
    /// less sure itself (a URL, a long number) but not a guess.
    public static let defaultMinimumConfidence: Float = 0.4

    /// Whether numbers with structure stay below the threshold (`isStructuredNumber`).
    public var keepsStructuredNumbers: Bool

    /// Creates the rule; the threshold is clamped into 0...1.
    public init(minimumConfidence: Float = WordConfidenceFilter.defaultMinimumConfidence, keepsStructuredNumbers: Bool = true) {
        self.minimumConfidence = minimumConfidence.isNaN ? 0 : min(max(minimumConfidence, 0), 1)
        self.keepsStructuredNumbers = keepsStructuredNumbers
    }

    public var name: String { "word-confidence" }

    /// Words under the threshold kept anyway when they are numbers with structure: at least
    /// `numberDigits` digits, digits and separators (`-`, `/`, `.`, `,`, `:`, `*`) making up
    /// most of the word, and confidence at least `numberFloor`. Card, phone and approval
    /// numbers read at 0.2–0.4 are on the page; noise reads as letters and short marks.
    static func isStructuredNumber(_ word: RecognizedWord) -> Bool {
        guard word.confidence >= numberFloor else { return false }
        let digits = word.text.filter(\.isASCIIDigit).count
        let structured = word.text.filter { $0.isASCIIDigit || "-/.,:*()".contains($0) }.count
        return digits >= numberDigits && Double(structured) >= 0.7 * Double(word.text.count)
    }

    static let numberDigits = 4
    static let numberFloor: Float = 0.15

    public func apply(to result: OCRResult) -> OCRResult {
        result.mappingLines { line in
            line.keepingWords { $0.confidence >= minimumConfidence || (keepsStructuredNumbers && Self.isStructuredNumber($0)) }
        }
    }
}
