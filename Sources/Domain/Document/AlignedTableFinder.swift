/// Finds tables drawn without rules — a receipt's items, a price list, a timetable — as
/// runs of rows whose text falls into the same columns: at least `minimumRows` rows of two
/// or more cells one under the other, the cells separated by gaps wider than a word's.
/// Columns of prose (a two-column page) are not a table: some column must hold cells of a
/// word or two, and the layout must have read the rows across, not the columns down.
struct AlignedTableFinder {
    /// A table has at least this many rows.
    static let minimumRows = 3
    /// Rows of one table are at most this many row heights apart.
    static let rowGap = 1.6
    /// Some column of a table has cells of at most this many words (prose has more).
    static let shortCellWords = 2
    /// At least this share of a table's cells, taken row by row, follow each other in
    /// reading order (the layout read it across; columns of prose it reads down).
    static let readAcrossShare = 0.75

    /// The tables among `lines` (in reading order).
    func tables(lines: [PageLine]) -> [TableDraft] {
        let rows = TextColumns.rows(of: lines).map { row -> (lines: [PageLine], box: PageBox, segments: [[PageWord]]) in
            let box = row.map(\.box).union ?? row[0].box
            return (row, box, TextColumns.segments(of: row.flatMap(\.words), gap: TextColumns.cellGap * box.height))
        }
        var tables: [TableDraft] = []
        var run: [(lines: [PageLine], box: PageBox, segments: [[PageWord]])] = []
        func close() {
            if run.count >= Self.minimumRows, let table = table(of: run) { tables.append(table) }
            run = []
        }
        for row in rows {
            if row.segments.count < 2 {
                close()
                continue
            }
            if let last = run.last {
                let gap = row.box.top - last.box.bottom
                let aligned = row.box.horizontalOverlap(last.box) > 0
                if gap > Self.rowGap * max(row.box.height, last.box.height) || !aligned { close() }
            }
            run.append(row)
        }
        close()
        return tables
    }

    private func table(of rows: [(lines: [PageLine], box: PageBox, segments: [[PageWord]])]) -> TableDraft? {
        let heights = rows.map(\.box.height).sorted()
        let words = rows.map { $0.segments.flatMap { $0 } }
        let bands = TextColumns.bands(of: words, textHeight: heights[heights.count / 2])
        guard bands.count >= 2 else { return nil }
        var cells: [TableDraft.Cell] = []
        for (row, words) in words.enumerated() {
            for cell in TextColumns.cells(of: words, in: bands) {
                guard let box = cell.words.map(\.box).union else { continue }
                cells.append(TableDraft.Cell(box: box, words: cell.words, rows: row...row, columns: cell.columns))
            }
        }
        let wordCounts = (0..<bands.count).map { column in
            cells.filter { $0.columns.lowerBound == column }.map { $0.words.map(\.text).joined(separator: " ").split(separator: " ").count }.sorted()
        }
        guard wordCounts.contains(where: { !$0.isEmpty && $0[$0.count / 2] <= Self.shortCellWords }) else { return nil }
        let order = cells.flatMap { cell in cell.words.map(\.lineIndex) }
        let steps = zip(order, order.dropFirst()).filter { $0 != $1 }
        guard steps.isEmpty || Double(steps.filter { $0 < $1 }.count) >= Self.readAcrossShare * Double(steps.count) else { return nil }
        guard let box = rows.map(\.box).union else { return nil }
        return TableDraft(
            cells: cells, rowCount: rows.count, columnCount: bands.count, isRuled: false, box: box,
            lineIndices: rows.flatMap { $0.lines.map(\.index) })
    }
}
