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
    /// A gap the rows leave empty, this many text heights wide or wider, separates two columns.
    static let columnGap = 0.5
    /// ... when at most this share of the rows have a word over it.
    static let strayShare = 0.2

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

    /// The columns the rows' words align in, left to right: where the words of the rows of
    /// two or more cells lie, cut where at most `strayShare` of those rows have a word (a
    /// misread box, two cells read as one word) over a gap at least `columnGap` text heights
    /// wide. A caption across the table is not counted.
    static func bands(of rows: [[PageWord]], textHeight: Double) -> [ClosedRange<Double>] {
        let counted = rows.filter { segments(of: $0, gap: cellGap * textHeight).count >= 2 }
        let boxes = counted.map { $0.map(\.box) }
        guard let left = boxes.joined().map(\.left).min(), let right = boxes.joined().map(\.right).max(), right > left else { return [] }
        // How many rows have a word over each pixel across.
        var cover = [Int](repeating: 0, count: Int(right - left) + 1)
        for row in boxes {
            var covered = [Bool](repeating: false, count: cover.count)
            for box in row {
                for x in Int(box.left - left)...Int(box.right - left) where covered.indices.contains(x) { covered[x] = true }
            }
            for x in covered.indices where covered[x] { cover[x] += 1 }
        }
        let stray = Int(strayShare * Double(counted.count))
        var bands: [ClosedRange<Double>] = []
        var start: Int?
        for x in 0...cover.count {
            let filled = x < cover.count && cover[x] > stray
            if filled, start == nil { start = x }
            if !filled, let first = start {
                let band = (left + Double(first))...(left + Double(x - 1))
                if let last = bands.indices.last, band.lowerBound - bands[last].upperBound < columnGap * textHeight {
                    bands[last] = bands[last].lowerBound...band.upperBound
                } else {
                    bands.append(band)
                }
                start = nil
            }
        }
        return bands
    }

    /// A row's cells: its words grouped by the columns of `bands` they lie in (a word across
    /// several spans them, and takes the words beside it in those columns along).
    static func cells(of words: [PageWord], in bands: [ClosedRange<Double>]) -> [(columns: ClosedRange<Int>, words: [PageWord])] {
        var cells: [(columns: ClosedRange<Int>, words: [PageWord])] = []
        for word in words.sorted(by: { $0.box.left < $1.box.left }) {
            let columns = Self.columns(of: word.box, in: bands)
            if let last = cells.indices.last, cells[last].columns.overlaps(columns) {
                cells[last].columns =
                    min(cells[last].columns.lowerBound, columns.lowerBound)...max(cells[last].columns.upperBound, columns.upperBound)
                cells[last].words.append(word)
            } else {
                cells.append((columns, [word]))
            }
        }
        return cells
    }

    /// The columns of `bands` a box spans: those holding a third of it or more, or the nearest one.
    static func columns(of box: PageBox, in bands: [ClosedRange<Double>]) -> ClosedRange<Int> {
        let overlapped = bands.indices.filter { min(box.right, bands[$0].upperBound) - max(box.left, bands[$0].lowerBound) >= box.width / 3 }
        if let first = overlapped.first, let last = overlapped.last { return first...last }
        let nearest = bands.indices.min { abs(bands[$0].midpoint - box.midX) < abs(bands[$1].midpoint - box.midX) } ?? 0
        return nearest...nearest
    }
}

extension ClosedRange<Double> {
    var midpoint: Double { (lowerBound + upperBound) / 2 }
}
