import Foundation

/// Writes a searchable PDF (`SearchablePDF`) a page at a time, each page handed to the
/// sink as soon as it is added: a document of many large pages never sits in memory whole.
///
/// ```swift
/// var stream = try SearchablePDFStream(SearchablePDF()) { try handle.write(contentsOf: $0) }
/// for page in pages { try stream.append(page) }
/// try stream.finish()
/// ```
/// A sink that throws (a full disk) stops the stream: the error comes out of the call that
/// wrote, and what was written is not a PDF until `finish()` succeeds.
public struct SearchablePDFStream {
    private let document: SearchablePDF
    private var writer: PDFObjectWriter
    private var pageIDs: [Int] = []
    /// The first page's objects come after the catalog (1), the page tree (2) and the font (3–7).
    private var nextID = 8

    /// Starts the document (its header and font) on `sink`.
    public init(_ document: SearchablePDF, sink: @escaping (Data) throws -> Void) throws {
        self.document = document
        writer = try PDFObjectWriter(sink: sink)
        try document.writeFont(to: &writer)
    }

    /// The pages added so far.
    public var pageCount: Int { pageIDs.count }

    /// Adds the next page.
    public mutating func append(_ page: SearchablePDF.Page) throws {
        try document.write(page, id: nextID, to: &writer)
        pageIDs.append(nextID)
        nextID += 3
    }

    /// Ends the document: its catalog, page tree and cross-reference table.
    public mutating func finish() throws {
        try writer.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        try writer.add(2, "<< /Type /Pages /Kids [\(pageIDs.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageIDs.count) >>")
        try writer.finish(rootID: 1)
    }
}
