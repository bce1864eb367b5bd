/// Drops lines whose text is shorter than a fraction of the image height, like Apple
/// Vision's `minimumTextHeight`: small print, specks read as letters, distant signs.
public struct MinimumTextHeightFilter: RecognitionRule, Hashable, Codable {
    /// The smallest line height kept, as a fraction of the upright image height (0...1).
    public var minimumTextHeight: Double

    /// Creates a filter; the fraction is clamped into 0...1.
    public init(minimumTextHeight: Double) {
        self.minimumTextHeight = minimumTextHeight.isFinite ? min(max(minimumTextHeight, 0), 1) : 0
    }

    public var name: String { "min-text-height" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.keepingLines { $0.boundingBox.height >= minimumTextHeight }
    }
}
