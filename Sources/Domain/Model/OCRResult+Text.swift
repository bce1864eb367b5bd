import Foundation

/// Results made from text recognised elsewhere.
extension OCRResult {
    /// A result holding `texts` as lines, top to bottom (empty ones left out), each spanning
    /// the page's width in an even column of rows, its words side by side, every line and
    /// word at `confidence`. For reading fields out of text another engine recognised
    /// (`ReceiptExtractor`, `ocr extract`), where no boxes are known.
    public init(text texts: [String], confidence: Float = 1) {
        let lines = texts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let step = 1.0 / Double(lines.count + 1)
        let recognized = lines.enumerated().map { index, text in
            let y = max(0, 1 - Double(index + 1) * step)
            let tokens = text.split(separator: " ").map(String.init)
            let width = 1.0 / Double(max(tokens.count, 1))
            let words = tokens.enumerated().map { offset, token in
                RecognizedWord(
                    text: token, boundingBox: NormalizedRect(x: Double(offset) * width, y: y, width: width * 0.9, height: step * 0.8),
                    confidence: confidence)
            }
            return RecognizedLine(
                text: text, boundingBox: NormalizedRect(x: 0, y: y, width: 1, height: step * 0.8), confidence: confidence, words: words)
        }
        self.init(lines: recognized, minimumConfidence: 0, imageSize: ImageSize(width: 1000, height: 1000))
    }
}
