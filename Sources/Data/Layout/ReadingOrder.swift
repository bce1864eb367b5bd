import Domain

/// The order in which a page's text lines are read, grouped into blocks.
///
/// A recursive XY-cut over the lines' boxes: the page is split at its widest gap —
/// between rows (a horizontal cut) or between columns (a vertical cut) — and each part is
/// split again, top before bottom, left before right. A vertical cut is taken only between
/// real columns: where the lines on its two sides do not sit on the same rows (a table, a
/// receipt's labels and amounts, a form are read across, row by row), unless one side is
/// running text that fills its column (prose columns whose lines happen to align, as on
/// slides set in one font and leading) — and the other side's lines do not all stand beside
/// short lines of it (amounts beside their labels, among long "label: value" lines). Pieces of one printed line that layout analysis
/// split apart (a bold word, a wide space) are joined first, so they count as one line.
enum ReadingOrder {
    /// Lines whose centres are closer than this share of the taller one's height sit on one row.
    static let rowTolerance = 0.35
    /// Pieces of a row closer than this many text heights are one line.
    static let fragmentGap = 1.5
    /// A gap between columns is at least this many text heights wide.
    static let columnGap = 1.5
    /// A gutter between panels is at least this many times as wide as the gaps between
    /// the columns of the panel left of it.
    static let gutterFactor = 2.0
    /// A gap between rows is wider than this share of a text height.
    static let rowGap = 0.4
    /// Two sides are read across when at least this share of one side's lines has a
    /// partner on the same row on the other side.
    static let alignedShare = 0.5

    /// The lines, joined where they are pieces of one line, in blocks in reading order.
    /// - Parameters:
    ///   - lines: Text line boxes (any order), in pixels.
    ///   - textHeight: The page's typical text height, in the same pixels.
    static func blocks(of lines: [PixelRect], textHeight: Double) -> [[PixelRect]] {
        blocks(of: lines, pictures: [], textHeight: textHeight).blocks
    }

    /// The lines and `pictures` (see `TextLineFinder.pictures`) in blocks in reading order.
    /// The cuts are chosen by the text lines alone (a food photo on a menu board bridges its
    /// gutters); pictures stay in the blocks they lie in, and those a cut runs through are
    /// returned apart (`straddling`), to be read on their own.
    ///
    /// `rules`: the page's horizontal rules (`PreparedImage.rules`). A rule across every line
    /// of a part, with lines above and below it, cuts the part there before any gap does,
    /// and a part with rules across it just above and just below (`ruledRowMargin`) holding
    /// at most `ruledRowLines` rows is a ruled table's row: where the gaps would cut it into
    /// columns, it is read across its cells instead, first lines first (a card slip's
    /// `승인번호` / `63267125` beside `금액 93,182원`, whose line sits between theirs:
    /// `승인번호`, `금액 93,182원`, `63267125`).
    static func blocks(of lines: [PixelRect], pictures: Set<PixelRect>, textHeight: Double, rules: [PixelRect] = [])
        -> (blocks: [[PixelRect]], straddling: [PixelRect])
    {
        let joined = joiningFragments(lines.filter { !pictures.contains($0) }, textHeight: textHeight)
        var straddling: [PixelRect] = []
        let page = Cutting(pictures: pictures, textHeight: max(1, textHeight), rules: rules.sorted { $0.y < $1.y })
        let blocks = page.cut(joined + lines.filter { pictures.contains($0) }, straddling: &straddling)
        return (blocks.filter { !$0.isEmpty }, straddling)
    }

    /// A rule runs across a part's lines when it covers at least this share of their width.
    static let ruleSpan = 0.9
    /// A part ruled above and below with at most this many rows is a table's row.
    static let ruledRowLines = 3
    /// A row's rules are at most this many text heights from its lines.
    static let ruledRowMargin = 1.5

    /// Lines on one row whose gap is under `fragmentGap` text heights, joined into one box.
    static func joiningFragments(_ lines: [PixelRect], textHeight: Double) -> [PixelRect] {
        joiningFragments(lines) { left, right in Double(right.x - left.maxX) < fragmentGap * textHeight }
    }

    /// Lines on one row joined into one box where `close(left, right)` holds, left to right.
    ///
    /// Each line joins the first box so far (in the order they were begun) on its row that
    /// it is close to. The boxes are filed by their centre's height, so that only those
    /// whose centre could be on the line's row are asked: a photo's texture gives thousands.
    static func joiningFragments(_ lines: [PixelRect], where close: (PixelRect, PixelRect) -> Bool) -> [PixelRect] {
        var joined: [PixelRect] = []
        var rows = CentreIndex(band: max(4, lines.map(\.height).sorted().dropFirst(lines.count / 2).first ?? 4))
        for line in lines.sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) }) {
            let reach = rowTolerance * Double(max(rows.tallest, line.height))
            let candidates = rows.indexes(centredWithin: (line.centerY - reach)...(line.centerY + reach))
            if let index = candidates.filter({ sameRow(joined[$0], line) && close(joined[$0], line) }).min() {
                let grown = joined[index].union(line)
                rows.move(index, from: joined[index], to: grown)
                joined[index] = grown
            } else {
                rows.add(joined.count, box: line)
                joined.append(line)
            }
        }
        return joined
    }

    /// Boxes filed by the height of their centre, in bands `band` pixels high.
    private struct CentreIndex {
        let band: Int
        private var bands: [Int: [Int]] = [:]
        /// The tallest box filed so far.
        private(set) var tallest = 0

        init(band: Int) {
            self.band = band
        }

        private func key(_ centre: Double) -> Int { Int((centre / Double(band)).rounded(.down)) }

        mutating func add(_ index: Int, box: PixelRect) {
            bands[key(box.centerY), default: []].append(index)
            tallest = max(tallest, box.height)
        }

        mutating func move(_ index: Int, from old: PixelRect, to new: PixelRect) {
            bands[key(old.centerY)]?.removeAll { $0 == index }
            add(index, box: new)
        }

        /// The boxes whose centre lies in `span` (and perhaps a few just outside it).
        func indexes(centredWithin span: ClosedRange<Double>) -> [Int] {
            let low = key(span.lowerBound)
            let high = key(span.upperBound)
            if high - low > bands.count { return bands.filter { $0.key >= low && $0.key <= high }.flatMap(\.value) }
            return (low...high).flatMap { bands[$0] ?? [] }
        }
    }

    /// The recursive cut over one page's lines.
    private struct Cutting {
        let pictures: Set<PixelRect>
        let textHeight: Double
        /// Horizontal rules, top to bottom.
        let rules: [PixelRect]

        /// `lines` in blocks.
        func cut(_ lines: [PixelRect], straddling: inout [PixelRect]) -> [[PixelRect]] {
            guard lines.count > 1 else { return [lines] }
            let text = lines.filter { !pictures.contains($0) }
            guard let chosen = ruleAcross(text).map({ (vertical: false, at: $0) }) ?? widestGap(in: text) else { return [lines] }
            // A ruled table's row is not cut into columns: it is read across its cells.
            if chosen.vertical, isTableRow(text) { return acrossCells(lines) }
            let (first, second) = split(lines, vertically: chosen.vertical, at: chosen.at)
            straddling += lines.filter { line in !first.contains(line) && !second.contains(line) }
            return cut(first, straddling: &straddling) + cut(second, straddling: &straddling)
        }

        /// The widest gap to cut `text` at: between columns (`isColumnBoundary`) or between rows.
        func widestGap(in text: [PixelRect]) -> (vertical: Bool, at: Int)? {
            var best: (width: Int, vertical: Bool, at: Int)?
            for gap in gaps(text.map { ($0.x, $0.maxX) }) where Double(gap.width) >= columnGap * textHeight {
                let (left, right) = split(text, vertically: true, at: gap.middle)
                guard isColumnBoundary(left: left, right: right, textHeight: textHeight) || isGutter(gap.width, left: left, right: right)
                else { continue }
                if gap.width > best?.width ?? 0 { best = (gap.width, true, gap.middle) }
            }
            for gap in gaps(text.map { ($0.y, $0.maxY) }) where Double(gap.width) > rowGap * textHeight {
                if gap.width > best?.width ?? 0 { best = (gap.width, false, gap.middle) }
            }
            return best.map { ($0.vertical, $0.at) }
        }

        /// Whether a gap `width` wide between `left` and `right` is a gutter between panels
        /// read one after the other, though their rows line up (menu boards side by side, each
        /// with its names and prices): each side holds columns of its own, and the gap is at
        /// least `gutterFactor` times the widest gap between the left side's columns.
        func isGutter(_ width: Int, left: [PixelRect], right: [PixelRect]) -> Bool {
            guard left.count >= 3, right.count >= 3 else { return false }
            let columnGaps = { (lines: [PixelRect]) in
                gaps(lines.map { ($0.x, $0.maxX) }).map(\.width).filter { Double($0) >= columnGap * textHeight }
            }
            guard let widestLeft = columnGaps(left).max(), !columnGaps(right).isEmpty else { return false }
            return Double(width) >= gutterFactor * Double(widestLeft)
        }

        /// The rules that run across `box` (`ruleSpan` of its width).
        func rules(across box: PixelRect) -> [PixelRect] {
            rules.filter { Double(min($0.maxX, box.maxX) - max($0.x, box.x)) >= ruleSpan * Double(box.width) }
        }

        /// Whether `lines` are one row of a ruled table: at most `ruledRowLines` rows, with
        /// a rule across them (`ruleSpan` of their width) within `ruledRowMargin` text heights
        /// above their top and another as close below their bottom.
        func isTableRow(_ lines: [PixelRect]) -> Bool {
            guard let box = PixelRect.enclosing(lines), rowCount(lines) <= ruledRowLines else { return false }
            let margin = Int((ruledRowMargin * textHeight).rounded())
            let across = rules(across: box)
            let above = across.contains { $0.maxY <= box.y && box.y - $0.maxY <= margin }
            let below = across.contains { $0.y >= box.maxY && $0.y - box.maxY <= margin }
            return above && below
        }

        /// The height of the first rule that runs across `lines` (`ruleSpan` of their width)
        /// with some of them wholly above it and the rest wholly below.
        func ruleAcross(_ lines: [PixelRect]) -> Int? {
            guard let box = PixelRect.enclosing(lines), box.width > 0 else { return nil }
            for rule in rules(across: box) {
                let at = rule.y + rule.height / 2
                let above = lines.filter { $0.maxY <= at }.count
                let below = lines.filter { $0.y >= at }.count
                if above > 0, below > 0, above + below == lines.count { return at }
            }
            return nil
        }

        /// A ruled table row's lines in the order they are read: cell by cell across, the
        /// cells' first lines, then their second lines, and so on (a cell is a column of the
        /// row, apart from the others by whitespace: `2023.08.20`, `카카오페이`, `주식회사
        /// 에스에스`, `(주)이마트`, …, then that cell's `지닷컴`). Lines so read one after
        /// another on one centre line (`sameRow`) are one block; a line off it starts the
        /// next. (Read as one block, lines of cells side by side at different heights merge
        /// into crooked rows: `할부` read `we`, `일시불` lost.)
        func acrossCells(_ lines: [PixelRect]) -> [[PixelRect]] {
            var cells: [[PixelRect]] = []
            for line in lines.sorted(by: { $0.x < $1.x }) {
                if let last = cells.last, let right = last.map(\.maxX).max(), line.x < right {
                    cells[cells.count - 1].append(line)
                } else {
                    cells.append([line])
                }
            }
            let ranked = cells.flatMap { cell in cell.sorted { $0.y < $1.y }.enumerated().map { (rank: $0.offset, line: $0.element) } }
            var blocks: [[PixelRect]] = []
            for (_, line) in ranked.sorted(by: { ($0.rank, $0.line.x) < ($1.rank, $1.line.x) }) {
                if let first = blocks.last?.first, sameRow(first, line) {
                    blocks[blocks.count - 1].append(line)
                } else {
                    blocks.append([line])
                }
            }
            return blocks
        }

        /// How many rows `lines` stand in (lines whose heights overlap share one).
        func rowCount(_ lines: [PixelRect]) -> Int {
            var rows = 0
            var bottom = Int.min
            for line in lines.sorted(by: { $0.y < $1.y }) {
                if line.y >= bottom { rows += 1 }
                bottom = max(bottom, line.maxY)
            }
            return rows
        }
    }

    /// Whether a whitespace gap between `left` and `right` separates columns to be read
    /// one after the other (rather than rows to be read across).
    static func isColumnBoundary(left: [PixelRect], right: [PixelRect], textHeight: Double) -> Bool {
        guard !left.isEmpty, !right.isEmpty else { return false }
        if alternate(left, right, textHeight: textHeight) { return false }
        let aligned = alignedShare(of: left, with: right) >= alignedShare || alignedShare(of: right, with: left) >= alignedShare
        guard aligned else { return true }
        let leftProse = isProse(left, textHeight: textHeight)
        let rightProse = isProse(right, textHeight: textHeight)
        // Specks stand beside nothing: a comma's tail below the row of its amount has no label
        // beside it, and made the amount a column of its own.
        let text = { (lines: [PixelRect]) in lines.filter { !isSpeck($0, textHeight: textHeight) } }
        if leftProse, !rightProse { return !standsBesideShortLines(text(right), of: left) && !standsInCells(right) }
        if rightProse, !leftProse { return !standsBesideShortLines(text(left), of: right) && !standsInCells(left) }
        return leftProse
    }

    /// Whether `lines` stand in a table's cells: four or more, each on a row with another
    /// of them (the cells of a row), so that they are the values of the rows beside them,
    /// not a column of text.
    static func standsInCells(_ lines: [PixelRect]) -> Bool {
        lines.count >= 4 && lines.allSatisfy { line in lines.contains { $0 != line && sameRow(line, $0) } }
    }

    /// Whether the lines of two sides alternate down the page, a line or two of one, then of
    /// the other, each apart from every line of the other side by a gap between rows
    /// (`rowGap`): a receipt's item names with their amounts on the row below, far to the
    /// right. Rows staggered, not columns, even when both are long enough to be prose
    /// (columns of prose whose leading is offset run beside each other; a cell's label and
    /// value touch the amount centred beside them).
    static func alternate(_ left: [PixelRect], _ right: [PixelRect], textHeight: Double) -> Bool {
        guard !left.isEmpty, !right.isEmpty else { return false }
        let gap = Int((rowGap * textHeight).rounded(.up))
        let near = left.contains { line in right.contains { min($0.maxY, line.maxY) + gap > max($0.y, line.y) } }
        guard !near else { return false }
        // Rows of each side (pieces of one row count once), top to bottom.
        let lines = (left.map { ($0, true) } + right.map { ($0, false) }).sorted { $0.0.centerY < $1.0.centerY }
        var run = 0
        for (index, (line, side)) in lines.enumerated() {
            if index == 0 || lines[index - 1].1 != side {
                run = 1
            } else if !sameRow(lines[index - 1].0, line) {
                run += 1
            }
            if run > 2 { return false }
        }
        return true
    }

    /// Whether every line of `lines` sits on a row with a line of `text` that is short for
    /// it (under `shortLine` of its widest): values beside their labels, not a column beside
    /// full lines of running text.
    static func standsBesideShortLines(_ lines: [PixelRect], of text: [PixelRect]) -> Bool {
        let widest = Double(text.map(\.width).max() ?? 0)
        return lines.allSatisfy { line in
            let partners = text.filter { sameRow(line, $0) }
            return !partners.isEmpty && partners.allSatisfy { Double($0.width) < shortLine * widest }
        }
    }

    /// A line under this share of its column's widest is short (a label, a paragraph's end).
    static let shortLine = 0.5

    /// The share of `lines` that have a line of `others` on the same row.
    static func alignedShare(of lines: [PixelRect], with others: [PixelRect]) -> Double {
        guard !lines.isEmpty else { return 0 }
        return Double(lines.filter { line in others.contains { sameRow(line, $0) } }.count) / Double(lines.count)
    }

    /// Running text filling a column: three lines or more, most of them long (ten text
    /// heights: a dozen characters or more, longer than a receipt's item names) and about as
    /// wide as the widest.
    static func isProse(_ lines: [PixelRect], textHeight: Double) -> Bool {
        guard lines.count >= 3 else { return false }
        let widths = lines.map(\.width).sorted()
        let widest = Double(widths.last ?? 0)
        let full = widths.filter { Double($0) >= 0.7 * widest }.count
        return Double(widths[widths.count / 2]) >= proseLength * textHeight && Double(full) >= 0.6 * Double(widths.count)
    }

    /// Prose lines are at least this many text heights long.
    static let proseLength = 10.0

    /// A line of text is at least this share of the text height tall and wide.
    static let textSizedShare = 0.7

    /// Whether `line` is text-sized (`textSizedShare`), not a rule or a speck.
    static func isTextSized(_ line: PixelRect, textHeight: Double) -> Bool {
        Double(min(line.width, line.height)) >= textSizedShare * textHeight
    }

    /// Whether `line` is a speck: under `textSizedShare` of the text height both tall and wide.
    static func isSpeck(_ line: PixelRect, textHeight: Double) -> Bool {
        Double(max(line.width, line.height)) < textSizedShare * textHeight
    }

    static func sameRow(_ a: PixelRect, _ b: PixelRect) -> Bool {
        abs(a.centerY - b.centerY) < rowTolerance * Double(max(a.height, b.height))
    }

    /// The whitespace between the merged intervals, with its width and middle.
    private static func gaps(_ intervals: [(Int, Int)]) -> [(width: Int, middle: Int)] {
        var merged: [(Int, Int)] = []
        for (start, end) in intervals.sorted(by: { $0.0 < $1.0 }) {
            if let last = merged.last, start <= last.1 {
                merged[merged.count - 1].1 = max(last.1, end)
            } else {
                merged.append((start, end))
            }
        }
        return zip(merged, merged.dropFirst()).map { ($1.0 - $0.1, ($0.1 + $1.0) / 2) }
    }

    private static func split(_ lines: [PixelRect], vertically: Bool, at position: Int) -> ([PixelRect], [PixelRect]) {
        let before = lines.filter { vertically ? $0.maxX <= position : $0.maxY <= position }
        let after = lines.filter { vertically ? $0.x >= position : $0.y >= position }
        return (before, after)
    }
}
