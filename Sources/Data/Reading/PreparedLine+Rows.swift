import Domain

extension PreparedLine {
    /// `piece` joined to the line it continues on its row (its words in order along it), or inserted as
    /// a line of its own before the first line below it.
    static func join(_ piece: PreparedLine, into lines: inout [PreparedLine]) {
        let box = piece.preparedBox
        let onRow = lines.indices.filter { index in
            let other = lines[index].preparedBox
            let overlap = min(other.maxY, box.maxY) - max(other.y, box.y)
            // A line more than twice as tall holds the piece on its row only around its middle
            // (not small print Tesseract took into a logo's line box, above or below it).
            return Double(overlap) >= 0.5 * Double(min(other.height, box.height))
                && (other.height <= 2 * box.height || ReadingOrder.sameRow(other, box))
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
            let position = lines.firstIndex { $0.preparedBox.centerY > box.centerY } ?? lines.endIndex
            lines.insert(piece, at: position)
        }
    }
}
