/// Drops a line that is one character read less surely than `minimumConfidence`: alone, an
/// unsure character is more often a speck, a plate's bolt, print showing through from the
/// back of a page or the edge of a brick than text (measured on the 23 real images: all
/// five such lines were), while a character printed on its own and read surely — a piece
/// of a letter-spaced heading, a page number — stays.
public struct LoneCharacterFilter: RecognitionRule, Hashable, Codable {
    /// A line of one character is kept from this confidence (0...1) up.
    public var minimumConfidence: Float

    /// Creates the rule; the threshold is clamped into 0...1.
    public init(minimumConfidence: Float = 0.8) {
        self.minimumConfidence = minimumConfidence.isNaN ? 0 : min(max(minimumConfidence, 0), 1)
    }

    public var name: String { "lone-characters" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.keepingLines { $0.text.visibleCharacterCount != 1 || $0.confidence >= minimumConfidence }
    }
}
