/// Writes results as hOCR 1.2 (XHTML): one `ocr_page` per image, its `ocr_line`s and
/// their `ocrx_word`s, each with `bbox` (pixels of the upright image, origin top-left) and
/// `x_wconf` (confidence, 0–100) — what archives, search indexes and hOCR tools read.
///
/// ```swift
/// let html = HOCRRenderer().document(pages: [("receipt.jpg", result)])
/// ```
///
/// The parts are separate so a tool can stream pages: `header(title:)`, then
/// `page(_:name:number:)` for each image, then `footer`.
public struct HOCRRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The whole document for `pages` (each a name, such as the file name, and its result).
    public func document(pages: [(name: String, result: OCRResult)]) -> String {
        header(title: pages.count == 1 ? pages[0].name : "") + pages.enumerated().map { page($1.result, name: $1.name, number: $0) }.joined()
            + footer
    }

    /// Everything before the first page.
    public func header(title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ko" lang="ko">
         <head>
          <title>\(XMLText.escaped(title))</title>
          <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
          <meta name="ocr-system" content="swift-ocr"/>
          <meta name="ocr-capabilities" content="ocr_page ocr_line ocrx_word"/>
         </head>
         <body>

        """
    }

    /// One image's page; `number` counts from 0. A line the engine gave no words is one word.
    public func page(_ result: OCRResult, name: String, number: Int) -> String {
        let size = result.imageSize
        var text =
            "  <div class=\"ocr_page\" id=\"page_\(number + 1)\" title=\"image &quot;\(XMLText.escaped(name))&quot;; "
            + "bbox 0 0 \(size.width) \(size.height); ppageno \(number)\">\n"
        for (lineNumber, line) in result.lines.enumerated() {
            let lineID = "line_\(number + 1)_\(lineNumber + 1)"
            text +=
                "   <span class=\"ocr_line\" id=\"\(lineID)\" title=\"\(Self.bbox(line.boundingBox, in: size)); "
                + "x_wconf \(Self.percent(line.confidence))\">"
            let words = line.wordsOrWhole
            text += words.enumerated().map { wordNumber, word in
                "<span class=\"ocrx_word\" id=\"word_\(number + 1)_\(lineNumber + 1)_\(wordNumber + 1)\" "
                    + "title=\"\(Self.bbox(word.boundingBox, in: size)); x_wconf \(Self.percent(word.confidence))\">"
                    + XMLText.escaped(word.text) + "</span>"
            }.joined(separator: " ")
            text += "</span>\n"
        }
        return text + "  </div>\n"
    }

    /// Everything after the last page.
    public var footer: String { " </body>\n</html>\n" }

    static func bbox(_ rect: NormalizedRect, in size: ImageSize) -> String {
        let pixels = rect.topLeftPixelRect(in: size)
        return "bbox \(pixels.x) \(pixels.y) \(pixels.x + pixels.width) \(pixels.y + pixels.height)"
    }

    static func percent(_ confidence: Float) -> Int { Int((min(max(confidence, 0), 1) * 100).rounded()) }
}
