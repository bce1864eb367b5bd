/// Writes results as ALTO 4 XML: one `Page` per image, holding a `TextBlock` of its
/// `TextLine`s and their `String`s, each with `HPOS`, `VPOS`, `WIDTH`, `HEIGHT` (pixels of
/// the upright image, origin top-left) and `WC` (confidence, 0–1) — the format libraries
/// and digitisation pipelines archive.
///
/// ```swift
/// let xml = ALTORenderer().document(pages: [("page.png", result)])
/// ```
///
/// The parts are separate so a tool can stream pages: `header(fileName:)`, then
/// `page(_:number:)` for each image, then `footer`.
public struct ALTORenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The whole document for `pages` (each a name, such as the file name, and its result).
    public func document(pages: [(name: String, result: OCRResult)]) -> String {
        header(fileName: pages.count == 1 ? pages[0].name : "") + pages.enumerated().map { page($1.result, number: $0) }.joined()
            + footer
    }

    /// Everything before the first page.
    public func header(fileName: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/alto/v4/alto-4-2.xsd">
          <Description>
            <MeasurementUnit>pixel</MeasurementUnit>
            <sourceImageInformation>
              <fileName>\(XMLText.escaped(fileName))</fileName>
            </sourceImageInformation>
            <OCRProcessing ID="OCR_0">
              <ocrProcessingStep>
                <processingSoftware>
                  <softwareName>swift-ocr</softwareName>
                </processingSoftware>
              </ocrProcessingStep>
            </OCRProcessing>
          </Description>
          <Layout>

        """
    }

    /// One image's page; `number` counts from 0. A line the engine gave no words is one `String`.
    public func page(_ result: OCRResult, number: Int) -> String {
        let size = result.imageSize
        var text = "    <Page ID=\"page_\(number)\" PHYSICAL_IMG_NR=\"\(number + 1)\" WIDTH=\"\(size.width)\" HEIGHT=\"\(size.height)\">\n"
        text += "      <PrintSpace HPOS=\"0\" VPOS=\"0\" WIDTH=\"\(size.width)\" HEIGHT=\"\(size.height)\">\n"
        if let first = result.lines.first {
            let block = result.lines.dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
            text += "        <TextBlock ID=\"block_\(number)_0\" \(Self.position(block, in: size))>\n"
            for (lineNumber, line) in result.lines.enumerated() {
                text +=
                    "          <TextLine ID=\"line_\(number)_\(lineNumber)\" \(Self.position(line.boundingBox, in: size)) "
                    + "WC=\"\(Self.confidence(line.confidence))\">\n"
                let words = line.wordsOrWhole
                for (wordNumber, word) in words.enumerated() {
                    if wordNumber > 0 { text += "            <SP/>\n" }
                    text +=
                        "            <String ID=\"string_\(number)_\(lineNumber)_\(wordNumber)\" "
                        + "\(Self.position(word.boundingBox, in: size)) WC=\"\(Self.confidence(word.confidence))\" "
                        + "CONTENT=\"\(XMLText.escaped(word.text))\"/>\n"
                }
                text += "          </TextLine>\n"
            }
            text += "        </TextBlock>\n"
        }
        return text + "      </PrintSpace>\n    </Page>\n"
    }

    /// Everything after the last page.
    public var footer: String { "  </Layout>\n</alto>\n" }

    static func position(_ rect: NormalizedRect, in size: ImageSize) -> String {
        let pixels = rect.topLeftPixelRect(in: size)
        return "HPOS=\"\(pixels.x)\" VPOS=\"\(pixels.y)\" WIDTH=\"\(pixels.width)\" HEIGHT=\"\(pixels.height)\""
    }

    static func confidence(_ value: Float) -> String {
        let clamped = min(max(value, 0), 1)
        return String((clamped * 100).rounded() / 100)
    }
}
