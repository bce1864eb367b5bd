/// One value read from a receipt, with where it came from and how sure the extractor is.
public struct ReceiptField<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// The value.
    public var value: Value
    /// How sure the extractor is, 0...1. Only values confirmed by a check (a valid check
    /// digit, amounts that add up, a value printed twice) reach
    /// `Receipt.highConfidence`; a value read once and confirmed by nothing stays below it.
    public var confidence: Float
    /// The indexes, in `OCRResult.lines`, of the lines the value was read from.
    public var lineIndices: [Int]
    /// Where the value is printed, in normalized upright-image coordinates.
    public var boundingBox: NormalizedRect
    /// The text the value was read from.
    public var sourceText: String

    /// Creates a field.
    public init(value: Value, confidence: Float, lineIndices: [Int], boundingBox: NormalizedRect, sourceText: String) {
        self.value = value
        self.confidence = confidence
        self.lineIndices = lineIndices
        self.boundingBox = boundingBox
        self.sourceText = sourceText
    }

    /// Whether `confidence` is at least `Receipt.highConfidence`.
    public var isHighConfidence: Bool { confidence >= Receipt.highConfidence }

    /// The same field with another value.
    public func with<Other>(value other: Other) -> ReceiptField<Other> {
        ReceiptField<Other>(
            value: other, confidence: confidence, lineIndices: lineIndices, boundingBox: boundingBox, sourceText: sourceText)
    }

    /// The same field with `text` as its source text.
    func withSource(_ text: String) -> ReceiptField {
        var field = self
        field.sourceText = text
        return field
    }

    /// The field after a cross-check: `confirmed` when it held, marked down when it
    /// failed, unchanged (but never above the unconfirmed cap) when there was nothing
    /// to check against.
    func checked(_ passed: Bool?) -> ReceiptField {
        var field = self
        switch passed {
        case true?: field.confidence = ReceiptExtractor.confirmed
        case false?: field.confidence = min(confidence, ReceiptExtractor.unconfirmedCap) * 0.6
        case nil: field.confidence = min(confidence, ReceiptExtractor.unconfirmedCap)
        }
        return field
    }
}
