internal import CTesseract
import Domain

/// Reads one prepared image with an engine according to a `PageSegmentation` choice.
struct PageReader {
    /// Below this mean confidence a single-block reading is checked against layout analysis.
    static let secondPassConfidence = 0.80

    let engine: TesseractEngine
    let control: RecognitionControl

    /// - Throws: `CancellationError` when cancelled, `OCRError.engineFailure` when Tesseract fails.
    func read(_ image: LeptonicaImage, segmentation: PageSegmentation) throws -> [RecognizedLine] {
        guard image.size.width >= 3, image.size.height >= 3 else { return [] }
        guard segmentation == .automatic else {
            return try pass(image, segmentation.tesseractMode, progress: 0...1)
        }
        let block = try pass(image, PSM_SINGLE_BLOCK, progress: 0...0.6)
        let blockQuality = ReadingQuality(lines: block)
        guard blockQuality.meanConfidence < Self.secondPassConfidence else { return block }
        let layout = try pass(image, PSM_AUTO, progress: 0.6...1)
        return ReadingQuality(lines: layout) > blockQuality ? layout : block
    }

    private func pass(
        _ image: LeptonicaImage,
        _ mode: TessPageSegMode,
        progress: ClosedRange<Double>
    ) throws -> [RecognizedLine] {
        if control.isCancelled { throw CancellationError() }
        let monitor = RecognitionMonitor(control: control, progressRange: progress)
        let lines = engine.recognize(image, segmentation: mode, monitor: monitor)
        if control.isCancelled { throw CancellationError() }
        guard let lines else { throw OCRError.engineFailure("Tesseract could not recognise the image") }
        return lines
    }
}

extension PageSegmentation {
    /// Tesseract's mode for a fixed choice (`.automatic` starts with a single block).
    var tesseractMode: TessPageSegMode {
        switch self {
        case .automatic, .singleBlock: PSM_SINGLE_BLOCK
        case .layoutAnalysis: PSM_AUTO
        case .singleColumn: PSM_SINGLE_COLUMN
        case .singleLine: PSM_SINGLE_LINE
        case .sparseText: PSM_SPARSE_TEXT
        }
    }
}
