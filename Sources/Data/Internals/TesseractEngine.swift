internal import CTesseract
import Domain

/// Owns one initialised Tesseract engine (`TessBaseAPI`), released with
/// `TessBaseAPIEnd` and `TessBaseAPIDelete`.
///
/// Initialisation costs about 0.2 s for `kor+eng`, so engines are made once and reused.
/// Not `Sendable`: an engine is used from its worker's serial queue only.
final class TesseractEngine {
    private let handle: OpaquePointer

    /// Loads `languages` from `dataDirectory` (`TessBaseAPIInit3`, default engine mode).
    /// - Throws: `OCRError.engineFailure` when Tesseract cannot load the data (corrupt or
    ///   incompatible files); a failed engine is released before throwing.
    init(languages: [String], dataDirectory: String) throws(OCRError) {
        guard let handle = TessBaseAPICreate() else {
            throw .engineFailure("could not create a Tesseract engine")
        }
        // Tesseract's own messages go to `debug_file`; keep them off stdout and stderr.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        let specifier = languages.joined(separator: "+")
        guard TessBaseAPIInit3(handle, dataDirectory, specifier) == 0 else {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw .engineFailure(
                "Tesseract could not load '\(specifier)' from \(dataDirectory); the .traineddata files may be corrupt or from an incompatible version")
        }
        // Light-on-dark text is inverted during preparation (LeptonicaImage+DarkRegions);
        // Tesseract's own retry of every doubtful line inverted cost a fifth of each reading.
        _ = TessBaseAPISetVariable(handle, "invert_threshold", "0")
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Recognises a prepared image, or one rectangle of it, with one page segmentation
    /// mode (`TessBaseAPIRecognize`).
    /// - Returns: The lines read, boxes in the upright image's coordinates, or `nil` when
    ///   Tesseract stopped early (cancelled through the monitor, or it failed); the caller
    ///   tells which from its cancel flag.
    func recognize(
        _ prepared: PreparedImage,
        segmentation: TessPageSegMode,
        monitor: RecognitionMonitor,
        within rectangle: PixelRect? = nil
    ) -> [PreparedLine]? {
        TessBaseAPISetImage2(handle, prepared.image.pix)
        defer { TessBaseAPIClear(handle) }
        if let rectangle {
            TessBaseAPISetRectangle(handle, Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width), Int32(rectangle.height))
        }
        TessBaseAPISetPageSegMode(handle, segmentation)
        guard TessBaseAPIRecognize(handle, monitor.handle) == 0 else { return nil }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return TesseractLineReader(iterator: iterator, frame: prepared.frame).readLines()
    }

    /// Tesseract's orientation detection (`TessBaseAPIDetectOrientationScript`; the engine
    /// must be loaded with `osd`): the clockwise turn that stands the page upright and
    /// Tesseract's confidence in it, or `nil` when it could not tell (too little text).
    func detectOrientation(_ image: LeptonicaImage) -> (rotation: RotationDegree, confidence: Double)? {
        TessBaseAPISetImage2(handle, image.pix)
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0
        var confidence: Float = 0
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, nil, nil) != 0,
            let orientation = RotationDegree(degrees: Int(degrees))
        else { return nil }
        // Tesseract reports how far the text is turned counter-clockwise; the clockwise
        // turn that undoes it is the inverse.
        return (orientation.inverse, Double(confidence))
    }
}
