/// One line of recognised text, like Apple Vision's `VNRecognizedTextObservation`.
public struct RecognizedLine: Sendable, Hashable, Codable {
    /// The line's text, trimmed of surrounding whitespace.
    public var text: String
    /// Where the line is, in normalized upright-image coordinates (origin bottom-left, y up).
    public var boundingBox: NormalizedRect
    /// How sure the engine is of the whole line, from 0 to 1.
    public var confidence: Float
    /// The line's words, left to right.
    public var words: [RecognizedWord]

    /// Creates a line.
    public init(text: String, boundingBox: NormalizedRect, confidence: Float, words: [RecognizedWord] = []) {
        self.text = text
        self.boundingBox = boundingBox
        self.confidence = confidence
        self.words = words
    }
}
