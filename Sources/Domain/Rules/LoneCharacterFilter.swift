/// Drops a line of one character (or up to `longest`) read less surely than `minimumConfidence`: alone, an
/// unsure character is more often a speck, a plate's bolt, print showing through from the
/// back of a page or the edge of a brick than text, while a character printed on its own and read surely — a piece
/// of a letter-spaced heading, a page number — stays.
public struct LoneCharacterFilter: RecognitionRule, Hashable, Codable {
    /// A line this short is kept from this confidence (0...1) up.
    public var minimumConfidence: Float
    /// Lines of at most this many characters are held to `minimumConfidence` (1: a lone
    /// character; `NoisyPageFilter` holds lines of up to three to it on a page of noise).
    public var longest: Int

    /// Creates the rule; the threshold is clamped into 0...1.
    public init(minimumConfidence: Float = 0.8, longest: Int = 1) {
        self.minimumConfidence = minimumConfidence.isNaN ? 0 : min(max(minimumConfidence, 0), 1)
        self.longest = longest
    }

    public var name: String { "lone-characters" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.keepingLines { !(1...max(1, longest)).contains($0.text.visibleCharacterCount) || $0.confidence >= minimumConfidence }
    }
}
