/// A box in the upright image's pixels, origin top-left (y down): the space the document
/// analysis measures gaps and alignments in, where a pixel is as long across as down.
struct PageBox: Hashable {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    var width: Double { right - left }
    var height: Double { bottom - top }
    var midX: Double { (left + right) / 2 }
    var midY: Double { (top + bottom) / 2 }

    /// `rect` in an image of `size` (a unit square of 1000 pixels when the size is unknown).
    init(_ rect: NormalizedRect, in size: ImageSize) {
        let (width, height) = Self.scale(size)
        left = rect.minX * width
        right = rect.maxX * width
        top = (1 - rect.maxY) * height
        bottom = (1 - rect.minY) * height
    }

    init(left: Double, top: Double, right: Double, bottom: Double) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    }

    func union(_ other: PageBox) -> PageBox {
        PageBox(left: min(left, other.left), top: min(top, other.top), right: max(right, other.right), bottom: max(bottom, other.bottom))
    }

    /// How far the two overlap along x (negative: the gap between them).
    func horizontalOverlap(_ other: PageBox) -> Double { min(right, other.right) - max(left, other.left) }

    /// How far the two overlap along y (negative: the gap between them).
    func verticalOverlap(_ other: PageBox) -> Double { min(bottom, other.bottom) - max(top, other.top) }

    func contains(x: Double, y: Double) -> Bool { x >= left && x <= right && y >= top && y <= bottom }

    /// The box as a normalized rectangle of an image of `size`.
    func normalized(in size: ImageSize) -> NormalizedRect {
        let (width, height) = Self.scale(size)
        return NormalizedRect(x: left / width, y: 1 - bottom / height, width: self.width / width, height: self.height / height)
    }

    private static func scale(_ size: ImageSize) -> (Double, Double) {
        size.width > 0 && size.height > 0 ? (Double(size.width), Double(size.height)) : (1000, 1000)
    }
}

extension Sequence<PageBox> {
    /// The smallest box holding every box (`nil` for none).
    var union: PageBox? { reduce(nil) { $0?.union($1) ?? $1 } }
}

/// One line of the page as the document analysis sees it: its place in `OCRResult.lines`,
/// its box and its words' boxes in pixels.
struct PageLine {
    let index: Int
    let line: RecognizedLine
    let box: PageBox
    let words: [PageWord]

    init(index: Int, line: RecognizedLine, in size: ImageSize) {
        self.index = index
        self.line = line
        box = PageBox(line.boundingBox, in: size)
        words = line.wordsOrWhole.enumerated().map { order, word in
            PageWord(text: word.text, box: PageBox(word.boundingBox, in: size), lineIndex: index, order: order)
        }
    }

    var text: String { line.text }
}

/// One word of a `PageLine`.
struct PageWord {
    let text: String
    let box: PageBox
    let lineIndex: Int
    /// Its place in its line.
    let order: Int
}

extension [PageWord] {
    /// The words' text: each line's words joined by spaces, lines in reading order joined by
    /// newlines.
    var joinedText: String {
        let byLine = Dictionary(grouping: self, by: \.lineIndex)
        return byLine.keys.sorted().map { key in
            (byLine[key] ?? []).sorted { $0.order < $1.order }.map(\.text).joined(separator: " ")
        }.joined(separator: "\n")
    }
}
