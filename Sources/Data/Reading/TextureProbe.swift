import Domain

/// Whether a block made mostly of a photograph's texture holds text, asked before the block
/// is read.
///
/// Our line finder takes bricks, a sofa's seams and a ceiling's lamps for "lines", and the
/// blocks they make cost as much to read as text (the wall sign: three blocks of 270, 181
/// and 149 found lines took 2.7 of its 3.4 CPU-seconds of blocks) while they read as marks
/// the rules drop. Tesseract's own layout analysis calls such regions pictures and reads
/// none of them. A block of at least `probedLines` found lines, under `textShare` of whose
/// area lies in lines shaped like text (`TextLineFinder.isShapedLikeText`), is probed: a
/// few of its lines (`samples`) are read alone, and the block is read only
/// when one of them reads as text — at `textConfidence` or more, holding as many characters
/// as text of its width does (`DoubtfulLineReview.sparseReading`). A receipt scan's block,
/// under half of it shaped like text beside its logo and dotted rules, reads one of its
/// widest lines at 0.87 and is read whole (sampled by its widest line and its large type
/// only, it was taken for texture: 0.247 → 0.414).
///
/// A block left unread is not taken for nothing: its samples' readings stand for it (a
/// page turned a quarter, every block of it left unread upright, is still checked for a
/// quarter turn), and the page's reading is compared with Tesseract's layout look however confident
/// it is (`PageReader.Reading.leftTexture`): a receipt photographed small, its widest lines
/// a smudged serial number and the wood grain, is read whole by the look. Its lines stay
/// found, for `UnreadLineReview`.
enum TextureProbe {
    /// Blocks of fewer found lines cost little to read, and are read unprobed.
    static let probedLines = 20
    /// A block of more found lines than this is probed, however many are shaped like text:
    /// no page of print holds as many (a dense PDF page here holds under a hundred), while a
    /// photograph's grain can be found as thousands of lines of text's size (a patterned
    /// wrapper on a scanned page: 3,528 lines, 23 s to read as a block).
    static let mostTextLines = 1000
    /// A block with at least this share of its lines' area in lines shaped like text is read
    /// unprobed.
    static let textShare = 0.5
    /// The lines of the text's size read to probe a block.
    static let sampleLines = 3
    /// A sample line read at least this confidently (and not sparsely) is text.
    static let textConfidence: Float = 0.6

    /// Whether the block made of the found `lines` is probed before it is read.
    static func isProbed(_ lines: [PixelRect], textHeight: Double) -> Bool {
        guard lines.count >= probedLines else { return false }
        guard lines.count <= mostTextLines else { return true }
        let area = { (lines: [PixelRect]) in Double(lines.reduce(0) { $0 + $1.width * $1.height }) }
        return area(lines.filter { TextLineFinder.isShapedLikeText($0, textHeight: textHeight) }) < textShare * area(lines)
    }

    /// The lines read to probe the block made of `lines`: its `sampleLines` widest lines
    /// shaped like text, then its widest line of large type (taller than
    /// `TextLineFinder.shapedTallest` text heights and at least as wide as tall: a sign's
    /// letters, a plate's number).
    static func samples(of lines: [PixelRect], textHeight: Double) -> [PixelRect] {
        let widestFirst = { (a: PixelRect, b: PixelRect) in a.width > b.width }
        let shaped = lines.filter { TextLineFinder.isShapedLikeText($0, textHeight: textHeight) }.sorted(by: widestFirst)
        let large = lines.filter { Double($0.height) > TextLineFinder.shapedTallest * textHeight && $0.width >= $0.height }
        return Array(shaped.prefix(sampleLines)) + Array(large.sorted(by: widestFirst).prefix(1))
    }

    /// Whether `read`, the reading of the found line `line` alone, reads as text.
    static func readsAsText(_ read: [PreparedLine], of line: PixelRect) -> Bool {
        read.contains { piece in
            piece.line.confidence >= textConfidence && line.characterDensity(of: piece.line) >= DoubtfulLineReview.sparseReading
        }
    }

    /// What probing the block made of the found `lines` finds, `read` reading one line alone
    /// (widest first, until one reads as text): `nil` when the block holds text, or has no
    /// line shaped like text to sample (it is read as it is); else the samples' readings,
    /// which stand for the block.
    static func textureReadings(of lines: [PixelRect], textHeight: Double, read: (PixelRect) throws -> [PreparedLine]) rethrows
        -> [PreparedLine]?
    {
        let samples = samples(of: lines, textHeight: textHeight)
        guard !samples.isEmpty else { return nil }
        var readings: [PreparedLine] = []
        for line in samples {
            let reading = try read(line)
            if readsAsText(reading, of: line) { return nil }
            readings += reading
        }
        return readings
    }
}
