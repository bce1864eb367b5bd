internal import CTesseract
import Domain

/// Re-reads each doubtful line on its own and keeps the more confident reading.
///
/// A page read as one block can leave a line with low confidence because of its
/// neighbours (a faded print band, a price column that drifts); read alone, with a margin,
/// the same line often comes back whole and sure. Runs for `.accurate` readings; costs one
/// single-line recognition per line below `PageReader.reliableConfidence`.
struct DoubtfulLineReview {
    let engine: TesseractEngine
    let control: RecognitionControl

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try lines.map { line in
            guard Double(line.line.confidence) < PageReader.reliableConfidence else { return line }
            try control.checkpoint()
            let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
            let reread = engine.recognize(
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
    /// The line's box with a fifth of its height (at least 2 px) of margin, for reading it alone.
    func readingBox(within size: ImageSize) -> PixelRect {
        preparedBox.padded(by: max(2, preparedBox.height / 5), within: size)
    }
}

extension PixelRect {
    /// The rectangle grown by `margin` on every side, kept inside an image of `size`.
    func padded(by margin: Int, within size: ImageSize) -> PixelRect {
        let left = max(0, x - margin)
        let top = max(0, y - margin)
        let right = min(size.width, x + width + margin)
        let bottom = min(size.height, y + height + margin)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
