// The JSON form of a result is one document for the library and the `ocr` tool alike
// (`ocr scan --format json` adds `file` and `receipt`), described in
// Docs/ocr-result.schema.json. Numbers are rounded as `DocumentNumber` says; everything
// else survives a round trip.

extension OCRResult {
    private enum CodingKeys: String, CodingKey {
        case width, height, rotation, languages, minimumConfidence, text, lines, rulingLines, document
    }

    private enum DocumentKeys: String, CodingKey {
        case barcodes
    }

    /// Decodes the document `encode(to:)` writes (`text` is derived, so it is not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lines: try container.decode([RecognizedLine].self, forKey: .lines),
            minimumConfidence: try container.decode(Float.self, forKey: .minimumConfidence),
            imageSize: ImageSize(width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height)),
            rotation: try container.decode(RotationDegree.self, forKey: .rotation))
        languages = try container.decodeIfPresent([String].self, forKey: .languages)
        rulingLines = try container.decodeIfPresent([NormalizedRect].self, forKey: .rulingLines) ?? []
        if container.contains(.document) {
            let document = try container.nestedContainer(keyedBy: DocumentKeys.self, forKey: .document)
            barcodes = try document.decodeIfPresent([DetectedBarcode].self, forKey: .barcodes) ?? []
        }
    }

    /// Writes the size flat (`width`, `height`), the rotation in degrees, the languages when
    /// known, the threshold, `text` (the text of `filteredLines`, as `text` gives it), every
    /// line, the ruling lines when there are any, and the `document` view (derived, like
    /// `text`: only its barcodes are read back).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imageSize.width, forKey: .width)
        try container.encode(imageSize.height, forKey: .height)
        try container.encode(rotation, forKey: .rotation)
        try container.encodeIfPresent(languages, forKey: .languages)
        try container.encode(DocumentNumber.confidence(minimumConfidence), forKey: .minimumConfidence)
        try container.encode(text, forKey: .text)
        try container.encode(lines, forKey: .lines)
        if !rulingLines.isEmpty { try container.encode(rulingLines, forKey: .rulingLines) }
        try container.encode(document, forKey: .document)
    }
}

extension RecognizedLine {
    private enum CodingKeys: String, CodingKey {
        case text, confidence, boundingBox, words, candidates
    }

    /// Decodes a line; its `candidates` after the first are its `alternatives`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            boundingBox: try container.decode(NormalizedRect.self, forKey: .boundingBox),
            confidence: try container.decode(Float.self, forKey: .confidence),
            words: try container.decodeIfPresent([RecognizedWord].self, forKey: .words) ?? [])
        alternatives = try container.decodeIfPresent([RecognizedText].self, forKey: .candidates).map { Array($0.dropFirst()) }
    }

    /// Writes the line with its words, and `candidates` (its own reading first, as
    /// `topCandidates(_:)`) when alternatives were asked for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(DocumentNumber.confidence(confidence), forKey: .confidence)
        try container.encode(boundingBox, forKey: .boundingBox)
        try container.encode(words, forKey: .words)
        if alternatives != nil { try container.encode(topCandidates(Int.max), forKey: .candidates) }
    }
}

extension RecognizedWord {
    private enum CodingKeys: String, CodingKey {
        case text, confidence, boundingBox
    }

    /// Decodes a word.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            boundingBox: try container.decode(NormalizedRect.self, forKey: .boundingBox),
            confidence: try container.decode(Float.self, forKey: .confidence))
    }

    /// Writes the word, its confidence rounded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(DocumentNumber.confidence(confidence), forKey: .confidence)
        try container.encode(boundingBox, forKey: .boundingBox)
    }
}

extension RecognizedText {
    private enum CodingKeys: String, CodingKey {
        case string = "text"
        case confidence
    }

    /// Decodes a candidate reading (`{"text", "confidence"}`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(string: try container.decode(String.self, forKey: .string), confidence: try container.decode(Float.self, forKey: .confidence))
    }

    /// Writes the reading as `{"text", "confidence"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(string, forKey: .string)
        try container.encode(DocumentNumber.confidence(confidence), forKey: .confidence)
    }
}

extension NormalizedRect {
    private enum CodingKeys: String, CodingKey {
        case x, y, width, height
    }

    /// Decodes a box (`{"x", "y", "width", "height"}`, Vision's bottom-left origin).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
            width: try container.decode(Double.self, forKey: .width), height: try container.decode(Double.self, forKey: .height))
    }

    /// Writes the box with four decimals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(DocumentNumber.coordinate(x), forKey: .x)
        try container.encode(DocumentNumber.coordinate(y), forKey: .y)
        try container.encode(DocumentNumber.coordinate(width), forKey: .width)
        try container.encode(DocumentNumber.coordinate(height), forKey: .height)
    }
}
