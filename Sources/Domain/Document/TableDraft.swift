/// A table found on the page, in pixels, before it is written as a `DocumentTable`.
struct TableDraft {
    struct Cell {
        var box: PageBox
        var words: [PageWord]
        var rows: ClosedRange<Int>
        var columns: ClosedRange<Int>
    }

    var cells: [Cell]
    var rowCount: Int
    var columnCount: Int
    var isRuled: Bool
    var box: PageBox
    var lineIndices: [Int]

    func table(in size: ImageSize) -> DocumentTable {
        let sorted = cells.sorted { ($0.rows.lowerBound, $0.columns.lowerBound) < ($1.rows.lowerBound, $1.columns.lowerBound) }
        return DocumentTable(
            cells: sorted.map { cell in
                let box = isRuled ? cell.box : (cell.words.map(\.box).union ?? cell.box)
                return DocumentTable.Cell(
                    text: cell.words.joinedText, boundingBox: box.normalized(in: size), rowRange: cell.rows, columnRange: cell.columns)
            },
            rowCount: rowCount, columnCount: columnCount, isRuled: isRuled, boundingBox: box.normalized(in: size),
            lineIndices: lineIndices.sorted())
    }
}

/// Rows of text and the columns they align in: what both table finders read a grid's
/// columns from when no rule draws them.
enum TextColumns {
    /// A gap between words wider than this many row heights separates two cells.
    static let cellGap = 1.2

    /// The lines grouped into visual rows (lines that share most of their height), top to bottom.
    static func rows(of lines: [PageLine]) -> [[PageLine]] {
        var rows: [(box: PageBox, lines: [PageLine])] = []
        for line in lines.sorted(by: { $0.box.top < $1.box.top }) {
            if let last = rows.indices.last,
                rows[last].box.verticalOverlap(line.box) >= 0.5 * min(line.box.height, rows[last].box.height),
                rows[last].lines.allSatisfy({ $0.box.horizontalOverlap(line.box) <= 0 })
            {
                rows[last].box = rows[last].box.union(line.box)
                rows[last].lines.append(line)
            } else {
                rows.append((line.box, [line]))
            }
        }
        return rows.map(\.lines)
    }

    /// `words` (of one row) split where the gap between neighbours is wider than `gap`.
    static func segments(of words: [PageWord], gap: Double) -> [[PageWord]] {
        var segments: [[PageWord]] = []
        for word in words.sorted(by: { $0.box.left < $1.box.left }) {
            if let last = segments.indices.last, let right = segments[last].map(\.box.right).max(), word.box.left - right <= gap {
                segments[last].append(word)
            } else {
                segments.append([word])
            }
        }
        return segments
    }

    /// The columns the rows' segments align in, left to right: the extents of the segments
    /// of the rows that have the most common number of them (two or more), when those do not
    /// overlap; else the extents all segments overlap into.
    static func bands(of rows: [[PageBox]]) -> [ClosedRange<Double>] {
        let counts = Dictionary(grouping: rows.map(\.count).filter { $0 >= 2 }, by: { $0 }).mapValues(\.count)
        if let modal = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key {
            let typical = rows.filter { $0.count == modal }.map { $0.sorted { $0.left < $1.left } }
            let bands = (0..<modal).map { column in
                (typical.map { $0[column].left }.min() ?? 0)...(typical.map { $0[column].right }.max() ?? 0)
            }
            if zip(bands, bands.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound }) { return bands }
        }
        var merged: [ClosedRange<Double>] = []
        for box in rows.joined().sorted(by: { $0.left < $1.left }) {
            if let last = merged.indices.last, box.left <= merged[last].upperBound {
                merged[last] = merged[last].lowerBound...max(merged[last].upperBound, box.right)
            } else {
                merged.append(box.left...box.right)
            }
        }
        return merged
    }

    /// The columns of `bands` a segment spans: those it overlaps, or the nearest one.
    static func columns(of box: PageBox, in bands: [ClosedRange<Double>]) -> ClosedRange<Int> {
        let overlapped = bands.indices.filter { min(box.right, bands[$0].upperBound) - max(box.left, bands[$0].lowerBound) > 0 }
        if let first = overlapped.first, let last = overlapped.last { return first...last }
        let nearest = bands.indices.min { abs(bands[$0].midpoint - box.midX) < abs(bands[$1].midpoint - box.midX) } ?? 0
        return nearest...nearest
    }
}

extension ClosedRange<Double> {
    var midpoint: Double { (lowerBound + upperBound) / 2 }
}
