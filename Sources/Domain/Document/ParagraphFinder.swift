/// Groups lines into paragraphs — lines one under the other, close together, of one size —
/// and names the larger ones headings, the largest at the top the page's title.
struct ParagraphFinder {
    /// Lines of a paragraph are at most this many line heights apart.
    static let lineGap = 0.9
    /// Lines of a paragraph differ in height by at most this factor.
    static let heightRatio = 1.35
    /// A heading's text is at least this many times the height of the page's body text.
    static let headingSize = 1.3
    /// The title's text is at least this many times the height of the body's.
    static let titleSize = 1.5
    /// A heading holds at most this many characters.
    static let headingLength = 50

    /// The paragraphs of `lines` (in reading order); `bodyHeight` is the page's typical line height.
    func paragraphs(lines: [PageLine], bodyHeight: Double, in size: ImageSize) -> [DocumentParagraph] {
        var groups: [[PageLine]] = []
        for line in lines {
            if let last = groups.last?.last, belongsAfter(last, line) {
                groups[groups.count - 1].append(line)
            } else {
                groups.append([line])
            }
        }
        var paragraphs = groups.map { group in
            let height = group.map(\.box.height).reduce(0, +) / Double(group.count)
            let text = Self.text(of: group)
            let isHeading = group.count <= 2 && text.count <= Self.headingLength && height >= Self.headingSize * bodyHeight
            return (
                paragraph: DocumentParagraph(
                    text: text, role: isHeading ? .heading : .body, boundingBox: (group.map(\.box).union ?? group[0].box).normalized(in: size),
                    lineIndices: group.map(\.index)), height: height
            )
        }
        // The title: the largest heading, when it is among the first paragraphs.
        if let tallest = paragraphs.indices.filter({ paragraphs[$0].paragraph.role == .heading }).max(by: {
            paragraphs[$0].height < paragraphs[$1].height
        }),
            tallest < 3, paragraphs[tallest].height >= Self.titleSize * bodyHeight
        {
            paragraphs[tallest].paragraph.role = .title
        }
        return paragraphs.map(\.paragraph)
    }

    /// The lines' text: a line that runs to the paragraph's right edge wraps into the next
    /// (a space), one that stops short ends there (a newline: a receipt's header, an address).
    static func text(of lines: [PageLine]) -> String {
        guard let right = lines.map(\.box.right).max() else { return "" }
        var text = lines[0].text
        for (previous, line) in zip(lines, lines.dropFirst()) {
            text += (previous.box.right >= right - 1.5 * previous.box.height ? " " : "\n") + line.text
        }
        return text
    }

    private func belongsAfter(_ previous: PageLine, _ line: PageLine) -> Bool {
        let (a, b) = (previous.box, line.box)
        let gap = b.top - a.bottom
        let ratio = max(a.height, b.height) / max(1, min(a.height, b.height))
        return gap <= Self.lineGap * max(a.height, b.height) && gap >= -0.5 * min(a.height, b.height) && ratio <= Self.heightRatio
            && a.horizontalOverlap(b) > 0
    }
}
