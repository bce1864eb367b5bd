import Foundation

/// Writes a searchable PDF: each page is an image with the recognised text laid over it,
/// invisible (text render mode 3), word by word where the result says the words are — so a
/// viewer shows the picture, and selecting, searching or `pdftotext` give the text.
///
/// ```swift
/// let page = SearchablePDF.Page(result: result, image: SearchablePDF.PageImage(jpeg: jpeg, width: 1200, height: 1600, isColor: true))
/// try SearchablePDF().data(pages: [page]).write(to: url)
/// ```
///
/// The text uses a glyphless font (Tesseract's `pdf.ttf`, embedded when given) with a
/// `ToUnicode` map, so any script's text extracts as Unicode. The image comes from the
/// caller (`Data`'s `SearchablePDFPage` makes it from the image that was read).
public struct SearchablePDF: Sendable {
    /// A page's picture: JPEG data of the upright image the result's boxes refer to.
    public struct PageImage: Sendable {
        public var jpeg: Data
        public var width: Int
        public var height: Int
        /// RGB rather than gray.
        public var isColor: Bool
        /// Pixels per inch the page is laid out at, when the image says (a scanned PDF page
        /// keeps its size); `nil` uses the document's `resolution`.
        public var resolution: Double?

        public init(jpeg: Data, width: Int, height: Int, isColor: Bool, resolution: Double? = nil) {
            self.jpeg = jpeg
            self.width = width
            self.height = height
            self.isColor = isColor
            self.resolution = resolution
        }
    }

    /// One page: what was read, and the picture it was read from.
    public struct Page: Sendable {
        public var result: OCRResult
        public var image: PageImage

        public init(result: OCRResult, image: PageImage) {
            self.result = result
            self.image = image
        }
    }

    /// Pixels per inch the pages are laid out at (the page size in points is the image's
    /// size at this resolution; the aspect is the image's whatever it is), unless a page's
    /// image gives its own (`PageImage.resolution`).
    public var resolution: Double
    /// A glyphless TrueType font to embed (Tesseract's `pdf.ttf`); `nil` leaves the font
    /// unembedded (the text is invisible either way, and extracts the same).
    public var glyphlessFont: Data?

    public init(resolution: Double = 300, glyphlessFont: Data? = nil) {
        self.resolution = resolution
        self.glyphlessFont = glyphlessFont
    }

    /// The glyphless font's advance for every character, in thousandths of the font size.
    static let advance = 500.0

    /// The PDF of `pages`, in order.
    public func data(pages: [Page]) -> Data {
        var file = Data()
        // Writing to memory cannot fail.
        var stream = try! SearchablePDFStream(self) { file.append($0) }
        for page in pages { try! stream.append(page) }
        try! stream.finish()
        return file
    }

    /// The objects every document starts with: the glyphless font (objects 3–7).
    func writeFont(to writer: inout PDFObjectWriter) throws {
        let fontFileID = glyphlessFont == nil ? nil : 7
        try writer.add(
            3, "<< /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 6 0 R >>")
        try writer.add(
            4,
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont /CIDToGIDMap /Identity "
                + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 5 0 R /DW \(Int(Self.advance)) >>")
        try writer.add(
            5,
            "<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 0 \(Int(Self.advance)) 1000] /ItalicAngle 0 "
                + "/Ascent 1000 /Descent 0 /CapHeight 1000 /StemV 80" + (fontFileID.map { " /FontFile2 \($0) 0 R" } ?? "") + " >>")
        try writer.addStream(6, dictionary: "", content: Data(Self.toUnicode.utf8))
        if let glyphlessFont, let fontFileID {
            try writer.addStream(fontFileID, dictionary: "/Length1 \(glyphlessFont.count)", content: glyphlessFont)
        }
    }

    /// Writes one page as objects `pageID` (the page), `pageID + 1` (its content) and
    /// `pageID + 2` (its picture).
    func write(_ page: Page, id pageID: Int, to writer: inout PDFObjectWriter) throws {
        let resolution = page.image.resolution ?? self.resolution
        let width = Double(page.image.width) * 72 / resolution
        let height = Double(page.image.height) * 72 / resolution
        try writer.add(
            pageID,
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(width)) \(Self.number(height))] "
                + "/Resources << /XObject << /Im0 \(pageID + 2) 0 R >> /Font << /F0 3 0 R >> >> /Contents \(pageID + 1) 0 R >>")
        try writer.addStream(pageID + 1, dictionary: "", content: Data(contents(of: page.result, width: width, height: height).utf8))
        try writer.addStream(
            pageID + 2,
            dictionary: "/Type /XObject /Subtype /Image /Width \(page.image.width) /Height \(page.image.height) "
                + "/ColorSpace /\(page.image.isColor ? "DeviceRGB" : "DeviceGray") /BitsPerComponent 8 /Filter /DCTDecode",
            content: page.image.jpeg)
    }

    /// The page's content stream: the image over the whole page, then every word as
    /// invisible text over its box, stretched to its width, and every barcode's payload
    /// over the barcode (so that a search finds the QR code's link too).
    func contents(of result: OCRResult, width: Double, height: Double) -> String {
        var stream = "q \(Self.number(width)) 0 0 \(Self.number(height)) 0 0 cm /Im0 Do Q\nBT 3 Tr\n"
        for line in result.lines {
            let size = max(1, line.boundingBox.height * height)
            for word in line.wordsOrWhole where !word.text.isEmpty {
                stream += Self.invisibleText(
                    word.text, x: word.boundingBox.x * width, y: line.boundingBox.y * height, width: word.boundingBox.width * width, size: size)
            }
        }
        for barcode in result.barcodes where !barcode.payload.isEmpty {
            let box = barcode.boundingBox
            let size = max(1, min(box.height * height, 12))
            stream += Self.invisibleText(barcode.payload, x: box.x * width, y: box.midY * height, width: box.width * width, size: size)
        }
        return stream + "ET\n"
    }

    /// `text` drawn invisibly at `size`, its baseline a fifth of the size above `y`, stretched
    /// or squeezed to `width`.
    private static func invisibleText(_ text: String, x: Double, y: Double, width: Double, size: Double) -> String {
        let units = Array(text.utf16)
        let natural = Double(units.count) * size * advance / 1000
        let scaling = min(1000, max(1, 100 * width / natural))
        let hex = units.map { String(format: "%04X", $0) }.joined()
        return "/F0 \(number(size)) Tf \(number(scaling)) Tz 1 0 0 1 \(number(x)) \(number(y + size * 0.2)) Tm <\(hex)> Tj\n"
    }

    /// Maps every two-byte code to the same UTF-16 code unit.
    static let toUnicode = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange
        1 beginbfrange
        <0000> <FFFF> <0000>
        endbfrange
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """

    static func number(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// Writes numbered PDF objects to a sink as they come, remembering where each starts,
/// and ends the file with its cross-reference table and trailer.
struct PDFObjectWriter {
    private let sink: (Data) throws -> Void
    private var offsets: [Int: Int] = [:]
    private var written = 0

    /// Starts the file (its header) on `sink`.
    init(sink: @escaping (Data) throws -> Void) throws {
        self.sink = sink
        try put(Data("%PDF-1.5\n%\u{00E2}\u{00E3}\u{00CF}\u{00D3}\n".utf8))
    }

    private mutating func put(_ data: Data) throws {
        try sink(data)
        written += data.count
    }

    mutating func add(_ id: Int, _ dictionary: String) throws {
        offsets[id] = written
        try put(Data("\(id) 0 obj\n\(dictionary)\nendobj\n".utf8))
    }

    mutating func addStream(_ id: Int, dictionary: String, content: Data) throws {
        offsets[id] = written
        try put(Data("\(id) 0 obj\n<< \(dictionary) /Length \(content.count) >>\nstream\n".utf8))
        try put(content)
        try put(Data("\nendstream\nendobj\n".utf8))
    }

    /// Ends the file: cross-reference table and trailer.
    mutating func finish(rootID: Int) throws {
        let xref = written
        let count = (offsets.keys.max() ?? 0) + 1
        var table = "xref\n0 \(count)\n0000000000 65535 f \n"
        for id in 1..<count {
            table += offsets[id].map { String(format: "%010d 00000 n \n", $0) } ?? "0000000000 65535 f \n"
        }
        table += "trailer\n<< /Size \(count) /Root \(rootID) 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try put(Data(table.utf8))
    }
}
