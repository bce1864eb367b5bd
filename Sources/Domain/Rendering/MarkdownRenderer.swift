/// Writes a result's document view as Markdown (CommonMark with GitHub's pipe tables):
/// the title and headings as `#` and `##` headings, paragraphs, lists as Markdown lists,
/// tables as pipe tables (the first row the header; a merged cell's text in its first
/// place), then the barcodes' payloads. What `ocr scan --format markdown` prints.
public struct MarkdownRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The Markdown of one page.
    public func page(_ result: OCRResult) -> String {
        let document = result.document
        var blocks: [String] = document.blocks.map { block in
            switch block {
            case .paragraph(let paragraph): self.paragraph(paragraph)
            case .list(let list): self.list(list)
            case .table(let table): self.table(table)
            }
        }
        if !document.barcodes.isEmpty {
            blocks.append(
                document.barcodes.map { "- \(Self.escaped($0.symbology)): `\($0.payload.replacingOccurrences(of: "`", with: "'"))`" }.joined(
                    separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + (blocks.isEmpty ? "" : "\n")
    }

    private func paragraph(_ paragraph: DocumentParagraph) -> String {
        let lines = paragraph.text.split(whereSeparator: \.isNewline).map { Self.escapedStart(Self.escaped(String($0))) }
        switch paragraph.role {
        case .title: return "# " + lines.joined(separator: " ")
        case .heading: return "## " + lines.joined(separator: " ")
        case .body: return lines.joined(separator: "\\\n")  // a hard line break
        }
    }

    private func list(_ list: DocumentList) -> String {
        list.items.enumerated().map { number, item in
            let counts = item.marker.first?.isASCIIDigit == true
            let bullet = ListFinder.marker(of: item.marker + " x").map { !$0.kind.isNumbered } ?? true
            let prefix = counts ? "\(number + 1). " : bullet ? "- " : "- " + Self.escaped(item.marker) + " "
            return prefix + Self.escapedStart(Self.escaped(item.text))
        }.joined(separator: "\n")
    }

    private func table(_ table: DocumentTable) -> String {
        var grid = Array(repeating: Array(repeating: "", count: table.columnCount), count: table.rowCount)
        for cell in table.cells where grid.indices.contains(cell.rowRange.lowerBound) && grid[0].indices.contains(cell.columnRange.lowerBound) {
            grid[cell.rowRange.lowerBound][cell.columnRange.lowerBound] = Self.cellText(cell.text)
        }
        let row = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        guard let header = grid.first else { return "" }
        return ([row(header), row(Array(repeating: "---", count: table.columnCount))] + grid.dropFirst().map(row)).joined(separator: "\n")
    }

    private static func cellText(_ text: String) -> String {
        escaped(text).replacingOccurrences(of: "|", with: "\\|").split(whereSeparator: \.isNewline).joined(separator: "<br>")
    }

    /// `text` with the characters that would format it (emphasis, code, links, HTML) escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// `text` with a start that would make it a heading, a quote, a list item or a rule escaped.
    static func escapedStart(_ text: String) -> String {
        guard let first = text.first else { return text }
        if "#>-+=".contains(first) { return "\\" + text }
        if let match = text.prefixMatch(of: orderedListStart) {
            return String(text[..<match.1.startIndex]) + "\\" + String(text[match.1.startIndex...])
        }
        return text
    }
}

/// A number and a period or parenthesis: what starts an ordered list item.
nonisolated(unsafe) private let orderedListStart = #/\d+([.)])/#
