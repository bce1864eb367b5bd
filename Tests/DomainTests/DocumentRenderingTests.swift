import Domain
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects the elements of an XML document with their attributes, in order.
final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:])
    {
        elements.append((name, attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    /// Parses `document`; `nil` when it is not well-formed XML.
    static func parse(_ document: String) -> ElementCollector? {
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }
}

@Suite("Document formats: hOCR and ALTO, parsed back")
struct DocumentRenderingTests {
    static let size = ImageSize(width: 800, height: 600)

    /// Two lines: one with words (one of them full of XML's special characters), one without.
    static let result = OCRResult(
        lines: [
            RecognizedLine(
                text: "합계 <12,500> & \"원\"", boundingBox: NormalizedRect(x: 0.1, y: 0.8, width: 0.5, height: 0.05), confidence: 0.93,
                words: [
                    RecognizedWord(text: "합계", boundingBox: NormalizedRect(x: 0.1, y: 0.8, width: 0.1, height: 0.05), confidence: 0.95),
                    RecognizedWord(text: "<12,500>", boundingBox: NormalizedRect(x: 0.25, y: 0.8, width: 0.2, height: 0.05), confidence: 0.9),
                    RecognizedWord(text: "&\"원\"", boundingBox: NormalizedRect(x: 0.5, y: 0.8, width: 0.1, height: 0.05), confidence: 0.88),
                ]),
            RecognizedLine(text: "감사합니다", boundingBox: NormalizedRect(x: 0.2, y: 0.1, width: 0.4, height: 0.05), confidence: 0.71),
        ],
        imageSize: size)

    @Test("hOCR: well-formed, a page with the image's size, lines and words with pixel boxes and confidences")
    func hocr() throws {
        let document = HOCRRenderer().document(pages: [("receipt <1>.png", Self.result)])
        let parsed = try #require(ElementCollector.parse(document))
        let titles = { (kind: String) in parsed.elements.filter { $0.attributes["class"] == kind }.compactMap { $0.attributes["title"] } }
        #expect(titles("ocr_page") == ["image \"receipt <1>.png\"; bbox 0 0 800 600; ppageno 0"])
        #expect(titles("ocr_line").count == 2)
        let words = titles("ocrx_word")
        #expect(words.count == 4)  // three words, and the line without words as one
        let box = Self.result.lines[0].words[1].boundingBox.topLeftPixelRect(in: Self.size)
        #expect(words[1] == "bbox \(box.x) \(box.y) \(box.x + box.width) \(box.y + box.height); x_wconf 90")
        #expect(parsed.text.contains("<12,500>") && parsed.text.contains("&\"원\"") && parsed.text.contains("감사합니다"))
    }

    @Test("ALTO 4: well-formed, TextLines and Strings with HPOS, VPOS, WIDTH, HEIGHT and WC, content intact")
    func alto() throws {
        let document = ALTORenderer().document(pages: [("a.png", Self.result), ("b.png", Self.result)])
        let parsed = try #require(ElementCollector.parse(document))
        #expect(parsed.elements.first?.name == "alto")
        #expect(parsed.elements.filter { $0.name == "Page" }.map { $0.attributes["WIDTH"] } == ["800", "800"])
        #expect(parsed.elements.filter { $0.name == "TextLine" }.count == 4)
        let strings = parsed.elements.filter { $0.name == "String" }
        #expect(strings.count == 8)
        #expect(strings.map { $0.attributes["CONTENT"] ?? "" }.prefix(4) == ["합계", "<12,500>", "&\"원\"", "감사합니다"])
        let box = Self.result.lines[1].boundingBox.topLeftPixelRect(in: Self.size)
        let last = try #require(strings.last?.attributes)
        #expect([last["HPOS"], last["VPOS"], last["WIDTH"], last["HEIGHT"]] == [box.x, box.y, box.width, box.height].map { String($0) })
        #expect(last["WC"] == "0.71")
    }

    @Test("An empty page is still a well-formed page")
    func emptyPage() {
        let empty = OCRResult(lines: [], imageSize: Self.size)
        #expect(ElementCollector.parse(HOCRRenderer().document(pages: [("x", empty)])) != nil)
        #expect(ElementCollector.parse(ALTORenderer().document(pages: [("x", empty)]))?.elements.contains { $0.name == "Page" } == true)
    }
}

@Suite("Searchable PDF: structure")
struct SearchablePDFStructureTests {
    @Test("Every cross-reference offset points at its object, and each word is laid as invisible UTF-16 text")
    func structure() throws {
        let image = SearchablePDF.PageImage(jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]), width: 800, height: 600, isColor: false)
        let pages = [SearchablePDF.Page(result: DocumentRenderingTests.result, image: image)]
        let pdf = SearchablePDF(glyphlessFont: Data("font".utf8)).data(pages: pages)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.5"))
        #expect(text.hasSuffix("%%EOF\n"))
        let start = try #require(text.range(of: "startxref\n")).upperBound
        let xref = try #require(Int(text[start...].prefix { $0.isNumber }))
        let table = String(decoding: pdf[xref...], as: UTF8.self)
        let entries = table.split(separator: "\n").dropFirst(3).prefix { $0.hasSuffix(" n ") || $0.hasSuffix(" f ") }
        for (offset, entry) in entries.enumerated() where entry.hasSuffix(" n ") {
            let position = try #require(Int(entry.prefix(10)))
            #expect(String(decoding: pdf[position..<position + 12], as: UTF8.self).hasPrefix("\(offset + 1) 0 obj"))
        }
        #expect(text.contains("3 Tr"))
        #expect(text.contains("<D569ACC4> Tj"))  // 합계, UTF-16BE
        #expect(text.contains("/MediaBox [0 0 192.00 144.00]"))  // 800 × 600 px at 300 ppi
        #expect(text.contains("/FontFile2 7 0 R"))
    }
}
