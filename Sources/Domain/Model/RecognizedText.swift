/// One reading of a line, like Apple Vision's `VNRecognizedText`: the text and how sure
/// the engine is of it.
public struct RecognizedText: Sendable, Hashable, Codable {
    /// The text of this reading.
    public var string: String
    /// How sure the engine is of this reading, from 0 to 1.
    public var confidence: Float

    /// Creates a reading.
    public init(string: String, confidence: Float) {
        self.string = string
        self.confidence = confidence
    }
}
