import Domain
import Foundation

/// Finds the text lines of a page from the boxes of its ink components.
///
/// Tesseract's own layout analysis missed whole table cells and joined tightly set
/// receipt lines into boxes two lines tall; lines are found here by geometry alone:
///
/// 1. Components that could be parts of characters are kept: neither specks nor anything
///    much larger than text (pictures, borders).
/// 2. Parts stacked within one character cell — a Hangul syllable's jamo, the dot of an
///    `i` — are joined when they overlap horizontally and nearly touch vertically, and the
///    result stays under one and a half of their heights.
/// 3. Characters are linked to their neighbours on the right when they sit on the same
///    centre line, are of comparable height and the gap is under a character height.
///
/// Each chain is a line (or a piece of one: `ReadingOrder` joins pieces on a row).
enum TextLineFinder {
    /// A chain of characters: its box, how many characters it links, and the slope of their
    /// centres (least squares; `nil` for fewer than two).
    typealias Chain = (box: PixelRect, characters: Int, slope: Double?)

    /// Components smaller than this share of the text height in both directions are specks.
    static let speck = 0.2
    /// Components taller than this many text heights, or wider than `widest`, are not text.
    static let tallest = 6.0
    static let widest = 15.0
    /// Stacked parts of one character are at most this share of the text height apart.
    static let stackGap = 0.15
    /// Neighbouring characters are at most this share of the taller one's height apart.
    static let characterGap = 1.0
    /// Neighbours' centres differ by less than this share of the taller one's height.
    static let centreShift = 0.4
    /// Ink that holds a square this many text heights wide is solid (a band, a filled box),
    /// not a stroke: a heading's strokes stay under it up to about four times the text height.
    static let solidSide = 0.6
    /// The pages with more candidate components than this are noise, not text.
    static let maximumComponents = 60_000

    /// The text lines among `components` (ink component boxes of a page whose typical text
    /// height is `textHeight`), or `nil` when there are more than `maximumComponents`.
    static func lines(in components: [PixelRect], textHeight: Double) -> [PixelRect]? {
        chains(in: components, textHeight: textHeight)?.map(\.box)
    }

    /// The lines of `lines` that are pictures rather than text: taller than `pictureHeight`
    /// text heights and holding a component more than `pictureInk` text heights both wide
    /// and tall (a photo's blobs, a QR code). Tightly set lines of text chained into one
    /// tall box hold only components of character width (two rows of print touching, a
    /// table's rule), a barcode only thin bars.
    static func pictures(among lines: [PixelRect], components: [PixelRect], textHeight: Double) -> [PixelRect] {
        lines.filter { line in
            guard Double(line.height) > pictureHeight * textHeight else { return false }
            let inside = components.filter { line.contains($0) && Double(max($0.width, $0.height)) >= speck * textHeight }
            let characterSized = inside.filter { Double($0.height) >= 0.5 * textHeight && Double($0.height) <= 1.5 * textHeight }
            return inside.contains { Double(min($0.width, $0.height)) > pictureInk * textHeight }
                || Double(characterSized.count) < pictureTextShare * Double(inside.count)
        }
    }

    /// Whether a found line is shaped like text on a page whose typical text height is
    /// `textHeight`: from `shapedShortest` to `shapedTallest` text heights tall and at least as
    /// wide as tall (not a mark, a rule's piece or a picture's blob).
    static func isShapedLikeText(_ line: PixelRect, textHeight: Double) -> Bool {
        Double(line.height) >= shapedShortest * textHeight && Double(line.height) <= shapedTallest * textHeight && line.width >= line.height
    }

    /// Lines shaped like text are at least this many text heights tall...
    static let shapedShortest = 0.6
    /// ... and at most this many (a heading, print in double height).
    static let shapedTallest = 3.0

    /// Lines taller than this many text heights may be pictures.
    static let pictureHeight = 3.0
    /// A picture holds a component wider and taller than this many text heights.
    static let pictureInk = 2.0
    /// ... or fewer than this share of character-sized components.
    static let pictureTextShare = 0.4

    /// The text lines among `components`, each with the number of characters chained in it
    /// and the slope of their centres (least squares; `nil` for fewer than two).
    static func chains(in components: [PixelRect], textHeight: Double) -> [Chain]? {
        let height = max(2, textHeight)
        let parts = components.filter { box in
            let big = Double(max(box.width, box.height)) >= speck * height
            return big && Double(box.height) <= tallest * height && Double(box.width) <= widest * height
        }
        guard parts.count <= maximumComponents else { return nil }
        let characters = joinStacked(parts, textHeight: height)
        let specks = components.filter { box in Double(max(box.width, box.height)) < speck * height && box.width >= 2 && box.height >= 2 }
        return endingWithStops(absorbingMarks(chain(characters), textHeight: height), specks: specks, textHeight: height)
    }

    /// Lines extended over the speck right after their last character, low on the line (a
    /// final period or comma, too small to count as a character), so the dot is in view
    /// when the line is read (`PageLayout.visibleAreas`).
    static func endingWithStops(
        _ lines: [Chain], specks: [PixelRect], textHeight: Double
    ) -> [Chain] {
        guard !specks.isEmpty, specks.count <= maximumComponents else { return lines }
        var grid = Grid(specks, cell: max(4, Int(textHeight)))
        var extended = lines
        for (index, line) in lines.enumerated() {
            let box = line.box
            guard Double(box.height) < 2 * textHeight else { continue }
            let reach = Int(stopReach * textHeight) + 1
            let end = PixelRect(x: box.maxX, y: box.y, width: 1, height: box.height)
            let stops = grid.candidates(near: end, reach: reach).map { specks[$0] }.filter { dot in
                dot.x >= box.maxX - 1 && Double(dot.x - box.maxX) <= stopReach * textHeight
                    && dot.centerY >= Double(box.y) + 0.5 * Double(box.height) && dot.maxY <= box.maxY + max(2, box.height / 5)
            }
            if let last = stops.max(by: { $0.x < $1.x }) { extended[index].box = box.union(last) }
        }
        return extended
    }

    /// How far after a line's last character its final stop may sit, in text heights.
    static let stopReach = 0.5

    /// Chains much lower than the text (a comma, a period, a dot of a line drawn as specks)
    /// that touch a line joined to it, so they neither stand as lines of their own nor
    /// break the rows a table or receipt is read by.
    static func absorbingMarks(_ chains: [Chain], textHeight: Double)
        -> [Chain]
    {
        var lines = chains.filter { Double($0.box.height) >= markHeight * textHeight }
        let marks = chains.filter { Double($0.box.height) < markHeight * textHeight }
        guard !marks.isEmpty, !lines.isEmpty else { return lines + marks }
        // The first line (in `lines`' order) the mark touches takes it; a line grown by a
        // mark is filed again under its new box.
        var grid = Grid(lines.map(\.box), cell: max(4, Int(textHeight)))
        var kept: [Chain] = []
        for mark in marks {
            let reach = mark.box.padded(by: max(1, Int(0.2 * textHeight)))
            let touched = grid.candidates(near: reach, reach: 0).filter { lines[$0].box.intersects(reach) }
            if let index = touched.min() {
                let grown = lines[index].box.union(mark.box)
                grid.grow(index, from: lines[index].box, to: grown)
                lines[index].box = grown
            } else {
                kept.append(mark)
            }
        }
        return lines + kept
    }

    /// Chains lower than this share of the text height are marks, not lines.
    static let markHeight = 0.5

    /// Parts overlapping horizontally and nearly touching vertically, joined into characters.
    static func joinStacked(_ parts: [PixelRect], textHeight: Double) -> [PixelRect] {
        var grid = Grid(parts, cell: max(4, Int(textHeight)))
        var sets = DisjointSets(count: parts.count)
        for (index, part) in parts.enumerated() {
            let reach = Int(stackGap * textHeight) + 1
            for other in grid.candidates(near: part, reach: reach) where other > index {
                let box = parts[other]
                let overlap = min(part.maxX, box.maxX) - max(part.x, box.x)
                let gap = max(box.y - part.maxY, part.y - box.maxY)
                let joined = part.union(box)
                guard overlap * 2 >= min(part.width, box.width), Double(gap) <= stackGap * textHeight,
                    Double(joined.height) <= 1.5 * Double(max(part.height, box.height, Int(textHeight)))
                else { continue }
                sets.union(index, other)
            }
        }
        return sets.groups().compactMap { group in PixelRect.enclosing(group.map { parts[$0] }) }
    }

    /// How far the page must be turned clockwise, in degrees, to set its text lines level:
    /// the median slope of the character centres along lines of at least
    /// `minimumCharacters`; `nil` with fewer than `minimumLines` such lines.
    static func skew(in components: [PixelRect], textHeight: Double, minimumCharacters: Int = 4, minimumLines: Int = 2) -> Double? {
        guard let found = chains(in: components, textHeight: textHeight) else { return nil }
        let slopes = found.filter { $0.characters >= minimumCharacters }.compactMap(\.slope).sorted()
        guard slopes.count >= minimumLines else { return nil }
        return -atan(slopes[slopes.count / 2]) * 180 / .pi
    }

    /// Characters linked to neighbours on the same centre line into lines.
    static func chain(_ characters: [PixelRect]) -> [Chain] {
        let typical = characters.map(\.height).sorted()
        let cell = max(4, typical.isEmpty ? 16 : typical[typical.count / 2])
        var grid = Grid(characters, cell: cell)
        var sets = DisjointSets(count: characters.count)
        for (index, character) in characters.enumerated() {
            let reach = Int(characterGap * Double(character.height)) + 1
            for other in grid.candidates(near: character, reach: reach) where other > index {
                let box = characters[other]
                let taller = Double(max(character.height, box.height))
                let shorter = Double(min(character.height, box.height))
                let gap = Double(max(box.x - character.maxX, character.x - box.maxX))
                guard gap <= characterGap * taller, abs(character.centerY - box.centerY) < centreShift * taller,
                    shorter >= 0.3 * taller || shorter >= 0.5 * Double(cell)
                else { continue }
                sets.union(index, other)
            }
        }
        return sets.groups().map { group in
            let members = group.map { characters[$0] }
            return (PixelRect.enclosing(members) ?? members[0], members.count, slope(of: members))
        }
    }
}

extension TextLineFinder {
    /// The least-squares slope of the boxes' centres (dy/dx, y down), `nil` when they do
    /// not spread horizontally.
    static func slope(of boxes: [PixelRect]) -> Double? {
        guard boxes.count >= 2 else { return nil }
        let xs = boxes.map { Double($0.x) + Double($0.width) / 2 }
        let ys = boxes.map(\.centerY)
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let spread = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        guard spread > 0 else { return nil }
        return zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) } / spread
    }
}
