internal import CTesseract
import Domain

/// Reads the text lines our layout found where the reading has no line at all, and the
/// ends of found lines the reading stops short of, each on its own, and keeps those read
/// confidently.
///
/// A block read as one can lose a line: Tesseract's own line finding inside the block
/// takes print much larger than the rest for a picture (a card slip's double-height
/// amounts, `6,818 원`, beside labels of normal height), and reads nothing there. It can
/// also end a line early (`레이크타운 지하1층` read `레이크타문`, a footnote read up to
/// `변경` of `변경될 수 있습니다.`). The lines `TextLineFinder` found are known; one that
/// no line of the reading covers is read alone as a line, and so is the part of one beyond
/// the reading of its row, when it is `unreadEnd` line heights long or more. A piece read
/// confidently joins the line of the reading on its row (the label it is the amount of),
/// or stands as a line of its own, in its place from the top.
///
/// Only pieces shaped like text are read (as tall as text, at least as wide as tall), the
/// largest first, at most `mostLines` of them: a photograph's texture found as "lines" costs
/// a bounded number of looks, and reads unconfidently. A found line taller than text that
/// no line read touches at all (an edge chained small print to a logo's letters) is read as
/// sparse text, its confident lines kept; at most `mostTallLines`.
struct UnreadLineReview {
    let crew: EngineCrew
    let setup: EngineSetup
    let control: RecognitionControl
    /// The page's measured text height, when measured: what a line found is compared with.
    var textHeight: Double? = nil

    /// A piece read alone is kept at this confidence or more.
    static let keptConfidence: Float = 0.75
    /// The most found lines read per page.
    static let mostLines = 12
    /// The part of a found line beyond its row's reading is read from this many line
    /// heights long (a couple of characters; a character's width is no more than the
    /// margins of the boxes).
    static let unreadEnd = 2.5

    func review(_ lines: [PreparedLine], found: [PixelRect], textHeight: Double?, in prepared: PreparedImage) throws -> [PreparedLine] {
        let unread = Self.unreadLines(found, reading: lines, textHeight: textHeight, frame: prepared.frame)
        guard !unread.isEmpty else { return lines }
        let pieces = try crew.map(unread, on: prepared, cost: \.width, readingWith: [setup]) { box, engines, image -> PreparedLine? in
            let padded = box.padded(by: max(3, box.height / 3), within: image.image.size)
            let read = try engines.reader(for: setup).look(at: image, PSM_SINGLE_LINE, within: padded, control: control)
            guard let read, read.count == 1, let piece = read.first, piece.line.confidence >= Self.keptConfidence,
                piece.line.text.visibleCharacterCount > 0
            else { return nil }
            // A lone character is kept only as a digit (an amount); a letter there is a mark.
            if Self.isCharacterShaped(box, textHeight: textHeight ?? ImagePreparation.targetTextHeight),
                !piece.line.text.allSatisfy(\.isASCIIDigit)
            {
                return nil
            }
            return PreparedLine(line: piece.line, preparedBox: box)
        }
        var merged = lines
        for piece in pieces.compactMap({ $0 }) { Self.add(piece, to: &merged) }
        let tall = Self.unreadTallLines(found, reading: lines, textHeight: textHeight)
        guard !tall.isEmpty else { return merged }
        let sparse = try crew.map(tall, on: prepared, cost: \.width, readingWith: [setup]) { box, engines, image -> [PreparedLine] in
            let padded = box.padded(by: max(3, box.height / 6), within: image.image.size)
            let read = try engines.reader(for: setup).look(at: image, PSM_SPARSE_TEXT, within: padded, control: control) ?? []
            return read.filter { $0.line.confidence >= Self.keptConfidence && $0.line.text.visibleCharacterCount >= 2 }
        }
        for piece in sparse.flatMap({ $0 }) { Self.add(piece, to: &merged) }
        return merged
    }

    /// Found "lines" taller than text is (`TextLineFinder.shapedTallest` to `tallest` text
    /// heights), at least as wide as tall, that no line read covers: print of two sizes
    /// chained into one box (a logo's web address over its letters), read as sparse text.
    static func unreadTallLines(_ found: [PixelRect], reading: [PreparedLine], textHeight: Double?) -> [PixelRect] {
        let height = textHeight ?? ImagePreparation.targetTextHeight
        let read = readAreas(reading.map(\.preparedBox))
        return Array(
            found.filter { box in
                Double(box.height) > TextLineFinder.shapedTallest * height && Double(box.height) <= TextLineFinder.tallest * height
                    && box.width >= box.height && !read.contains { $0.intersects(box) }
            }.prefix(mostTallLines))
    }

    /// The most tall found lines read as sparse text per page.
    static let mostTallLines = 3

    /// The areas lines read at `boxes` cover: each box with a quarter of its height around it.
    private static func readAreas(_ boxes: [PixelRect]) -> [PixelRect] {
        boxes.map { $0.padded(by: max(2, $0.height / 4)) }
    }

    /// The found lines no line of `reading` covers, shaped like text, and the ends of those it
    /// covers that lie beyond the reading of their row (`unreadEnds`), pieces of one row joined; those on
    /// a row the reading has a line on (an amount beside its label) first, then the largest;
    /// at most `mostLines`.
    ///
    /// With the page's `frame`, found lines swallowed by a line read over them follow, as
    /// many as fit: a line read more than twice as tall as one it covers, none of whose words
    /// lies in it. Tesseract reading a block can take small print just above or below large
    /// letters (a logo's web address) into their line's box and drop its text.
    static func unreadLines(_ found: [PixelRect], reading: [PreparedLine], textHeight: Double?, frame: PreparedFrame? = nil) -> [PixelRect] {
        let height = textHeight ?? ImagePreparation.targetTextHeight
        let readBoxes = reading.map(\.preparedBox)
        let read = readAreas(readBoxes)
        let shaped = found.filter { TextLineFinder.isShapedLikeText($0, textHeight: height) }
        // The read lines whose box (a quarter of its height around it) holds a found line's centre.
        let covering = { (box: PixelRect) in
            read.indices.filter { read[$0].contains(x: box.x + box.width / 2, y: box.y + box.height / 2) }
        }
        let shapedCovering = shaped.map(covering)
        // A line read whole where no line covers it; of one covered, only its ends.
        let unread = zip(shaped, shapedCovering).flatMap { box, lines in lines.isEmpty ? [box] : unreadEnds(of: box, reading: readBoxes) }
        // Last, one character alone on the row of a line read, that no line read covers (a
        // lone `0` far right of its label, `공급가액 … 0`, which a block's reading drops),
        // kept only when read as a digit.
        let characters = found.filter { box in
            isCharacterShaped(box, textHeight: height) && readBoxes.contains { ReadingOrder.sameRow($0, box) } && covering(box).isEmpty
        }
        let first = ordered(unread, besideAnyOf: readBoxes)
        guard let frame, first.count < mostLines else { return Array((first + characters).prefix(mostLines)) }
        let swallowed = zip(shaped, shapedCovering).compactMap { box, lines -> PixelRect? in
            let isSwallowed =
                !lines.isEmpty
                && lines.allSatisfy { readBoxes[$0].height > 2 * box.height && !holdsWord(of: reading[$0], in: box, frame: frame) }
            return isSwallowed && !unread.contains(where: { $0.intersects(box) }) ? box : nil
        }
        return Array((first + ordered(swallowed, besideAnyOf: readBoxes) + characters).prefix(mostLines))
    }

    /// Whether a found line is one character's size: as tall as text is (`TextLineFinder`'s
    /// `shapedShortest` to `shapedTallest` text heights), narrower than tall but at least
    /// `narrowestCharacter` of its height wide (a digit, not a rule's piece or a bar).
    static func isCharacterShaped(_ box: PixelRect, textHeight: Double) -> Bool {
        Double(box.height) >= TextLineFinder.shapedShortest * textHeight && Double(box.height) <= TextLineFinder.shapedTallest * textHeight
            && Double(box.width) >= narrowestCharacter * Double(box.height) && box.width < box.height
    }

    /// The narrowest a lone character read beside its row's line may be, a share of its height.
    static let narrowestCharacter = 0.4

    /// `unread`, pieces of one row joined, those on a row of `readBoxes` first, then the largest.
    private static func ordered(_ unread: [PixelRect], besideAnyOf readBoxes: [PixelRect]) -> [PixelRect] {
        // Pieces of one row closer than their own height and a half (print larger than the
        // page's text is spaced wider) are one line.
        let joined = ReadingOrder.joiningFragments(unread) { left, right in
            Double(right.x - left.maxX) < 1.5 * Double(max(left.height, right.height))
        }
        let besideRead: (PixelRect) -> Bool = { box in readBoxes.contains { ReadingOrder.sameRow($0, box) } }
        return joined.sorted { a, b in
            let (besideA, besideB) = (besideRead(a), besideRead(b))
            return besideA != besideB ? besideA : a.width * a.height > b.width * b.height
        }
    }

    /// Whether a word of `line` (a line without words counts as holding one) has its centre
    /// in the found line `box`, a quarter of its height around it.
    static func holdsWord(of line: PreparedLine, in box: PixelRect, frame: PreparedFrame) -> Bool {
        guard !line.line.words.isEmpty else { return true }
        let area = frame.uprightRect(box.padded(by: max(2, box.height / 4)))
        return line.line.words.contains { word in
            (area.minX...area.maxX).contains(word.boundingBox.midX) && (area.minY...area.maxY).contains(word.boundingBox.midY)
        }
    }

    /// The parts of the found line `box` left and right of the read lines on its row that
    /// overlap it, each when `unreadEnd` of its heights long or more; none when no read line
    /// overlaps it.
    static func unreadEnds(of box: PixelRect, reading: [PixelRect]) -> [PixelRect] {
        let onRow = reading.filter { ReadingOrder.sameRow($0, box) && $0.x < box.maxX && box.x < $0.maxX }
        guard let left = onRow.map(\.x).min(), let right = onRow.map(\.maxX).max() else { return [] }
        let shortest = Int((unreadEnd * Double(box.height)).rounded(.up))
        var ends: [PixelRect] = []
        if left - box.x >= shortest { ends.append(PixelRect(x: box.x, y: box.y, width: left - box.x, height: box.height)) }
        if box.maxX - right >= shortest { ends.append(PixelRect(x: right, y: box.y, width: box.maxX - right, height: box.height)) }
        return ends
    }

    /// `piece` joined to the line it continues on its row, or inserted as a line of its own
    /// (`PreparedLine.join(_:into:)`).
    static func add(_ piece: PreparedLine, to lines: inout [PreparedLine]) {
        PreparedLine.join(piece, into: &lines)
    }
}
