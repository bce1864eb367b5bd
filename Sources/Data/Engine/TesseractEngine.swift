internal import CTesseract
import Domain
import Foundation

/// Owns one initialised Tesseract engine (`TessBaseAPI`), released with
/// `TessBaseAPIEnd` and `TessBaseAPIDelete`.
///
/// Initialisation costs about 0.2 s for `kor+eng`, so engines are made once and reused.
/// Not `Sendable`: an engine is used from its worker's serial queue only.
final class TesseractEngine: TextRecognizer {
    private let handle: OpaquePointer
    /// Whether the line images Tesseract keeps while it reads are stored uncompressed
    /// (`TesseractOverride.storedLineImages`: the same pixels, read the same, without zlib's time).
    var storesLineImages = true
    /// Whether Tesseract's paragraph detection, which nothing here reads, is left out
    /// (`TesseractOverride.paragraphs`: the same lines, words and boxes, without its time).
    var skipsParagraphs = true
    /// Whether the LSTM's index steps are done without calls between them
    /// (`TesseractOverride.strideIndex`: the same indices, so the same reading, in less time).
    var inlinesStrideIndex = true
    /// Whether the LSTM's time steps are written in a vectorised loop and its first two layers
    /// run without calls per pixel (`TesseractOverride.networkSteps`: the same values, so the
    /// same reading, in less time).
    var vectorisesNetworkSteps = true
    /// Whether the LSTM's 8-bit matrix products use the processor's dot-product instructions
    /// where it has them (`TesseractOverride.matrixProducts`: the same values, so the same
    /// reading, in less time).
    var usesDotProductInstructions = true
    /// Whether the LSTM layers' gate functions run eight values at a time
    /// (`TesseractOverride.lstmLayers`: the same values, so the same reading, in less time).
    var vectorisesLSTMLayers = true
    /// Whether Korean words Tesseract's stopper doubts are kept without the other models'
    /// retry (`TesseractOverride.koreanWords`): set for engines holding a Korean model and others.
    var acceptsKoreanWords: Bool

    /// Loads `setup.languages` (the codes as installed, see `LanguageDataLocator.files(for:)`)
    /// from `dataDirectory` (`TessBaseAPIInit4`, default engine mode), with its custom words
    /// (`user_words_file`, read during initialisation) and without the dictionaries when
    /// language correction is off. Each file's header is checked first
    /// (`LanguageDataFile`), and afterwards that every language loaded: Tesseract's
    /// initialisation succeeds when any one of them does. Languages that all have LSTM
    /// models only are loaded as `OEM_LSTM_ONLY` (the mode the default picks for them)
    /// without Tesseract's table of ambiguities, which only the legacy engine reads
    /// (`TesseractOverride.universalAmbiguities`), unless `loadsUnusedAmbiguities`.
    /// - Throws: `OCRError.languageDataInvalid` when a file is not plausible or did not
    ///   load; `.engineFailure` when no engine could be made. A failed engine is released
    ///   before throwing.
    init(setup: EngineSetup, dataDirectory: String, loadsUnusedAmbiguities: Bool = false) throws(OCRError) {
        let languages = setup.languages
        var lstmOnly = true
        for language in languages {
            lstmOnly = try LanguageDataFile.check(LanguageDataLocator.dataFile(for: language, in: dataDirectory)).readsWithLSTMOnly && lstmOnly
        }
        guard let handle = TessBaseAPICreate() else {
            throw .engineFailure("could not create a Tesseract engine")
        }
        // Tesseract's own messages go to `debug_file`; keep them off stdout and stderr.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        let specifier = languages.joined(separator: "+")
        var variables: [(String, String)] = []
        let wordsFile: CustomWordsFile?
        do {
            wordsFile = setup.customWords.isEmpty ? nil : try CustomWordsFile(words: setup.customWords)
        } catch {
            TessBaseAPIDelete(handle)
            throw error
        }
        if let wordsFile { variables.append(("user_words_file", wordsFile.path)) }
        if !setup.usesLanguageCorrection { variables += [("load_system_dawg", "0"), ("load_freq_dawg", "0")] }
        let initialised =
            lstmOnly && !loadsUnusedAmbiguities
            ? TesseractOverride.universalAmbiguities.during {
                Self.initialise(handle, dataDirectory: dataDirectory, languages: specifier, mode: OEM_LSTM_ONLY, variables: variables)
            }
            : Self.initialise(handle, dataDirectory: dataDirectory, languages: specifier, mode: OEM_DEFAULT, variables: variables)
        wordsFile?.remove()
        let loaded = initialised ? Self.loadedLanguages(handle) : []
        if let missing = languages.first(where: { !loaded.contains($0) }) {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw .languageDataInvalid(
                path: LanguageDataLocator.dataFile(for: missing, in: dataDirectory),
                reason: "Tesseract could not load it; it may be corrupt or from an incompatible version")
        }
        // Light-on-dark text is inverted during preparation (LeptonicaImage+DarkRegions);
        // Tesseract's own retry of every doubtful line inverted cost a fifth of each reading.
        _ = TessBaseAPISetVariable(handle, "invert_threshold", "0")
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
        // Paragraphs are found before the text is read, from the lines' geometry alone: found
        // after, from the text, Tesseract walks its page from the first word for every word
        // (the square of a block's words: most of a minute on a photo's texture read as one
        // block). Nothing here reads paragraphs.
        _ = TessBaseAPISetVariable(handle, "paragraph_text_based", "0")
        self.handle = handle
        acceptsKoreanWords = languages.count > 1 && languages.contains(where: EngineSetup.koreanModels.contains)
    }

    /// `TessBaseAPIInit4` in engine `mode` with init-only `variables`; whether it succeeded.
    private static func initialise(
        _ handle: OpaquePointer, dataDirectory: String, languages: String, mode: TessOcrEngineMode, variables: [(String, String)]
    ) -> Bool {
        var names = variables.map { strdup($0.0) }
        var values = variables.map { strdup($0.1) }
        defer { for pointer in names + values { free(pointer) } }
        return names.withUnsafeMutableBufferPointer { names in
            values.withUnsafeMutableBufferPointer { values in
                TessBaseAPIInit4(handle, dataDirectory, languages, mode, nil, 0, names.baseAddress, values.baseAddress, variables.count, 0)
                    == 0
            }
        }
    }

    /// The value of one of the engine's boolean settings (`TessBaseAPIGetBoolVariable`).
    func boolVariable(_ name: String) -> Bool? {
        var value: Int32 = 0
        return TessBaseAPIGetBoolVariable(handle, name, &value) != 0 ? value != 0 : nil
    }

    /// The languages an initialised engine loaded (`TessBaseAPIGetLoadedLanguagesAsVector`).
    private static func loadedLanguages(_ handle: OpaquePointer) -> Set<String> {
        guard let list = TessBaseAPIGetLoadedLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(list) }
        var languages: Set<String> = []
        var index = 0
        while let name = list[index] {
            languages.insert(String(cString: name))
            index += 1
        }
        return languages
    }

    /// Has Tesseract take every step itself (no `TesseractOverride` while this engine reads).
    func leavesEveryStepToTesseract() {
        storesLineImages = false
        skipsParagraphs = false
        inlinesStrideIndex = false
        vectorisesNetworkSteps = false
        usesDotProductInstructions = false
        vectorisesLSTMLayers = false
        acceptsKoreanWords = false
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
        // Tesseract keeps coordinates in 16 bits: beyond 32767 pixels (a till roll) a
        // rectangle is read from a copy of its own, and its lines moved back into place. So
        // is a rectangle as wide as the image but not as tall: Tesseract 5.3's line
        // recogniser then takes its pixels from the whole image at the rectangle's own
        // coordinates (`Tesseract::BestPix`), reading rows from the wrong part of the page.
        // A line far wider than any page's is read in pieces: the memory Tesseract's line
        // recogniser keeps grows with the longest line it has read, in every engine that reads it.
        let size = prepared.image.size
        if rectangle == nil, size.width > Self.widestRead {
            return recognizeSideBySide(prepared, segmentation: segmentation, monitor: monitor)
        }
        if let rectangle,
            max(size.width, size.height) > Self.largestSide || rectangle.width > Self.widestRead
                || (rectangle.width >= size.width && rectangle.height < size.height)
        {
            return recognizeCopy(of: rectangle, in: prepared, segmentation: segmentation, monitor: monitor)
        }
        return recognizing(prepared, segmentation: segmentation, monitor: monitor, within: rectangle) { $0.readLines() }
    }

    /// Reads `rectangle` of `prepared` from a copy of its own, its lines moved back into place.
    private func recognizeCopy(
        of rectangle: PixelRect, in prepared: PreparedImage, segmentation: TessPageSegMode, monitor: RecognitionMonitor
    ) -> [PreparedLine]? {
        guard let crop = try? prepared.image.clipped(to: rectangle) else { return nil }
        var frame = prepared.frame
        frame.origin = (frame.origin.x + rectangle.x, frame.origin.y + rectangle.y)
        let piece = PreparedImage(image: crop, frame: frame, resolution: prepared.resolution, background: prepared.background)
        return recognize(piece, segmentation: segmentation, monitor: monitor)?.map { line in
            var moved = line
            moved.preparedBox.x += rectangle.x
            moved.preparedBox.y += rectangle.y
            return moved
        }
    }

    /// Reads an image wider than `widestRead` in pieces side by side that Tesseract reads
    /// well, each cut in the middle of the widest gap in print near its end (between
    /// characters or words) and read alone, and joins the lines of one row again: a single
    /// line of print 40,000 pixels wide comes back as one line.
    private func recognizeSideBySide(_ prepared: PreparedImage, segmentation: TessPageSegMode, monitor: RecognitionMonitor) -> [PreparedLine]? {
        let size = prepared.image.size
        let pieceLength = Self.widestRead * 2 / 3
        var pieces: [PixelRect] = []
        var start = 0
        while size.width - start > pieceLength {
            // The cut is made in the last eighth of a piece.
            let end = start + pieceLength
            let cut = prepared.image.emptiestLine(in: (end - pieceLength / 8)..<end, vertical: true) ?? end
            pieces.append(PixelRect(x: start, y: 0, width: cut - start, height: size.height))
            start = cut
        }
        pieces.append(PixelRect(x: start, y: 0, width: size.width - start, height: size.height))
        var lines: [PreparedLine] = []
        for piece in pieces {
            guard let read = recognizeCopy(of: piece, in: prepared, segmentation: segmentation, monitor: monitor) else { return nil }
            for line in read { PreparedLine.join(line, into: &lines) }
        }
        return lines
    }

    /// The characters read in `prepared` (a word's piece of a page) as one word
    /// (`PSM_SINGLE_WORD`), each with its left and right edge in its pixels; `nil` when
    /// Tesseract failed or was stopped, or the image is too large to read.
    /// - Throws: `control`'s error (cancelled, or past its time limit).
    func symbols(in prepared: PreparedImage, control: RecognitionControl) throws -> [MixedScriptWord.Symbol]? {
        try control.checkpoint()
        let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
        let symbols = recognizing(prepared, segmentation: PSM_SINGLE_WORD, monitor: monitor) { $0.readSymbols() }
        try control.checkpoint()
        return symbols
    }

    /// One `TessBaseAPIRecognize` of `prepared` (or a rectangle of it) in `segmentation`, and
    /// what `read` takes from its result; `nil` when Tesseract stopped early or the image is
    /// larger than it reads, `read` of nothing when it found nothing.
    private func recognizing<Read>(
        _ prepared: PreparedImage, segmentation: TessPageSegMode, monitor: RecognitionMonitor, within rectangle: PixelRect? = nil,
        read: (TesseractLineReader) -> [Read]
    ) -> [Read]? {
        guard max(prepared.image.size.width, prepared.image.size.height) <= Self.largestSide else { return nil }
        TessBaseAPISetImage2(handle, prepared.image.pix)
        TessBaseAPISetSourceResolution(handle, Int32(prepared.resolution))
        defer { TessBaseAPIClear(handle) }
        if let rectangle {
            TessBaseAPISetRectangle(handle, Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width), Int32(rectangle.height))
        }
        TessBaseAPISetPageSegMode(handle, segmentation)
        let overrides = [
            storesLineImages ? TesseractOverride.storedLineImages : nil, skipsParagraphs ? TesseractOverride.paragraphs : nil,
            acceptsKoreanWords ? TesseractOverride.koreanWords : nil,
            inlinesStrideIndex ? TesseractOverride.strideIndex : nil, vectorisesNetworkSteps ? TesseractOverride.networkSteps : nil,
            usesDotProductInstructions ? TesseractOverride.matrixProducts : nil, vectorisesLSTMLayers ? TesseractOverride.lstmLayers : nil,
        ]
        let recognized = TesseractOverride.during(overrides.compactMap { $0 }) { TessBaseAPIRecognize(handle, monitor.handle) }
        guard recognized == 0 else { return nil }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return read(TesseractLineReader(iterator: iterator, frame: prepared.frame))
    }

    /// The longest side Tesseract reads (its boxes hold 16-bit coordinates).
    static let largestSide = 32_000
    /// The widest image or rectangle read at once (wider ones are read in pieces). Pages
    /// prepared for reading are narrower; a line this long holds hundreds of characters.
    static let widestRead = 12_000

    /// Orientation and script detection (`TessBaseAPIDetectOrientationScript`, needs `osd`):
    /// the clockwise turn that stands the text upright with its confidence, and the script
    /// most of the page is written in (`Hangul`, `Latin`, `Han`, `Japanese`, …) with its;
    /// `nil` when it could not tell (too little text).
    func detectOrientationAndScript(_ image: LeptonicaImage) -> PageScript? {
        TessBaseAPISetImage2(handle, image.pix)
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0
        var confidence: Float = 0
        var script: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0,
            let orientation = RotationDegree(degrees: Int(degrees))
        else { return nil }
        // Tesseract reports how far the text is turned counter-clockwise; the clockwise
        // turn that undoes it is the inverse.
        return PageScript(
            rotation: orientation.inverse, confidence: Double(confidence), script: script.map { String(cString: $0) },
            scriptConfidence: Double(scriptConfidence))
    }
}

/// What orientation and script detection found on a page.
struct PageScript {
    /// The clockwise turn that stands the text upright.
    let rotation: RotationDegree
    let confidence: Double
    /// The script most of the text is in, as Tesseract names it; `nil` when not told.
    let script: String?
    let scriptConfidence: Double
}
