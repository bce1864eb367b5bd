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
    /// Other readings of the line, most likely first, when they were asked for
    /// (`RecognitionOptions.candidateCount`); `nil` when not.
    public var alternatives: [RecognizedText]?

    /// Creates a line.
    public init(text: String, boundingBox: NormalizedRect, confidence: Float, words: [RecognizedWord] = []) {
        self.text = text
        self.boundingBox = boundingBox
        self.confidence = confidence
        self.words = words
    }

    /// The line's words, or the whole line as one word when the engine gave no words (for
    /// formats that list words: hOCR, ALTO, the PDF text layer).
    public var wordsOrWhole: [RecognizedWord] {
        words.isEmpty ? [RecognizedWord(text: text, boundingBox: boundingBox, confidence: confidence)] : words
    }

    /// Up to `maxCount` readings of the line, best first: its text, then its alternatives
    /// (as Apple Vision's `topCandidates(_:)`; alternatives exist when
    /// `RecognitionOptions.candidateCount` asked for them).
    public func topCandidates(_ maxCount: Int) -> [RecognizedText] {
        guard maxCount > 0 else { return [] }
        return Array(([RecognizedText(string: text, confidence: confidence)] + (alternatives ?? [])).prefix(maxCount))
    }
}
