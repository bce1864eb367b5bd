internal import CTesseract
import Domain

/// Re-reads each doubtful line on its own and keeps the more confident reading.
///
/// A page read as one block can leave a line with low confidence because of its
/// neighbours (a faded print band, a price column that drifts); read alone, with a margin,
/// the same line often comes back whole and sure. Runs for `.accurate` readings; costs one
/// single-line recognition per line below `PageReader.reliableConfidence`.
struct DoubtfulLineReview {
    let crew: EngineCrew
    /// The setup of the engine the page was read with.
    let setup: EngineSetup
    let control: RecognitionControl

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.review(lines, on: prepared, where: \.isDoubtful) { line, engines, prepared in
            try control.checkpoint()
            let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
            let reread = try engines.engine(for: setup).recognize(
                prepared, segmentation: PSM_SINGLE_LINE, monitor: monitor, within: line.readingBox(within: prepared.image.size))
            try control.checkpoint()
            guard let alone = reread, alone.count == 1, let candidate = alone.first,
                candidate.line.confidence > line.line.confidence
            else { return line }
            return PreparedLine(line: candidate.line, preparedBox: line.preparedBox)
        }
    }
}

extension PreparedLine {
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
