internal import CTesseract
import Domain

/// Walks Tesseract's result iterator word by word and groups the words into lines,
/// converting top-left pixel boxes into `NormalizedRect`s and 0–100 confidences into 0...1.
struct TesseractLineReader {
    let iterator: OpaquePointer
    let imageSize: ImageSize

    func readLines() -> [RecognizedLine] {
        guard let page = TessResultIteratorGetPageIterator(iterator) else { return [] }
        var lines: [RecognizedLine] = []
        var current: RecognizedLine?
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                if let line = current { lines.append(line) }
                current = element(at: RIL_TEXTLINE, page: page).map {
                    RecognizedLine(text: $0.text, boundingBox: $0.box, confidence: $0.confidence)
                }
            }
            if let word = element(at: RIL_WORD, page: page) {
                current?.words.append(RecognizedWord(text: word.text, boundingBox: word.box, confidence: word.confidence))
            }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        if let line = current { lines.append(line) }
        return lines.filter { !$0.text.isEmpty }.map { $0.groupingWordsByText() }
    }

    private func element(
        at level: TessPageIteratorLevel,
        page: OpaquePointer
    ) -> (text: String, box: NormalizedRect, confidence: Float)? {
        guard let cText = TessResultIteratorGetUTF8Text(iterator, level) else { return nil }
        defer { TessDeleteText(cText) }
        let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard !text.isEmpty, TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else {
            return nil
        }
        let pixels = PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        let confidence = min(max(TessResultIteratorConfidence(iterator, level) / 100, 0), 1)
        return (text, NormalizedRect(topLeftPixelRect: pixels, in: imageSize), confidence)
    }
}
