/// Finds tables drawn with rules: horizontal rules (and vertical ones, when drawn) that
/// meet or stack into a grid. Rows end at the horizontal rules; columns at the vertical
/// rules, or, in a table ruled only across, where its text aligns. A cell whose rule is
/// missing on one side is merged with its neighbour there.
struct RuledTableFinder {
    /// Rules meet within this many text heights (at least 4 pixels).
    static let meetingDistance = 0.5
    /// Horizontal rules this many text heights apart or closer, and spanning the same width,
    /// are the rows of one table even without vertical rules.
    static let rowSpacing = 4.0

    /// At most this many rules are looked at, the longest (rules are paired with each other:
    /// a mesh or a grille in a photograph can hold tens of thousands, and no table more).
    static let mostRules = 1_000

    let textHeight: Double

    /// The tables `rules` draw over `lines`.
    func tables(rules: [PageBox], lines: [PageLine]) -> [TableDraft] {
        let longest =
            rules.count > Self.mostRules ? Array(rules.sorted { max($0.width, $0.height) > max($1.width, $1.height) }.prefix(Self.mostRules)) : rules
        let horizontal = longest.filter { $0.width >= 4 * $0.height }
        let vertical = longest.filter { $0.height >= 4 * $0.width }
        let all = horizontal + vertical
        var groups = DisjointSets(count: all.count)
        let tolerance = max(4, Self.meetingDistance * textHeight)
        let meets = { (h: PageBox, v: PageBox) in
            v.midX >= h.left - tolerance && v.midX <= h.right + tolerance && h.midY >= v.top - tolerance && h.midY <= v.bottom + tolerance
        }
        // Rules across only (a table ruled between its rows) stack into one table; rules that
        // meet vertical ones are held together by those, and a grid stacked under another is
        // its own table.
        let meetsVertical = horizontal.map { h in vertical.contains { meets(h, $0) } }
        for i in all.indices {
            for j in all.indices where j > i {
                let (a, b) = (all[i], all[j])
                let aIsHorizontal = i < horizontal.count
                let bIsHorizontal = j < horizontal.count
                if aIsHorizontal && bIsHorizontal {
                    guard !meetsVertical[i], !meetsVertical[j] else { continue }
                    let sameWidth = a.horizontalOverlap(b) >= 0.8 * min(a.width, b.width)
                    if sameWidth && abs(a.midY - b.midY) <= Self.rowSpacing * textHeight { groups.union(i, j) }
                } else if aIsHorizontal != bIsHorizontal {
                    let (h, v) = aIsHorizontal ? (a, b) : (b, a)
                    if meets(h, v) { groups.union(i, j) }
                }
            }
        }
        return groups.groups().compactMap { members in
            table(
                horizontal: members.filter { $0 < horizontal.count }.map { all[$0] },
                vertical: members.filter { $0 >= horizontal.count }.map { all[$0] }, lines: lines, tolerance: tolerance)
        }
    }

    private func table(horizontal: [PageBox], vertical: [PageBox], lines: [PageLine], tolerance: Double) -> TableDraft? {
        guard var region = (horizontal + vertical).union else { return nil }
        var rowLines = Self.merged(horizontal.map(\.midY), within: tolerance)
        // Two rules across alone are an underline and a border, not a table's rows.
        guard rowLines.count >= (vertical.isEmpty ? 3 : 2) else { return nil }
        // A header row above the first rule, a last row below the last (a table ruled only
        // between its rows): text in two or more cells, or between vertical rules that reach
        // past the edge, within a row's height of it.
        let rowHeight = zip(rowLines, rowLines.dropFirst()).map { $1 - $0 }.sorted()[(rowLines.count - 1) / 2]
        // The row of text nearest the edge, within the band.
        let outside = { (band: ClosedRange<Double>, nearestFirst: Bool) -> [PageLine] in
            let rows = TextColumns.rows(of: lines.filter { band.contains($0.box.midY) && $0.box.horizontalOverlap(region) > 0.5 * $0.box.width })
            return (nearestFirst ? rows.first : rows.last) ?? []
        }
        let (first, last) = (rowLines[0], rowLines[rowLines.count - 1])
        // A frame closed at an edge (its sides end at its first or last rule) has no row past it.
        let closedAbove = !vertical.isEmpty && !vertical.contains { $0.top < first - tolerance }
        let closedBelow = !vertical.isEmpty && !vertical.contains { $0.bottom > last + tolerance }
        let above = closedAbove ? [] : outside((first - 1.5 * rowHeight)...(first - 1), false)
        if let top = above.map(\.box.top).min(), let middle = above.map(\.box).union?.midY,
            Self.isRow(above, textHeight: textHeight) || vertical.contains(where: { $0.top < middle })
        {
            rowLines.insert(top - 2, at: 0)
            region.top = min(region.top, top - 2)
        }
        let below = closedBelow ? [] : outside((last + 1)...(last + 1.5 * rowHeight), true)
        if let bottom = below.map(\.box.bottom).max(), let middle = below.map(\.box).union?.midY,
            Self.isRow(below, textHeight: textHeight) || vertical.contains(where: { $0.bottom > middle })
        {
            rowLines.append(bottom + 2)
            region.bottom = max(region.bottom, bottom + 2)
        }
        let inside = lines.filter { region.contains(x: $0.box.midX, y: $0.box.midY) }
        let words = inside.flatMap(\.words)
        guard !words.isEmpty else { return nil }
        // Columns: the vertical rules (the edges of the table added where none is drawn), or
        // where the text aligns.
        var columnLines = Self.merged(vertical.map(\.midX), within: tolerance)
        if columnLines.first.map({ $0 - region.left > tolerance }) ?? true { columnLines.insert(region.left, at: 0) }
        if columnLines.last.map({ region.right - $0 > tolerance }) ?? true { columnLines.append(region.right) }
        let ruledColumns = columnLines.count > 2
        if !ruledColumns {
            let rows = (0..<(rowLines.count - 1)).map { row in words.filter { $0.box.midY > rowLines[row] && $0.box.midY < rowLines[row + 1] } }
            let bands = TextColumns.bands(of: rows, textHeight: textHeight)
            guard bands.count >= 2 else { return nil }
            columnLines = [region.left] + zip(bands, bands.dropFirst()).map { ($0.upperBound + $1.lowerBound) / 2 } + [region.right]
        }
        let rowCount = rowLines.count - 1
        let columnCount = columnLines.count - 1
        guard rowCount >= 2 || (rowCount >= 1 && columnCount >= 2 && ruledColumns), columnCount >= 2 else { return nil }
        let covers = { (rules: [PageBox], x: Double, y: Double) in
            rules.contains { $0.left - tolerance <= x && x <= $0.right + tolerance && $0.top - tolerance <= y && y <= $0.bottom + tolerance }
        }
        var merged = DisjointSets(count: rowCount * columnCount)
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                let middle = ((rowLines[row] + rowLines[row + 1]) / 2, (columnLines[column] + columnLines[column + 1]) / 2)
                if ruledColumns, column + 1 < columnCount, !covers(vertical, columnLines[column + 1], middle.0) {
                    merged.union(row * columnCount + column, row * columnCount + column + 1)
                }
                if row + 1 < rowCount, !covers(horizontal, middle.1, rowLines[row + 1]) {
                    merged.union(row * columnCount + column, (row + 1) * columnCount + column)
                }
            }
        }
        let cells = merged.groups().map { members -> TableDraft.Cell in
            let rows = members.map { $0 / columnCount }
            let columns = members.map { $0 % columnCount }
            let (top, bottom) = (rows.min() ?? 0, rows.max() ?? 0)
            let (left, right) = (columns.min() ?? 0, columns.max() ?? 0)
            let box = PageBox(left: columnLines[left], top: rowLines[top], right: columnLines[right + 1], bottom: rowLines[bottom + 1])
            return TableDraft.Cell(
                box: box, words: words.filter { box.contains(x: $0.box.midX, y: $0.box.midY) }, rows: top...bottom, columns: left...right)
        }
        return TableDraft(
            cells: cells, rowCount: rowCount, columnCount: columnCount, isRuled: true, box: region, lineIndices: inside.map(\.index))
    }

    /// Whether `lines` hold text in two or more cells (a table's row, not a caption).
    private static func isRow(_ lines: [PageLine], textHeight: Double) -> Bool {
        TextColumns.segments(of: lines.flatMap(\.words), gap: TextColumns.cellGap * textHeight).count >= 2
    }

    /// `values` sorted, those within `tolerance` of the previous kept one dropped.
    private static func merged(_ values: [Double], within tolerance: Double) -> [Double] {
        var kept: [Double] = []
        for value in values.sorted() where kept.last.map({ value - $0 > tolerance }) ?? true { kept.append(value) }
        return kept
    }
}
