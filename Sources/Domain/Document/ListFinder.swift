/// Finds bulleted and numbered lists: two or more lines in a row that start with markers
/// of one kind (`1.`, `1)`, `(1)`, `①`, `가.`, `a.`, `-`, `•`, `○`, `■`, `※`), each perhaps
/// followed by continuation lines indented under its text.
struct ListFinder {
    /// The kinds of markers; a list's items share one.
    enum MarkerKind: Equatable {
        case number, parenthesizedNumber, circledNumber, hangul, letter
        case bullet(Character)

        var isNumbered: Bool {
            if case .bullet = self { return false }
            return true
        }
    }

    /// A line's marker, its kind, and the text after it.
    static func marker(of text: String) -> (marker: String, kind: MarkerKind, text: String)? {
        guard let match = text.firstMatch(of: Pattern.marker) else { return nil }
        let marker = String(match.1)
        let rest = String(match.2)
        let kind: MarkerKind
        if let first = marker.first, "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳".contains(first) {
            kind = .circledNumber
        } else if marker.hasPrefix("(") {
            kind = marker.dropFirst().first?.isASCIIDigit == true ? .parenthesizedNumber : .hangul
        } else if marker.first?.isASCIIDigit == true {
            kind = .number
        } else if let first = marker.first, HangulWordRepair.isHangulSyllable(first) {
            kind = .hangul
        } else if marker.count > 1, marker.first?.isLetter == true {
            kind = .letter
        } else {
            kind = .bullet(marker.first ?? "-")
        }
        return (marker, kind, rest)
    }

    /// The lists among `lines` (in reading order), and the lines they hold.
    func lists(lines: [PageLine], in size: ImageSize) -> [DocumentList] {
        var lists: [DocumentList] = []
        var items: [(marker: String, kind: MarkerKind, text: String, lines: [PageLine])] = []
        func close() {
            if items.count >= 2 {
                let listItems = items.map { item in
                    DocumentList.Item(
                        marker: item.marker, text: item.text, boundingBox: (item.lines.map(\.box).union ?? item.lines[0].box).normalized(in: size),
                        lineIndices: item.lines.map(\.index))
                }
                let box = items.flatMap { $0.lines.map(\.box) }.union ?? items[0].lines[0].box
                lists.append(DocumentList(items: listItems, isNumbered: items[0].kind.isNumbered, boundingBox: box.normalized(in: size)))
            }
            items = []
        }
        for line in lines {
            if let found = Self.marker(of: line.text) {
                if let first = items.first, first.kind != found.kind || !isNear(line, items[items.count - 1].lines) { close() }
                items.append((found.marker, found.kind, found.text, [line]))
            } else if let last = items.last, let previous = last.lines.last, isNear(line, last.lines),
                line.box.left >= previous.box.left + 0.3 * previous.box.height
            {
                // A continuation, indented under the item's text.
                items[items.count - 1].lines.append(line)
                items[items.count - 1].text += " " + line.text
            } else {
                close()
            }
        }
        close()
        return lists
    }

    /// Whether `line` follows `previous` closely enough to belong to the same list.
    private func isNear(_ line: PageLine, _ previous: [PageLine]) -> Bool {
        guard let last = previous.last else { return false }
        let gap = line.box.top - last.box.bottom
        return gap <= 1.5 * max(line.box.height, last.box.height) && gap >= -0.5 * last.box.height
    }
}

private enum Pattern {
    nonisolated(unsafe) static let marker =
        #/^\s*(\d{1,2}[.)](?!\d)|\(\d{1,2}\)|[①-⑳]|[가나다라마바사아자차카타파하][.)]|\([가나다라마바사아자차카타파하]\)|[a-z][.)](?![a-z.])|[-–•·ㆍ・∙▪◦●○■□▶►※✓*])\s*(\S.*)$/#
}
