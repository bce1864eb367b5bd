internal import CTesseract
import Domain

/// Walks Tesseract's result iterator word by word and groups the words into lines,
/// mapping the prepared image's top-left pixel boxes into normalized upright-image
/// rectangles and 0–100 confidences into 0...1.
/// A line as read, with its box in the prepared image's pixels (to read it again).
struct PreparedLine {
    var line: RecognizedLine
    var preparedBox: PixelRect
    /// Whether Tesseract read the line turned: its layout analysis took it for a line
    /// running down the page (vertical text, `textangle 90` in hOCR), as the lines of a page
    /// turned a quarter are. (Only as first read; second looks do not keep it.)
    var readTurned = false
    /// The line's characters as read, left to right, each a one-character word with its box
    /// and confidence (only as first read: second looks do not keep them).
    var characters: [RecognizedWord] = []
}

struct TesseractLineReader {
    let iterator: OpaquePointer
    /// Maps the prepared image's pixel boxes to the upright image.
    let frame: PreparedFrame

    /// The lines read, each with its words and characters.
    ///
    /// Tesseract's result iterator decides whether it stands at a line's start, and gives a
    /// line's text, by walking its page from the first word or block (for right-to-left runs
    /// and paragraphs): asked at every character, or for every line, that costs the square of
    /// a page's words or blocks (a photo's texture read in sparse mode is thousands of
    /// one-word blocks). A line's start is asked only where a word starts, the only place one
    /// can start; a line of one word has that word's text (as Tesseract would give it), and
    /// only a longer line's text is asked for, from a copy of the iterator kept at its start.
    func readLines() -> [PreparedLine] {
        guard let page = TessResultIteratorGetPageIterator(iterator) else { return [] }
        var lines: [PreparedLine] = []
        var current: PreparedLine?
        var start: OpaquePointer?
        var words = 0
        func finish() {
            defer {
                if let start { TessResultIteratorDelete(start) }
                start = nil
            }
            guard var line = current else { return }
            if words == 1, let word = line.line.words.first {
                line.line.text = word.text
            } else if let start, let text = Self.text(of: start, at: RIL_TEXTLINE) {
                line.line.text = text
            } else {
                return
            }
            lines.append(line)
        }
        repeat {
            let atWordStart = TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0
            if atWordStart, TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                finish()
                words = 0
                current = place(at: RIL_TEXTLINE, page: page).map {
                    PreparedLine(
                        line: RecognizedLine(text: "", boundingBox: $0.box, confidence: confidence(at: RIL_TEXTLINE)), preparedBox: $0.pixels,
                        readTurned: Self.isTurned(page))
                }
                if current != nil { start = TessResultIteratorCopy(iterator) }
            }
            if atWordStart {
                words += 1
                if let word = element(at: RIL_WORD, page: page) {
                    current?.line.words.append(RecognizedWord(text: word.text, boundingBox: word.box, confidence: word.confidence))
                }
            }
            if let symbol = element(at: RIL_SYMBOL, page: page) {
                current?.characters.append(RecognizedWord(text: symbol.text, boundingBox: symbol.box, confidence: symbol.confidence))
            }
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        finish()
        return lines.filter { !$0.line.text.isEmpty }.map { read in
            var grouped = read
            // Grouped into the line's words, and no less sure than they are.
            grouped.line = read.line.groupingWordsByText().withConfidenceOfItsWords()
            return grouped
        }
    }

    /// Whether the iterator's current line was read turned from the page: not upright, or
    /// written top to bottom.
    private static func isTurned(_ page: OpaquePointer) -> Bool {
        var orientation = ORIENTATION_PAGE_UP
        var direction = WRITING_DIRECTION_LEFT_TO_RIGHT
        var order = TEXTLINE_ORDER_TOP_TO_BOTTOM
        var deskew: Float = 0
        TessPageIteratorOrientation(page, &orientation, &direction, &order, &deskew)
        return orientation != ORIENTATION_PAGE_UP || direction == WRITING_DIRECTION_TOP_TO_BOTTOM
    }

    /// Every character read, left to right as the iterator gives them, with its left and
    /// right edge in the prepared image's pixels and its confidence.
    func readSymbols() -> [MixedScriptWord.Symbol] {
        guard let page = TessResultIteratorGetPageIterator(iterator) else { return [] }
        var symbols: [MixedScriptWord.Symbol] = []
        repeat {
            if let symbol = element(at: RIL_SYMBOL, page: page) {
                symbols.append(
                    MixedScriptWord.Symbol(
                        text: symbol.text, minX: Double(symbol.pixels.x), maxX: Double(symbol.pixels.x + symbol.pixels.width),
                        confidence: symbol.confidence))
            }
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        return symbols
    }

    private func element(
        at level: TessPageIteratorLevel,
        page: OpaquePointer
    ) -> (text: String, box: NormalizedRect, pixels: PixelRect, confidence: Float)? {
        guard let text = Self.text(of: iterator, at: level), let place = place(at: level, page: page) else { return nil }
        return (text, place.box, place.pixels, confidence(at: level))
    }

    /// The text `iterator` read at `level` where it stands, trimmed; `nil` when there is none.
    private static func text(of iterator: OpaquePointer, at level: TessPageIteratorLevel) -> String? {
        guard let cText = TessResultIteratorGetUTF8Text(iterator, level) else { return nil }
        defer { TessDeleteText(cText) }
        let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The box of the element at `level`, in the prepared image's pixels and in the upright image.
    private func place(at level: TessPageIteratorLevel, page: OpaquePointer) -> (box: NormalizedRect, pixels: PixelRect)? {
        var left: Int32 = 0
        var top: Int32 = 0
        var right: Int32 = 0
        var bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        let pixels = PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        return (frame.uprightRect(pixels), pixels)
    }

    /// Tesseract's confidence at `level`, from 0–100 into 0...1.
    private func confidence(at level: TessPageIteratorLevel) -> Float {
        min(max(TessResultIteratorConfidence(iterator, level) / 100, 0), 1)
    }
}
