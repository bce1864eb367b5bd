internal import CTesseract
import Domain

/// Reads the text lines our layout found where the reading has no line at all, each on its
/// own, and keeps those read confidently.
///
/// A block read as one can lose a line: Tesseract's own line finding inside the block
/// takes print much larger than the rest for a picture (a card slip's double-height
/// amounts, `6,818 원`, beside labels of normal height), and reads nothing there. The
/// lines `TextLineFinder` found are known; one that no line of the reading covers is read
/// alone as a line. A piece read confidently joins the line of the reading on its row (the
/// label it is the amount of), or stands as a line of its own, in its place from the top.
///
/// Only pieces shaped like text are read (as tall as text, at least as wide as tall), the
/// largest first, at most `mostLines` of them: a photograph's texture found as "lines" costs
/// a bounded number of looks, and reads unconfidently.
struct UnreadLineReview {
    let crew: EngineCrew
    let setup: EngineSetup
    let control: RecognitionControl

    /// A piece read alone is kept at this confidence or more.
    static let keptConfidence: Float = 0.75
    /// The most found lines read per page.
    static let mostLines = 12

    func review(_ lines: [PreparedLine], found: [PixelRect], textHeight: Double?, in prepared: PreparedImage) throws -> [PreparedLine] {
        let unread = Self.unreadLines(found, reading: lines, textHeight: textHeight)
        guard !unread.isEmpty else { return lines }
        let pieces = try crew.map(unread, on: prepared, cost: \.width, readingWith: [setup]) { box, engines, image -> PreparedLine? in
            let padded = box.padded(by: max(3, box.height / 3), within: image.image.size)
            let read = try engines.reader(for: setup).look(at: image, PSM_SINGLE_LINE, within: padded, control: control)
            guard let read, read.count == 1, let piece = read.first, piece.line.confidence >= Self.keptConfidence,
                piece.line.text.visibleCharacterCount > 0
            else { return nil }
            return PreparedLine(line: piece.line, preparedBox: box)
        }
        var merged = lines
        for piece in pieces.compactMap({ $0 }) { Self.add(piece, to: &merged) }
        return merged
    }

    /// The found lines no line of `reading` covers, shaped like text, pieces of one row
    /// joined; those on a row the reading has a line on (an amount beside its label) first,
    /// then the largest; at most `mostLines`.
    static func unreadLines(_ found: [PixelRect], reading: [PreparedLine], textHeight: Double?) -> [PixelRect] {
        let height = textHeight ?? ImagePreparation.targetTextHeight
        let readBoxes = reading.map(\.preparedBox)
        let read = readBoxes.map { $0.padded(by: max(2, $0.height / 4), within: ImageSize(width: .max / 4, height: .max / 4)) }
        let unread = found.filter { box in
            let shaped = Double(box.height) >= 0.6 * height && Double(box.height) <= 3 * height && box.width >= box.height
            let centre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
            return shaped && !read.contains { $0.x <= centre.x && centre.x < $0.maxX && $0.y <= centre.y && centre.y < $0.maxY }
        }
        // Pieces of one row closer than their own height and a half (print larger than the
        // page's text is spaced wider) are one line.
        let joined = ReadingOrder.joiningFragments(unread) { left, right in
            Double(right.x - left.maxX) < 1.5 * Double(max(left.height, right.height))
        }
        let besideRead: (PixelRect) -> Bool = { box in readBoxes.contains { ReadingOrder.sameRow($0, box) } }
        let ordered = joined.sorted { a, b in
            let (besideA, besideB) = (besideRead(a), besideRead(b))
            return besideA != besideB ? besideA : a.width * a.height > b.width * b.height
        }
        return Array(ordered.prefix(mostLines))
    }

    /// `piece` joined to the line it continues on its row (its words in order along it), or inserted as
    /// a line of its own before the first line below it.
    static func add(_ piece: PreparedLine, to lines: inout [PreparedLine]) {
        let box = piece.preparedBox
        let onRow = lines.indices.filter { index in
            let other = lines[index].preparedBox
            let overlap = min(other.maxY, box.maxY) - max(other.y, box.y)
            return Double(overlap) >= 0.5 * Double(min(other.height, box.height))
        }
        let boxes = lines.map(\.preparedBox)
        // The line it continues: the nearest one before it on the row (a label and its
        // amount), else the nearest one after it.
        let before = onRow.filter { boxes[$0].x < box.x }.max { boxes[$0].maxX < boxes[$1].maxX }
        let after = onRow.filter { boxes[$0].x >= box.x }.min { boxes[$0].x < boxes[$1].x }
        if let index = before ?? after {
            let words = (lines[index].line.words + piece.line.words).sorted { $0.boundingBox.minX < $1.boundingBox.minX }
            lines[index] = PreparedLine(line: lines[index].line.replacingWords(with: words), preparedBox: lines[index].preparedBox.union(box))
        } else {
            let position = lines.firstIndex { $0.preparedBox.y > box.y } ?? lines.endIndex
            lines.insert(piece, at: position)
        }
    }
}
