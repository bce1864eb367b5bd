/// One word of a recognised line.
public struct RecognizedWord: Sendable, Hashable, Codable {
    /// The word's text, trimmed of surrounding whitespace.
    public var text: String
    /// Where the word is, in normalized upright-image coordinates.
    public var boundingBox: NormalizedRect
    /// How sure the engine is, from 0 (guess) to 1 (certain).
    public var confidence: Float

    /// Creates a word.
    public init(text: String, boundingBox: NormalizedRect, confidence: Float) {
        self.text = text
        self.boundingBox = boundingBox
        self.confidence = confidence
    }
}
