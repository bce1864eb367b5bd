/// Reads a page's lines as a document (`DocumentObservation`), in stages: tables drawn
/// with rules, tables of aligned text, lists, then paragraphs of the lines left; the data
/// in every line's text; the barcodes as found.
public struct DocumentAnalysis: Sendable {
    /// The size in pixels of the upright image the boxes refer to (gaps and alignments are
    /// measured in its pixels).
    public var imageSize: ImageSize
    /// The rules drawn on the page — table borders, separators — in normalized upright-image
    /// coordinates (`OCRResult.rulingLines`).
    public var rulingLines: [NormalizedRect]

    /// An analysis of a page of `imageSize` with `rulingLines` drawn on it.
    public init(imageSize: ImageSize, rulingLines: [NormalizedRect] = []) {
        self.imageSize = imageSize
        self.rulingLines = rulingLines
    }

    /// The document `lines` make up.
    /// - Parameters:
    ///   - lines: The lines kept, in reading order, with their indices in `OCRResult.lines`.
    ///   - barcodes: The barcodes found on the page.
    public func document(of lines: [(index: Int, line: RecognizedLine)], barcodes: [DetectedBarcode] = []) -> DocumentObservation {
        let page = lines.filter { !$0.line.text.isEmpty }.map { PageLine(index: $0.index, line: $0.line, in: imageSize) }
        let heights = page.map(\.box.height).sorted()
        let bodyHeight = heights.isEmpty ? 1 : heights[heights.count / 2]
        var remaining = page
        var tables = RuledTableFinder(textHeight: bodyHeight).tables(rules: rulingLines.map { PageBox($0, in: imageSize) }, lines: remaining)
        remaining = Self.removing(tables.flatMap(\.lineIndices), from: remaining)
        let aligned = AlignedTableFinder().tables(lines: remaining)
        tables += aligned
        remaining = Self.removing(aligned.flatMap(\.lineIndices), from: remaining)
        let lists = ListFinder().lists(lines: remaining, in: imageSize)
        remaining = Self.removing(lists.flatMap { $0.items.flatMap(\.lineIndices) }, from: remaining)
        return DocumentObservation(
            paragraphs: ParagraphFinder().paragraphs(lines: remaining, bodyHeight: bodyHeight, in: imageSize), lists: lists,
            tables: tables.map { $0.table(in: imageSize) }.sorted { ($0.lineIndices.first ?? 0) < ($1.lineIndices.first ?? 0) },
            barcodes: barcodes, detectedData: DataDetector().detectedData(in: lines))
    }

    private static func removing(_ indices: [Int], from lines: [PageLine]) -> [PageLine] {
        let taken = Set(indices)
        return lines.filter { !taken.contains($0.index) }
    }
}
