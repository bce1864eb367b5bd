internal import CTesseract
import Domain

/// Re-reads each doubtful line on its own and keeps the more confident reading.
///
/// A page read as one block can leave a line with low confidence because of its
/// neighbours (a faded print band, a price column that drifts); read alone, with a margin,
/// the same line often comes back whole and sure. Runs for `.accurate` readings; costs one
/// single-line recognition per line below `PageReader.reliableConfidence`.
///
/// A line still read under `widensBelow` (the confidence filter would drop it) is read once
/// more from a copy made `widening` times wider: Tesseract's line model sees narrow print
/// (a condensed receipt font, a card number of asterisks) better with its characters
/// spread. Measured on the 23 real images: mean CER 0.296 → 0.286 (a condensed receipt
/// 0.463 → 0.367, a card slip's number line 0.455 → 0.331), +0.6 s. Widened 1.3 or 1.7
/// times, they read less well; twice as wide, worse than not at all (Docs/Benchmarks.md).
struct DoubtfulLineReview {
    let crew: EngineCrew
    /// The setup of the engine the page was read with.
    let setup: EngineSetup
    let control: RecognitionControl
    /// Lines read alone less confidently than this are read once more widened.
    var widensBelow: Float = 0

    /// How much wider a line still unsure is read.
    static let widening = 1.5
    /// A reading with fewer characters than this per line height of the line's width is
    /// sparse: not read again widened (measured: the wall sign 5.0 → 4.1 s, the same text
    /// on the 23 real images and the held-out split).
    static let sparseReading = 0.7

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.review(lines, on: prepared, where: \.isDoubtful) { line, engines, prepared in
            try control.checkpoint()
            let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
            let reread = try engines.engine(for: setup).recognize(
                prepared, segmentation: PSM_SINGLE_LINE, monitor: monitor, within: line.readingBox(within: prepared.image.size))
            try control.checkpoint()
            var best = line
            if let alone = reread, alone.count == 1, let candidate = alone.first, candidate.line.confidence > line.line.confidence {
                best = PreparedLine(line: candidate.line, preparedBox: line.preparedBox)
            }
            // Still too unsure to keep: one more look, the line made half as wide again —
            // unless the reading leaves most of the line empty (brick and shadow read as a
            // few marks across a photograph: not text to look at again).
            guard best.line.confidence < widensBelow, line.characterDensity(of: best.line) >= Self.sparseReading else { return best }
            try control.checkpoint()
            guard
                let widened = try Self.readWidened(line, by: Self.widening, in: prepared, with: engines.engine(for: setup), control: control),
                widened.line.confidence > best.line.confidence
            else { return best }
            return widened
        }
    }

    /// `line` read alone from a copy of its reading box made `factor` times wider, its
    /// boxes mapped back into the upright image; `nil` when it did not come back as one line.
    static func readWidened(
        _ line: PreparedLine, by factor: Double, in prepared: PreparedImage, with engine: TesseractEngine, control: RecognitionControl
    ) throws -> PreparedLine? {
        let box = line.readingBox(within: prepared.image.size)
        let piece = try prepared.image.clipped(to: box).widened(by: factor)
        var frame = prepared.frame
        frame.origin = (frame.origin.x + box.x, frame.origin.y + box.y)
        frame.widening = factor
        let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
        let read = engine.recognize(
            PreparedImage(image: piece, frame: frame, resolution: prepared.resolution, background: prepared.background),
            segmentation: PSM_SINGLE_LINE, monitor: monitor)
        try control.checkpoint()
        guard let read, read.count == 1, let only = read.first else { return nil }
        return PreparedLine(line: only.line, preparedBox: line.preparedBox)
    }
}

extension PreparedLine {
    /// How many characters (not spaces) `reading` holds per height of this line's width.
    func characterDensity(of reading: RecognizedLine) -> Double {
        let characters = reading.text.unicodeScalars.filter { !$0.properties.isWhitespace }.count
        return Double(characters) * Double(preparedBox.height) / Double(max(1, preparedBox.width))
    }

    /// Whether the line was read less confidently than `PageReader.reliableConfidence`.
    var isDoubtful: Bool { Double(line.confidence) < PageReader.reliableConfidence }

    /// The line's box with a fifth of its height (at least 2 px) of margin, for reading it alone.
    func readingBox(within size: ImageSize) -> PixelRect {
        preparedBox.padded(by: max(2, preparedBox.height / 5), within: size)
    }

    /// The part of the line's reading box over `span` (fractions of its width), `margin`
    /// pixels wider on each side, for reading some of its words alone.
    func readingBox(over span: ClosedRange<Double>, margin: Int, within size: ImageSize) -> PixelRect {
        let whole = readingBox(within: size)
        let left = max(whole.x, preparedBox.x + Int((span.lowerBound * Double(preparedBox.width)).rounded(.down)) - margin)
        let right = min(whole.x + whole.width, preparedBox.x + Int((span.upperBound * Double(preparedBox.width)).rounded(.up)) + margin)
        return PixelRect(x: left, y: whole.y, width: max(1, right - left), height: whole.height)
    }
}

extension RecognizedLine {
    /// Where `word` lies along the line, as fractions of its width; `nil` for a line of no width.
    func span(of word: RecognizedWord) -> ClosedRange<Double>? {
        guard boundingBox.width > 0 else { return nil }
        let start = (word.boundingBox.minX - boundingBox.minX) / boundingBox.width
        return start...max(start, (word.boundingBox.maxX - boundingBox.minX) / boundingBox.width)
    }
}
