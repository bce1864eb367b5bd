/// A page read as a document — its text grouped into paragraphs, lists and tables, with
/// the barcodes on it and the data its text holds — like Apple Vision's
/// `DocumentObservation` from `RecognizeDocumentsRequest`.
///
/// ```swift
/// let document = try await repository.recognizeText(in: imageData).document
/// for table in document.tables {
///     for row in table.rows { print(row.map(\.text).joined(separator: " | ")) }
/// }
/// let phones = document.detectedData.filter { $0.kind == .phoneNumber }.map(\.value)
/// ```
public struct DocumentObservation: Sendable, Hashable, Codable {
    /// Runs of lines that read as one block of text, headings among them, in reading order.
    public var paragraphs: [DocumentParagraph]
    /// Bulleted and numbered lists.
    public var lists: [DocumentList]
    /// Tables: ruled grids, and columns of text aligned row after row.
    public var tables: [DocumentTable]
    /// The barcodes and QR codes on the page.
    public var barcodes: [DetectedBarcode]
    /// Phone numbers, e-mail addresses, links, dates, times, amounts, registration numbers and
    /// postal codes in the page's text.
    public var detectedData: [DetectedData]

    /// Creates a document.
    public init(
        paragraphs: [DocumentParagraph] = [], lists: [DocumentList] = [], tables: [DocumentTable] = [],
        barcodes: [DetectedBarcode] = [], detectedData: [DetectedData] = []
    ) {
        self.paragraphs = paragraphs
        self.lists = lists
        self.tables = tables
        self.barcodes = barcodes
        self.detectedData = detectedData
    }

    /// The page's title: its first paragraph, when the layout makes it one (larger text at
    /// the top).
    public var title: DocumentParagraph? {
        paragraphs.first { $0.role == .title }
    }

    /// The paragraphs, lists and tables in reading order (by the first line each holds).
    public var blocks: [DocumentBlock] {
        let all: [DocumentBlock] = paragraphs.map(DocumentBlock.paragraph) + lists.map(DocumentBlock.list) + tables.map(DocumentBlock.table)
        return all.sorted { $0.firstLineIndex < $1.firstLineIndex }
    }
}

/// One block of a document, for walking it in reading order (`DocumentObservation.blocks`).
public enum DocumentBlock: Sendable, Hashable {
    case paragraph(DocumentParagraph)
    case list(DocumentList)
    case table(DocumentTable)

    /// The index in `OCRResult.lines` of the block's first line.
    public var firstLineIndex: Int {
        switch self {
        case .paragraph(let paragraph): paragraph.lineIndices.min() ?? 0
        case .list(let list): list.items.flatMap(\.lineIndices).min() ?? 0
        case .table(let table): table.lineIndices.min() ?? 0
        }
    }
}
