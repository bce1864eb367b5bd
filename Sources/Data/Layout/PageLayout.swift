import Domain

/// Where the text of a prepared page is, as blocks to read one by one in reading order.
///
/// `TextLineFinder` finds the text lines (pictures and noise are left out, so they are
/// never read); `ReadingOrder` groups them into blocks and orders them;
/// consecutive blocks of one column are joined again into paragraphs, so a page is read in
/// a few recognitions rather than one per line. Each block's rectangle is its lines' box
/// with a margin of half a text height, kept clear of other blocks' lines.
struct PageLayout {
    /// The blocks' rectangles in the prepared image, in reading order.
    let blocks: [PixelRect]
    /// The text lines the blocks were made of (pieces of a line joined).
    var lines: [PixelRect] = []
    /// Each block's lines, in the order of `blocks`.
    var blockLines: [[PixelRect]] = []

    /// The areas of block `index` to keep in view while it is read: its lines, with a
    /// margin of a quarter of their height (everything else in its rectangle — other
    /// blocks' lines, a picture's edge, a textured border between its lines — is painted over).
    func visibleAreas(of index: Int) -> [PixelRect] {
        blockLines[index].map { line in
            let margin = max(2, line.height / 4)
            return line.padded(by: margin, within: ImageSize(width: blocks[index].maxX, height: blocks[index].maxY))
        }.map { $0.clamped(to: blocks[index]) }
    }

    /// A picture a cut runs through is read as a block of its own up to this share of the
    /// page: one covering more is the photograph itself, its grain chained into one "line"
    /// (a patterned wrapper on a scanned page: 23 s to read, nothing found).
    static let largestReadPicture = 0.5

    /// The blocks that are a picture alone (one a cut between blocks ran through).
    var pictureBlocks: Set<Int> = []

    /// Whether block `index` is one text line that was found (not a page read whole).
    func isSingleLine(_ index: Int) -> Bool {
        !lines.isEmpty && blockLines[index].count == 1
    }

    /// The rows of text of block `index`, top to bottom: its lines that share a row
    /// (`ReadingOrder.sameRow`) in one box, rules and specks (`ReadingOrder.isTextSized`) left out.
    func rows(of index: Int, textHeight: Double) -> [PixelRect] {
        var rows: [PixelRect] = []
        let text = blockLines[index].filter { ReadingOrder.isTextSized($0, textHeight: textHeight) }
        for line in text.sorted(by: { $0.centerY < $1.centerY }) {
            if let last = rows.indices.last, ReadingOrder.sameRow(rows[last], line) {
                rows[last] = PixelRect.enclosing([rows[last], line]) ?? rows[last]
            } else {
                rows.append(line)
            }
        }
        return rows
    }

    /// Blocks of one column closer than this many text heights are one paragraph.
    static let paragraphGap = 1.0
    /// The margin around a block, in text heights.
    static let margin = 0.5

    /// Blocks read whole, with nothing painted over.
    init(blocks: [PixelRect]) {
        self.blocks = blocks
        blockLines = blocks.map { [$0] }
    }

    /// The layout of `lines` (text line boxes of a page of `size`) with typical text height
    /// `textHeight` pixels.
    /// `pictures`: those of the lines that are pictures (see `TextLineFinder.pictures`); they
    /// take no part in finding the blocks (a food photo on a menu board bridges its gutters),
    /// and one a cut between blocks runs through is read as a block of its own.
    /// `rules`: the page's horizontal rules, where rows end (see `ReadingOrder`).
    init(lines found: [PixelRect], pictures: [PixelRect] = [], textHeight: Double, size: ImageSize, rules: [PixelRect] = []) {
        let (ordered, straddling) = ReadingOrder.blocks(of: found, pictures: Set(pictures), textHeight: textHeight, rules: rules)
        var paragraphs: [[PixelRect]] = []
        for block in ordered {
            if let last = paragraphs.last, Self.continues(last, with: block, textHeight: textHeight) {
                paragraphs[paragraphs.count - 1] += block
            } else {
                paragraphs.append(block)
            }
        }
        for picture in straddling.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) })
        where Double(picture.width * picture.height) <= Self.largestReadPicture * Double(size.pixelCount) {
            paragraphs.insert([picture], at: Self.place(of: picture, among: paragraphs))
        }
        blockLines = paragraphs
        pictureBlocks = Set(paragraphs.indices.filter { paragraphs[$0].count == 1 && straddling.contains(paragraphs[$0][0]) })
        let allLines = paragraphs.flatMap { $0 }
        lines = allLines
        blocks = paragraphs.compactMap { paragraph in
            guard let box = PixelRect.enclosing(paragraph) else { return nil }
            let others = allLines.filter { line in !paragraph.contains(line) }
            return Self.padded(box, clearOf: others, by: Int((Self.margin * textHeight).rounded()), within: size)
        }
    }

    /// Where a picture is read among `paragraphs`: after the last one it is below (one that
    /// starts above it and overlaps it across), else first.
    private static func place(of picture: PixelRect, among paragraphs: [[PixelRect]]) -> Int {
        let above = paragraphs.lastIndex { paragraph in
            guard let box = PixelRect.enclosing(paragraph) else { return false }
            return box.y <= picture.y && box.x < picture.maxX && box.maxX > picture.x
        }
        return above.map { $0 + 1 } ?? 0
    }

    /// Whether `next` is the same column as `block`, just below it.
    private static func continues(_ block: [PixelRect], with next: [PixelRect], textHeight: Double) -> Bool {
        guard let above = PixelRect.enclosing(block), let below = PixelRect.enclosing(next) else { return false }
        let gap = Double(below.y - above.maxY)
        let overlap = Double(min(above.maxX, below.maxX) - max(above.x, below.x))
        return gap >= 0 && gap < paragraphGap * textHeight && overlap >= 0.5 * Double(min(above.width, below.width))
    }

    /// `box` grown by `margin` on each side, but at most halfway to any of `others` it
    /// faces, and kept inside the image.
    static func padded(_ box: PixelRect, clearOf others: [PixelRect], by margin: Int, within size: ImageSize) -> PixelRect {
        func overlapsHorizontally(_ line: PixelRect) -> Bool { line.x < box.maxX && line.maxX > box.x }
        func overlapsVertically(_ line: PixelRect) -> Bool { line.y < box.maxY && line.maxY > box.y }
        let above = others.filter { overlapsHorizontally($0) && $0.maxY <= box.y }.map { box.y - $0.maxY }.min()
        let below = others.filter { overlapsHorizontally($0) && $0.y >= box.maxY }.map { $0.y - box.maxY }.min()
        let leftOf = others.filter { overlapsVertically($0) && $0.maxX <= box.x }.map { box.x - $0.maxX }.min()
        let rightOf = others.filter { overlapsVertically($0) && $0.x >= box.maxX }.map { $0.x - box.maxX }.min()
        let top = max(0, box.y - min(margin, (above ?? .max) / 2))
        let bottom = min(size.height, box.maxY + min(margin, (below ?? .max) / 2))
        let left = max(0, box.x - min(margin, (leftOf ?? .max) / 2))
        let right = min(size.width, box.maxX + min(margin, (rightOf ?? .max) / 2))
        return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }
}
