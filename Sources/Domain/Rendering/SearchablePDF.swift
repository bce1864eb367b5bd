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

        public init(jpeg: Data, width: Int, height: Int, isColor: Bool) {
            self.jpeg = jpeg
            self.width = width
            self.height = height
            self.isColor = isColor
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
    /// size at this resolution; the aspect is the image's whatever it is).
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
        var writer = PDFObjectWriter()
        // Objects 1–2: catalog and page tree; 3–7: the font; then three per page.
        let fontFileID = glyphlessFont == nil ? nil : 7
        let firstPageID = 8
        let pageIDs = pages.indices.map { firstPageID + 3 * $0 }
        writer.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        writer.add(2, "<< /Type /Pages /Kids [\(pageIDs.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        writer.add(3, "<< /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 6 0 R >>")
        writer.add(
            4,
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont /CIDToGIDMap /Identity "
                + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 5 0 R /DW \(Int(Self.advance)) >>")
        writer.add(
            5,
            "<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 0 \(Int(Self.advance)) 1000] /ItalicAngle 0 "
                + "/Ascent 1000 /Descent 0 /CapHeight 1000 /StemV 80" + (fontFileID.map { " /FontFile2 \($0) 0 R" } ?? "") + " >>")
        writer.addStream(6, dictionary: "", content: Data(Self.toUnicode.utf8))
        if let glyphlessFont, let fontFileID {
            writer.addStream(fontFileID, dictionary: "/Length1 \(glyphlessFont.count)", content: glyphlessFont)
        }
        for (index, page) in pages.enumerated() {
            let pageID = pageIDs[index]
            let width = Double(page.image.width) * 72 / resolution
            let height = Double(page.image.height) * 72 / resolution
            writer.add(
                pageID,
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(width)) \(Self.number(height))] "
                    + "/Resources << /XObject << /Im0 \(pageID + 2) 0 R >> /Font << /F0 3 0 R >> >> /Contents \(pageID + 1) 0 R >>")
            writer.addStream(pageID + 1, dictionary: "", content: Data(contents(of: page.result, width: width, height: height).utf8))
            writer.addStream(
                pageID + 2,
                dictionary: "/Type /XObject /Subtype /Image /Width \(page.image.width) /Height \(page.image.height) "
                    + "/ColorSpace /\(page.image.isColor ? "DeviceRGB" : "DeviceGray") /BitsPerComponent 8 /Filter /DCTDecode",
                content: page.image.jpeg)
        }
        return writer.finished(rootID: 1)
    }

    /// The page's content stream: the image over the whole page, then every word as
    /// invisible text over its box, stretched to its width.
    func contents(of result: OCRResult, width: Double, height: Double) -> String {
        var stream = "q \(Self.number(width)) 0 0 \(Self.number(height)) 0 0 cm /Im0 Do Q\nBT 3 Tr\n"
        for line in result.lines {
            let size = max(1, line.boundingBox.height * height)
            let words = line.wordsOrWhole
            for word in words where !word.text.isEmpty {
                let units = Array(word.text.utf16)
                let natural = Double(units.count) * size * Self.advance / 1000
                let scaling = min(1000, max(1, 100 * word.boundingBox.width * width / natural))
                let x = word.boundingBox.x * width
                let y = line.boundingBox.y * height + size * 0.2
                let hex = units.map { String(format: "%04X", $0) }.joined()
                stream += "/F0 \(Self.number(size)) Tf \(Self.number(scaling)) Tz 1 0 0 1 \(Self.number(x)) \(Self.number(y)) Tm <\(hex)> Tj\n"
            }
        }
        return stream + "ET\n"
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

/// Collects numbered PDF objects and writes the file with its cross-reference table.
struct PDFObjectWriter {
    private var objects: [Int: Data] = [:]

    mutating func add(_ id: Int, _ dictionary: String) {
        objects[id] = Data("\(id) 0 obj\n\(dictionary)\nendobj\n".utf8)
    }

    mutating func addStream(_ id: Int, dictionary: String, content: Data) {
        var object = Data("\(id) 0 obj\n<< \(dictionary) /Length \(content.count) >>\nstream\n".utf8)
        object.append(content)
        object.append(Data("\nendstream\nendobj\n".utf8))
        objects[id] = object
    }

    /// The file: header, objects in order, cross-reference table and trailer.
    func finished(rootID: Int) -> Data {
        var file = Data("%PDF-1.5\n%\u{00E2}\u{00E3}\u{00CF}\u{00D3}\n".utf8)
        let count = (objects.keys.max() ?? 0) + 1
        var offsets = [Int](repeating: 0, count: count)
        for id in objects.keys.sorted() {
            offsets[id] = file.count
            file.append(objects[id]!)
        }
        let xref = file.count
        var table = "xref\n0 \(count)\n0000000000 65535 f \n"
        for id in 1..<count {
            table += objects[id] == nil ? "0000000000 65535 f \n" : String(format: "%010d 00000 n \n", offsets[id])
        }
        table += "trailer\n<< /Size \(count) /Root \(rootID) 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        file.append(Data(table.utf8))
        return file
    }
}
