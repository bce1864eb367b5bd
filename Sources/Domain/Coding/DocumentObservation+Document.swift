// The JSON form of the document view (`OCRResult`'s `document`), in
// Docs/ocr-result.schema.json: a cell's place as `row`, `column`, `rowSpan` and
// `columnSpan`; a match's place in its line as `line`, `start` and `end` (characters).

extension DocumentTable.Cell: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, boundingBox, row, column, rowSpan, columnSpan
    }

    /// Decodes a cell.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let row = try container.decode(Int.self, forKey: .row)
        let column = try container.decode(Int.self, forKey: .column)
        let rowSpan = try container.decodeIfPresent(Int.self, forKey: .rowSpan) ?? 1
        let columnSpan = try container.decodeIfPresent(Int.self, forKey: .columnSpan) ?? 1
        guard row >= 0, column >= 0, rowSpan >= 1, columnSpan >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .row, in: container, debugDescription: "a cell's place is out of range")
        }
        self.init(
            text: try container.decode(String.self, forKey: .text), boundingBox: try container.decode(NormalizedRect.self, forKey: .boundingBox),
            rowRange: row...(row + rowSpan - 1), columnRange: column...(column + columnSpan - 1))
    }

    /// Writes the cell with its first row and column and its spans.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(boundingBox, forKey: .boundingBox)
        try container.encode(rowRange.lowerBound, forKey: .row)
        try container.encode(columnRange.lowerBound, forKey: .column)
        try container.encode(rowRange.count, forKey: .rowSpan)
        try container.encode(columnRange.count, forKey: .columnSpan)
    }
}

extension DetectedData {
    private enum CodingKeys: String, CodingKey {
        case kind, text, value, currency, line, start, end, boundingBox
    }

    /// Decodes a match.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let start = try container.decode(Int.self, forKey: .start)
        let end = try container.decode(Int.self, forKey: .end)
        guard start >= 0, end >= start else {
            throw DecodingError.dataCorruptedError(forKey: .end, in: container, debugDescription: "a match ends before it starts")
        }
        self.init(
            kind: try container.decode(DataKind.self, forKey: .kind), text: try container.decode(String.self, forKey: .text),
            value: try container.decode(String.self, forKey: .value), currency: try container.decodeIfPresent(String.self, forKey: .currency),
            lineIndex: try container.decode(Int.self, forKey: .line), characterRange: start..<end,
            boundingBox: try container.decode(NormalizedRect.self, forKey: .boundingBox))
    }

    /// Writes the match with its line's index and its character offsets in that line.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encode(lineIndex, forKey: .line)
        try container.encode(characterRange.lowerBound, forKey: .start)
        try container.encode(characterRange.upperBound, forKey: .end)
        try container.encode(boundingBox, forKey: .boundingBox)
    }
}
