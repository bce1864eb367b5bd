internal import CLeptonica
import Domain

/// Which way a page's text lines run, measured from its ink.
///
/// Characters of a line sit closer to each other than lines do. Closing the binarised page
/// with a short horizontal bar (a third of the text height) joins the characters of
/// horizontal lines into long horizontal blobs; a short vertical bar does the same for a
/// page turned 90° or 270°, whose lines run down the image. Unlike projection profiles,
/// this is not fooled by Hangul's square syllables lining up across lines.
enum LineDirection: Equatable {
    case horizontal
    case vertical
}

extension LeptonicaImage {
    /// A line-like blob is at least this many text heights long, and at most
    /// `lineBlobMaximumThickness` thick.
    static let lineBlobMinimumLength = 3.0
    static let lineBlobMaximumThickness = 1.6
    /// One direction must have this many times the other's line length to be told.
    static let lineDirectionMargin = 3.0

    /// The direction of a 1-bit page's text lines of typical height `textHeight` (pixels),
    /// or `nil` when the two directions are not clearly apart (little text, tables, art).
    /// `pieces` are the page's ink components (8-connected), when already found.
    func textLineDirection(textHeight: Double, pieces: [PixelRect]? = nil) throws(OCRError) -> LineDirection? {
        guard textHeight >= 4 else { return nil }
        let bar = Int32(max(3, (textHeight / 3).rounded()))
        let pieces = pieces ?? componentBoxes(connectivity: 8)
        let horizontal = try lineBlobs(joinedBy: bar, down: false, textHeight: textHeight, pieces: pieces).reduce(0) { $0 + Double($1.width) }
        let vertical = try lineBlobs(joinedBy: bar, down: true, textHeight: textHeight, pieces: pieces).reduce(0) { $0 + Double($1.height) }
        let enough = Self.lineBlobMinimumLength * 2 * textHeight
        if horizontal >= enough, horizontal >= Self.lineDirectionMargin * vertical { return .horizontal }
        if vertical >= enough, vertical >= Self.lineDirectionMargin * horizontal { return .vertical }
        return nil
    }

    /// Whether a 1-bit page's horizontal text lines end together on the right while their
    /// starts are ragged: a left-aligned page turned half a turn (or right-aligned text,
    /// which then costs one extra reading). Lines are found by joining characters and words
    /// across with a bar of `lineJoiningBar` text heights; an edge is shared by the lines
    /// within half a text height of the outermost one.
    func linesAlignRightOnly(textHeight: Double, pieces: [PixelRect]? = nil) throws(OCRError) -> Bool {
        let bar = Int32(max(3, (textHeight * Self.lineJoiningBar).rounded()))
        let lines = try lineBlobs(joinedBy: bar, down: false, textHeight: textHeight, pieces: pieces ?? componentBoxes(connectivity: 8))
        guard lines.count >= Self.alignedLinesMinimumCount,
            let left = lines.map(\.x).min(), let right = lines.map({ $0.x + $0.width }).max()
        else { return false }
        let tolerance = textHeight / 2
        let startingTogether = lines.filter { Double($0.x - left) <= tolerance }.count
        let endingTogether = lines.filter { Double(right - ($0.x + $0.width)) <= tolerance }.count
        return Double(endingTogether) >= Self.alignedShare * Double(lines.count)
            && Double(startingTogether) <= Self.raggedShare * Double(lines.count)
    }

    /// Joining words into lines: the bar's length in text heights (word spaces are shorter).
    static let lineJoiningBar = 1.5
    /// Alignment is told from this many lines up; an edge is shared by `alignedShare` of
    /// them, ragged when at most `raggedShare` of them share it.
    static let alignedLinesMinimumCount = 4
    static let alignedShare = 0.8
    static let raggedShare = 0.6

    /// The line-like blobs of a 1-bit page once its ink is closed with a bar `bar` pixels
    /// long, across (or `down`): at least `lineBlobMinimumLength` text heights long,
    /// between half a text height and `lineBlobMaximumThickness` thick, and joined from at
    /// least `lineBlobMinimumParts` of the page's `pieces` of ink (a pole or a rule is one
    /// piece already: a road sign's post, halved, made the page's lines run down).
    private func lineBlobs(joinedBy bar: Int32, down: Bool, textHeight: Double, pieces: [PixelRect]) throws(OCRError) -> [PixelRect] {
        let joined = try closedSafelyWithBrick(width: down ? 1 : bar, height: down ? bar : 1, "join characters along lines")
        let long = joined.componentBoxes(connectivity: 8).filter { box in
            let length = Double(down ? box.height : box.width)
            let thickness = Double(down ? box.width : box.height)
            return length >= Self.lineBlobMinimumLength * textHeight && thickness <= Self.lineBlobMaximumThickness * textHeight
                && thickness >= textHeight / 2
        }
        guard !long.isEmpty else { return [] }
        var grid = Grid(pieces, cell: max(4, Int(textHeight)))
        return long.filter { blob in
            grid.candidates(near: blob, reach: 0).lazy.filter { blob.contains(pieces[$0]) }.prefix(Self.lineBlobMinimumParts).count
                >= Self.lineBlobMinimumParts
        }
    }

    /// A line blob joins at least this many pieces of ink (characters, or parts of them).
    static let lineBlobMinimumParts = 3
}
