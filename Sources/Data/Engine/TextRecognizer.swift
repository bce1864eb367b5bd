internal import CTesseract
import Domain

/// What reads a prepared image (or a rectangle of it) in one page segmentation mode: one
/// Tesseract engine, or a page's models one after the other (`ModelSplitReader`).
protocol TextRecognizer {
    /// Recognises `prepared`, or `rectangle` of it, in `segmentation`.
    /// - Returns: The lines read, boxes in the upright image's coordinates, or `nil` when
    ///   Tesseract stopped early (cancelled through the monitor, or it failed); the caller
    ///   tells which from its cancel flag.
    func recognize(_ prepared: PreparedImage, segmentation: TessPageSegMode, monitor: RecognitionMonitor, within rectangle: PixelRect?)
        -> [PreparedLine]?
}

extension TextRecognizer {
    /// A second look within a job at `prepared` (or a rectangle of it) in `mode`: it reports
    /// no progress of its own and stops with `control`, checked before and after it.
    /// - Returns: The lines read, or `nil` when Tesseract failed.
    /// - Throws: `control`'s error (cancelled, or past its time limit).
    func look(
        at prepared: PreparedImage, _ mode: TessPageSegMode, within rectangle: PixelRect? = nil, control: RecognitionControl
    ) throws -> [PreparedLine]? {
        try control.checkpoint()
        let lines = recognize(prepared, segmentation: mode, monitor: RecognitionMonitor(control: control, progressRange: 1...1), within: rectangle)
        try control.checkpoint()
        return lines
    }
}
