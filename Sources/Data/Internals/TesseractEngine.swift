internal import CTesseract
import Domain

/// Owns one initialised Tesseract engine (`TessBaseAPI`), released with
/// `TessBaseAPIEnd` and `TessBaseAPIDelete`.
///
/// Initialisation costs about 0.2 s for `kor+eng`, so engines are made once and reused.
/// Not `Sendable`: an engine is used from its worker's serial queue only.
final class TesseractEngine {
    let languages: [String]
    let dataDirectory: String
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
        self.handle = handle
        self.languages = languages
        self.dataDirectory = dataDirectory
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Recognises `image` with one page segmentation mode (`TessBaseAPIRecognize`).
    /// - Returns: The lines read, or `nil` when Tesseract stopped early (cancelled through
    ///   the monitor, or it failed); the caller tells which from its cancel flag.
    func recognize(
        _ image: LeptonicaImage,
        segmentation: TessPageSegMode,
        monitor: RecognitionMonitor
    ) -> [RecognizedLine]? {
        TessBaseAPISetImage2(handle, image.pix)
        TessBaseAPISetPageSegMode(handle, segmentation)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, monitor.handle) == 0 else { return nil }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return TesseractLineReader(iterator: iterator, imageSize: image.size).readLines()
    }
}
