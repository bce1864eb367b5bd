/// Rows a reading took apart: a column of labels read before the column of their amounts.
extension ReceiptExtractor {
    /// `lines` with each run of lines that are only an amount joined to the label-only lines
    /// above it (since the last line with an amount), in order: `주차요금`, `받을금액`,
    /// `현금`, then `28,100` three times, become `주차요금 28,100` and so on.
    ///
    /// A photographed slip whose amounts stand far right of their labels is sometimes read
    /// as two columns, and then no label has an amount. The runs are paired when the labels
    /// and amounts are as many (a label repeated on the next line counts once); when all the
    /// amounts are equal, each total or payment label takes it whatever the counts (the
    /// column read apart may have lost a line). Anything else is left as read. A joined line
    /// keeps the label line's index.
    static func rejoiningRowsReadApart(_ lines: [ReceiptLine]) -> [ReceiptLine] {
        var joined = rejoiningRowsByPosition(lines)
        var end = joined.endIndex
        while end > joined.startIndex {
            // The last run of amount-only lines before `end`.
            guard let last = joined[..<end].lastIndex(where: isAmountOnly) else { break }
            var start = last
            while start > joined.startIndex, isAmountOnly(joined[start - 1]) { start -= 1 }
            let amounts = Array(joined[start...last])
            var labels: [Int] = []
            var cursor = start
            while cursor > joined.startIndex, joined[cursor - 1].trailingAmount == nil {
                cursor -= 1
                if isLabelOnly(joined[cursor]), labels.first.map({ joined[$0].compact != joined[cursor].compact }) ?? true {
                    labels.insert(cursor, at: 0)
                }
            }
            end = cursor
            let values = Set(amounts.compactMap { $0.trailingAmount?.amount })
            let pairs: [(label: Int, amount: ReceiptLine)]
            if labels.count == amounts.count {
                pairs = Array(zip(labels, amounts))
            } else if values.count == 1, let amount = amounts.first {
                pairs = labels.filter { joined[$0].containsLabel(anyOf: Keywords.total.map(\.label) + Keywords.paid + ["요금"]) }.map { ($0, amount) }
            } else {
                continue
            }
            guard !pairs.isEmpty else { continue }
            for (label, amount) in pairs {
                joined[label] = joined[label].joined(with: amount)
            }
            joined.removeSubrange(start...last)
        }
        return joined
    }

    /// `lines` with each amount-only line (or quantity and amount, `2 10,600`) joined to the
    /// one line printed on the same row to its left, wherever the reading put it: a column of
    /// amounts read after everything else (`700`, `3,800`, … after `감사합니다`) goes back to
    /// its labels and items by where it was printed, whatever the counts. Lines whose boxes share no row
    /// (a result made from text alone) are left to `rejoiningRowsReadApart`'s counting.
    static func rejoiningRowsByPosition(_ lines: [ReceiptLine]) -> [ReceiptLine] {
        var joined = lines
        var moved: Set<Int> = []
        let movable = { (line: ReceiptLine) in isAmountOnly(line) || isQuantityAndAmount(line) }
        let shift = columnShift(lines, movable: movable)
        let drift = driftingShifts(lines, movable: movable)
        for (position, line) in lines.enumerated() where movable(line) {
            let box = line.line.boundingBox
            let offset = drift[position] ?? shift
            let partners = lines.indices.filter { other in
                let candidate = lines[other].line.boundingBox
                return other != position && !moved.contains(other) && !movable(lines[other]) && candidate.standsLeft(of: box)
                    && abs(candidate.midY + offset - box.midY) < 0.5 * min(candidate.height, box.height)
            }
            // Only a row that is plain: one line beside it (a slanted photo's rows drift, and
            // a guess between two is left to the counting).
            guard partners.count == 1, let partner = partners.first else { continue }
            joined[partner] = joined[partner].joined(with: line)
            moved.insert(position)
        }
        return joined.indices.filter { !moved.contains($0) }.map { joined[$0] }
    }

    /// How far the column of amounts stands above (positive, y up) the rows it belongs to:
    /// on a photograph taken at a slant, a column far right of its labels drifts by up to
    /// half a row. The median, over the movable lines, of the offset to the nearest line on
    /// their left within a line's height, when every one of them lies the same way; 0 with
    /// fewer than two, or when they point both ways (half a row off, up and down are alike,
    /// and a guess would pair each amount with its neighbour's label).
    static func columnShift(_ lines: [ReceiptLine], movable: (ReceiptLine) -> Bool) -> Double {
        let offsets = lines.filter(movable).compactMap { line -> Double? in
            let box = line.line.boundingBox
            return lines.filter { !movable($0) && $0.line.boundingBox.standsLeft(of: box) }
                .map { box.midY - $0.line.boundingBox.midY }
                .filter { abs($0) < box.height }
                .min { abs($0) < abs($1) }
        }.sorted()
        guard offsets.count >= 2, offsets.allSatisfy({ $0 > 0 }) || offsets.allSatisfy({ $0 < 0 }) else { return 0 }
        return offsets[offsets.count / 2]
    }

    /// How far each movable line (by its index in `lines`) stands above (positive, y up)
    /// the row it belongs to, on a photograph whose column of amounts drifts further off its
    /// rows down the page (0.012 below its items at the top of a slanted receipt, 0.023
    /// below its totals at the bottom, where the line below is nearer than its own). From
    /// the top, the drift is taken from the first line plainly beside one row (its nearest
    /// line on the left within half a line's height, the next at least `plainRow` times as
    /// far), then followed line by line: each takes the row nearest to where the drift so far
    /// puts it, when within half a line's height, and carries the drift on. Lines above the
    /// first plain one, and every line when none is plain, are left out (the column's single
    /// shift, `columnShift`, applies to them).
    static func driftingShifts(_ lines: [ReceiptLine], movable: (ReceiptLine) -> Bool) -> [Int: Double] {
        var shifts: [Int: Double] = [:]
        var drift: Double?
        let column = lines.indices.filter { movable(lines[$0]) }.sorted { lines[$0].line.boundingBox.midY > lines[$1].line.boundingBox.midY }
        for position in column {
            let box = lines[position].line.boundingBox
            let rows = lines.filter { !movable($0) && $0.line.boundingBox.standsLeft(of: box) }.map(\.line.boundingBox)
                .sorted { abs($0.midY + (drift ?? 0) - box.midY) < abs($1.midY + (drift ?? 0) - box.midY) }
            guard let nearest = rows.first else { continue }
            let distance = abs(nearest.midY + (drift ?? 0) - box.midY)
            let plain = rows.count < 2 || abs(rows[1].midY + (drift ?? 0) - box.midY) >= plainRow * distance
            if distance < 0.5 * min(nearest.height, box.height), drift != nil || plain {
                drift = box.midY - nearest.midY
            }
            if let drift { shifts[position] = drift }
        }
        return shifts
    }

    /// A line is plainly beside its nearest row when the next is at least this many times as far.
    static let plainRow = 2.0

    /// A line that is a quantity and an amount and nothing else (`2 10,600`): an item's last
    /// columns, read apart from its row.
    static func isQuantityAndAmount(_ line: ReceiptLine) -> Bool {
        let tokens = line.amountTokens
        guard tokens.count == 2, quantity(tokens[0]) != nil, let amount = line.trailingAmount, amount.amount > 0 else { return false }
        return tokens[1].contains(",")
    }

    /// A line that is an amount and nothing else but a marker after it (`28,100`, `9,000원`).
    static func isAmountOnly(_ line: ReceiptLine) -> Bool {
        guard let amount = line.trailingAmount, amount.amount > 0 else { return false }
        return !line.text[..<amount.range.lowerBound].contains { $0.isLetter || $0.isNumber }
    }

    /// A short line with no digit that is an amount's label (`받을금액`, `주차요금`, `세 액`),
    /// not a column heading (`품명 수량 금액`).
    static func isLabelOnly(_ line: ReceiptLine) -> Bool {
        guard !line.text.contains(where: \.isNumber), (2...8).contains(line.compact.count), !isHeader(line) else { return false }
        let labels = Keywords.total.map(\.label) + Keywords.paid + Keywords.subtotal + Keywords.vat + Keywords.taxable
        return line.containsLabel(anyOf: labels + Keywords.discount) || line.compact.hasSuffix("요금") || line.compact.hasSuffix("금액")
    }
}

extension ReceiptLine {
    /// This line with `other`'s text and words after its own, under this line's index.
    func joined(with other: ReceiptLine) -> ReceiptLine {
        var combined = line
        combined.text = line.text + " " + other.line.text
        combined.words = line.words + other.line.words
        combined.boundingBox = line.boundingBox.union(other.line.boundingBox)
        combined.confidence = min(line.confidence, other.line.confidence)
        return ReceiptLine(index: index, line: combined)
    }
}

extension NormalizedRect {
    /// Whether this box ends left of where `other` begins (a hundredth of the width of
    /// overlap allowed): a label or an item beside its amount.
    fileprivate func standsLeft(of other: NormalizedRect) -> Bool {
        maxX <= other.minX + 0.01
    }
}
