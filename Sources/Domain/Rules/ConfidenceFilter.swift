/// The first recognition rule: keep only lines the engine is sure enough of.
///
/// A line is kept when its confidence is **at least** `minimumConfidence`, so a line
/// exactly at the threshold stays. A line below it that holds words the engine is sure of
/// (at least `sureWord` and the threshold, `sureWordLength` characters or more: `A-0310`
/// at 0.87 beside a card number read at 0) keeps those words alone. The result records the threshold, so
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
        keptLines(of: lines).map(\.line)
    }

    /// The lines that pass the filter, each with its index in `lines`.
    public func keptLines(of lines: [RecognizedLine]) -> [(index: Int, line: RecognizedLine)] {
        lines.enumerated().compactMap { index, line in
            if line.confidence >= minimumConfidence { return (index, line) }
            let sure = line.words.filter { $0.confidence >= max(Self.sureWord, minimumConfidence) && $0.text.count >= Self.sureWordLength }
            guard !sure.isEmpty else { return nil }
            return (index, line.replacingWords(with: sure))
        }
    }

    /// Words at least this confident are kept from a line below the threshold.
    public static let sureWord: Float = 0.85
    /// ... when they have at least this many characters (a sure `a` or `1` may be a speck).
    public static let sureWordLength = 3

    public var name: String { "confidence" }

    public func apply(to result: OCRResult) -> OCRResult {
        var filtered = result
        filtered.lines = apply(to: result.lines)
        filtered.minimumConfidence = minimumConfidence
        return filtered
    }
}
