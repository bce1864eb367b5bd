/// One step that turns what the engine read into what the caller wants: filter lines,
/// normalise text, merge words, or repair readings.
///
/// A rule is a small `Sendable` value with no engine behind it, so it is tested on
/// recorded results without Tesseract. Rules run in order in a `RecognitionPipeline`.
///
/// ```swift
/// struct DropPageNumbers: RecognitionRule {
///     let name = "drop-page-numbers"
///     func apply(to result: OCRResult) -> OCRResult {
///         result.keepingLines { line in !line.text.allSatisfy(\.isNumber) }
///     }
/// }
/// ```
public protocol RecognitionRule: Sendable {
    /// A short, stable, kebab-case name (`confidence`, `text-cleanup`), used in
    /// documentation, diagnostics and rule fixture files.
    var name: String { get }

    /// The result after this rule. `result.imageSize` is there for rules that need pixels.
    func apply(to result: OCRResult) -> OCRResult
}

extension OCRResult {
    /// The same result with only the lines for which `isIncluded` is true, in order.
    public func keepingLines(where isIncluded: (RecognizedLine) -> Bool) -> OCRResult {
        var result = self
        result.lines = lines.filter(isIncluded)
        return result
    }

    /// The same result with every line transformed; lines transformed to `nil` are removed.
    public func mappingLines(_ transform: (RecognizedLine) -> RecognizedLine?) -> OCRResult {
        var result = self
        result.lines = lines.compactMap(transform)
        return result
    }
}
