import Domain

/// Boxes bucketed by a square grid, for finding the boxes near one quickly.
///
/// The buckets are an array over the cells the boxes cover (a dictionary when that
/// array would be too large), and each query marks what it has listed in an array: a
/// page of a photo's texture asks tens of thousands of times, and hashing took a tenth
/// of its layout.
struct Grid {
    private let cell: Int
    /// The cells covered, as rows and columns of `cell` pixels (`/` rounds toward zero).
    private let rows: ClosedRange<Int>
    private let columns: ClosedRange<Int>
    /// Each cell's boxes in the order given, row by row over `rows` × `columns`; empty when
    /// that array would be larger than `largestArray` (then `sparse` holds them).
    private var buckets: [[Int]] = []
    private var sparse: [Int: [Int]] = [:]
    /// The query that last listed each box.
    private var listed: [Int]
    private var query = 0

    /// Grids of more cells than this keep their buckets in a dictionary.
    static let largestArray = 1 << 22

    init(_ boxes: [PixelRect], cell: Int) {
        self.cell = max(1, cell)
        let cell = self.cell
        let top = boxes.map { $0.y / cell }.min() ?? 0
        let bottom = boxes.map { $0.maxY / cell }.max() ?? 0
        let left = boxes.map { $0.x / cell }.min() ?? 0
        let right = boxes.map { $0.maxX / cell }.max() ?? 0
        rows = top...bottom
        columns = left...right
        listed = Array(repeating: 0, count: boxes.count)
        let dense = rows.count * columns.count <= Self.largestArray
        if dense { buckets = Array(repeating: [], count: rows.count * columns.count) }
        for (index, box) in boxes.enumerated() { file(index, under: box) }
    }

    /// Files box `index`, filed under `old`, under the cells `new` (which holds `old`)
    /// adds, as far as they lie among the grid's (those beyond its edge are filed under the
    /// edge's): a box grown many times is filed once per cell, not once per growth (a line
    /// growing through a photo's texture, mark by mark, took 15 s of a page's layout).
    mutating func grow(_ index: Int, from old: PixelRect, to new: PixelRect) {
        let (oldRows, oldColumns) = cells(of: old, reach: 0)
        file(index, under: new) { row, column in !(oldRows.contains(row) && oldColumns.contains(column)) }
    }

    private mutating func file(_ index: Int, under box: PixelRect, where isNew: (Int, Int) -> Bool = { _, _ in true }) {
        let (rowSpan, columnSpan) = cells(of: box, reach: 0)
        for row in rowSpan {
            for column in columnSpan where isNew(row, column) {
                if buckets.isEmpty {
                    sparse[row &* 1_000_003 &+ column, default: []].append(index)
                } else {
                    buckets[slot(row, column)].append(index)
                }
            }
        }
    }

    /// Indexes of boxes in the cells within `reach` pixels of `box` (a superset of those
    /// that are that close), each once, in the order of their cells row by row.
    mutating func candidates(near box: PixelRect, reach: Int) -> [Int] {
        query += 1
        var found: [Int] = []
        let (rowSpan, columnSpan) = cells(of: box, reach: reach)
        for row in rowSpan {
            for column in columnSpan {
                let bucket = buckets.isEmpty ? sparse[row &* 1_000_003 &+ column] ?? [] : buckets[slot(row, column)]
                for index in bucket where listed[index] != query {
                    listed[index] = query
                    found.append(index)
                }
            }
        }
        return found
    }

    /// The rows and columns of the cells within `reach` of `box`, held to the grid's.
    private func cells(of box: PixelRect, reach: Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        func held(_ low: Int, _ high: Int, to span: ClosedRange<Int>) -> ClosedRange<Int> {
            let low = min(max(low, span.lowerBound), span.upperBound)
            return low...min(max(high, low), span.upperBound)
        }
        return (
            held((box.y - reach) / cell, (box.maxY + reach) / cell, to: rows),
            held((box.x - reach) / cell, (box.maxX + reach) / cell, to: columns)
        )
    }

    private func slot(_ row: Int, _ column: Int) -> Int {
        (row - rows.lowerBound) * columns.count + (column - columns.lowerBound)
    }
}
