/// The first recognition rule: keep only lines the engine is sure enough of.
///
/// A line is kept when its confidence is **at least** `minimumConfidence`, so a line
/// exactly at the threshold stays. The result records the threshold, so
/// `OCRResult.filteredLines` agrees with the rule.
public struct ConfidenceFilter: RecognitionRule, Hashable, Codable {
    /// The default threshold, 0.5, as apps built on Apple Vision commonly use.
    public static let defaultMinimumConfidence: Float = 0.5

    /// Lines below this confidence (0...1) are dropped.
    public var minimumConfidence: Float

    /// Creates a filter; the threshold is clamped into 0...1.
    public init(minimumConfidence: Float = ConfidenceFilter.defaultMinimumConfidence) {
        self.minimumConfidence = minimumConfidence.isNaN ? 0 : min(max(minimumConfidence, 0), 1)
    }

    /// The lines that pass the filter, in their original order.
    public func apply(to lines: [RecognizedLine]) -> [RecognizedLine] {
        lines.filter { $0.confidence >= minimumConfidence }
    }

    public var name: String { "confidence" }

    public func apply(to result: OCRResult) -> OCRResult {
        var filtered = result
        filtered.lines = apply(to: result.lines)
        filtered.minimumConfidence = minimumConfidence
        return filtered
    }
}
