import Domain
import Foundation

/// One call's work, run on an engine worker's queue: decode, stand upright, prepare,
/// read, and build the result.
struct RecognitionJob: Sendable {
    let imageData: Data
    /// Which page of a multi-page TIFF (0 for every other image).
    var page = 0
    /// The caller's rotation; `nil` detects it.
    let rotation: RotationDegree?
    /// The languages to read: the options', or the repository's default.
    let languages: [String]
    let options: RecognitionOptions
    let control: RecognitionControl

    /// Runs the job with `crew`'s engines (a helper's too, on a spare core).
    func run(with crew: EngineCrew) throws -> OCRResult {
        let engines = crew.engines
        try control.checkpoint()
        let trace = StageTrace()
        trace.noteOverrides(usesOverrides: engines.usesOverrides)
        defer { trace.report() }
        let automatic = options.automaticallyDetectsLanguage
        var languages = self.languages
        var setup = EngineSetup(languages: languages, options: options)
        let preparation = ImagePreparation(level: options.recognitionLevel)
        let initial = rotation ?? exifRotation ?? .upright
        // The engine starts while the image is decoded and prepared (on a spare core), and
        // language data that cannot load is the error reported, whatever the image.
        // Only the decoded image's size is kept: its pixels (36 MB for 9 MP in colour) are not needed once prepared.
        // The region of interest, in pixels of the upright image, once it is decoded.
        var region: PixelRect?
        // The text detector loads and looks at the upright picture beside the reading.
        let textDetection = options.usesTextDetector ? BackgroundDetection() : nil
        // No detection outlives its job (nor its copy of the picture): a job that ends before
        // using the lines waits for them.
        defer {
            try? textDetection?.look(at: nil)
            _ = try? textDetection?.lines()
        }
        var detectedPicture: LeptonicaImage?
        // The barcodes, being read in pixels of the picture stood upright as given (`initial`), and its size.
        var pendingBarcodes: (pending: PendingBarcodes, size: ImageSize)?
        // No reading of barcodes outlives its job.
        defer { _ = try? pendingBarcodes?.pending.found() }
        let decodeAndPrepare = { () throws -> (storedSize: ImageSize, base: ImagePreparation.Base?) in
            let stored = try trace.measure("decode") {
                do {
                    return try ImageDecoder.decode(imageData, page: page, maximumPixelCount: options.maximumPixelCount, stoppingWith: control)
                } catch {
                    try control.checkpoint()  // stopped: past the time limit, or cancelled
                    throw error
                }
            }
            var upright = try stored.rotated(by: initial)
            if let regionOfInterest = options.regionOfInterest {
                let cut = regionOfInterest.topLeftPixelRect(in: upright.size)
                region = cut
                guard cut.width >= 6, cut.height >= 6 else { return (stored.size, nil) }
                upright = try upright.clipped(to: cut)
            }
            // A side under 6 px holds no character (a 600×15 cropped line does; 3×16,000,000 does not).
            guard upright.size.width >= 6, upright.size.height >= 6 else { return (stored.size, nil) }
            if let textDetection {
                try textDetection.look(at: upright)
                detectedPicture = upright
            }
            if options.readsBarcodes {
                switch BarcodeReader.shared {
                case .success(let reader):
                    pendingBarcodes = (reader.start(on: upright), upright.size)
                case .failure(let unavailable):
                    trace.noteText("barcodes-off", unavailable.reason.replacingOccurrences(of: " ", with: "_"))
                }
            }
            // A photograph's desk may differ from its page only in colour: a reduced colour
            // copy is decoded when the grey shows no desk.
            let colour = { () -> LeptonicaImage? in
                guard region == nil, page == 0 else { return nil }
                return try? ImageDecoder.reducedColour(imageData, reduction: LeptonicaImage.deskReduction)?.rotated(by: initial)
            }
            return (stored.size, try trace.measure("prepare") { try preparation.base(from: upright, colour: colour, trace: trace) })
        }
        // So are the engines later stages read with, in time no thread would use.
        let later = laterEngines(after: setup)
        let (storedSize, prepared) =
            try automatic
            ? decodeAndPrepare()
            : crew.startingEngine(for: setup, prestarting: later, trace: trace, while: decodeAndPrepare)
        // Nothing to read, or texture that holds no text (answered from its measurements).
        guard let base = prepared, !base.isTexture else {
            var read = result(lines: [], storedSize: storedSize, rotation: initial, languages: languages)
            read.barcodes = try placed(pendingBarcodes, turnedBy: .upright, region: region, in: read.imageSize, trace: trace)
            return read
        }
        try control.checkpoint()
        var detected: PageScript??
        let detection = {
            if detected == nil {
                detected = trace.measure("orientation") { engines.optionalEngine(for: ["osd"])?.detectOrientationAndScript(base.image) }
            }
            return detected ?? nil
        }
        if automatic {
            // The script most of the page is in picks the languages, when detection is sure of it
            // and a model for it is installed; otherwise the languages asked for read it.
            if let found = detection(), found.scriptConfidence >= ScriptLanguages.trustedConfidence, let script = found.script,
                let chosen = ScriptLanguages.languages(for: script, installed: engines.installedCodes)
            {
                languages = chosen
            }
            setup = EngineSetup(languages: languages, options: options)
            _ = try trace.measure("engine") { try engines.engine(for: setup) }
        }
        let reader = PageReader(
            crew: crew, setup: setup, control: control, preparation: preparation, segmentation: options.pageSegmentation, trace: trace)
        let reading = try trace.measure("read") {
            try reader.read(
                base: base, detectOrientation: rotation == nil && region == nil,
                detection: { detection().map { ($0.rotation, $0.confidence) } },
                uprightSize: { candidate in
                    region.map { ImageSize(width: $0.width, height: $0.height).rotated(by: candidate) }
                        ?? storedSize.rotated(by: initial.followed(by: candidate))
                })
        }
        var lines = reading.lines
        let reviews = lineReviews(
            crew: crew, setup: setup, languages: languages, textHeight: base.textHeight, bodyTextHeight: base.twoSizes ? base.textHeight : nil)
        for review in reviews where !StageAblation.skipped.contains(review.stage) {
            lines = try trace.measure(review.stage) { try review.review(lines, of: reading) }
        }
        if !StageAblation.skipped.isEmpty { trace.noteText("skipped", StageAblation.skipped.sorted().joined(separator: "+")) }
        control.report(1)
        let uprightBy = initial.followed(by: reading.rotation)
        var found = lines.map(\.line)
        switch textDetection?.loadedDetector {
        case .failure(let missing):
            trace.noteText("detector-off", missing.description.replacingOccurrences(of: " ", with: "_"))
        case .success(let detector):
            guard let textDetection, let picture = detectedPicture else { break }
            found = try trace.measure("detected") {
                let image = try picture.rotated(by: reading.rotation)
                let detected = try reading.rotation == .upright ? textDetection.lines() : detector.lines(in: image)
                trace.note("detected", Double(detected.count))
                return try DetectedLineReading(crew: crew, setup: setup, control: control, droppedBelow: filterThreshold).adding(
                    detected, in: image, to: found)
            }
        case nil: break
        }
        if let region { found = found.map { $0.placed(in: region, of: storedSize.rotated(by: uprightBy)) } }
        var read = trace.measure("rules") { result(lines: found, storedSize: storedSize, rotation: uprightBy, languages: languages) }
        if region == nil {
            let prepared = reading.prepared
            read.rulingLines = (prepared.rules + prepared.verticalRules).map(prepared.frame.uprightRect)
        }
        read.barcodes = try placed(pendingBarcodes, turnedBy: reading.rotation, region: region, in: read.imageSize, trace: trace)
        return read
    }

    /// The second opinions on the lines read, in the order they run.
    static var secondOpinions: [any LineSecondOpinion.Type] {
        [KoreanSecondOpinion.self, LatinLetterSecondOpinion.self, MixedScriptSecondOpinion.self, NumberTailSecondOpinion.self]
    }

    /// The engines the stages after the reading of a page in `setup` read with, in the order
    /// they ask for them: the second opinions' and the unsure words' models alone. Started in
    /// time no thread would use (`EngineCrew.startingEngine`): most pages ask for them.
    /// (Orientation detection's is not: few pages ask for it, and it costs memory on all.)
    func laterEngines(after setup: EngineSetup) -> [EngineSetup] {
        let level = options.recognitionLevel
        var asked = Self.secondOpinions.filter { $0.applies(languages: languages, level: level) }.flatMap { $0.engineSetups }
        if UnsureWordReview.applies(languages: languages, level: level) { asked.append(UnsureWordReview.engineSetup) }
        var later: [EngineSetup] = []
        for engine in asked where engine != setup && !later.contains(engine) { later.append(engine) }
        return later
    }

    /// The confidence under which the rules in force drop a line (second looks are not spent
    /// on lines that will be dropped); 0 with rules that keep every line (`--raw`, field
    /// extraction).
    var filterThreshold: Float {
        options.resolvedRules.dropsLinesBelow
    }

    private var exifRotation: RotationDegree? {
        imageData.withUnsafeBytes { JPEGOrientation.rotation(in: $0.bindMemory(to: UInt8.self)) }
    }

    /// The barcodes found in the picture as given (of `size`; waited for), in the result's
    /// upright image (of `uprightSize`): turned as the reading turned the page, moved out of
    /// the region read.
    private func placed(
        _ pending: (pending: PendingBarcodes, size: ImageSize)?, turnedBy rotation: RotationDegree, region: PixelRect?,
        in uprightSize: ImageSize, trace: StageTrace
    ) throws -> [DetectedBarcode] {
        guard let (pending, size) = pending else { return [] }
        let found = try trace.measure("barcodes-wait") { try pending.found() }
        trace.note("barcodes", Double(found.count))
        return found.map { barcode in
            var box = barcode.box.turned(by: rotation, in: size)
            if let region { box = PixelRect(x: box.x + region.x, y: box.y + region.y, width: box.width, height: box.height) }
            return DetectedBarcode(
                symbology: barcode.symbology, payload: barcode.payload, boundingBox: NormalizedRect(topLeftPixelRect: box, in: uprightSize))
        }
    }

    /// The result, after the caller's recognition rules.
    private func result(lines: [RecognizedLine], storedSize: ImageSize, rotation: RotationDegree, languages: [String]) -> OCRResult {
        var read = OCRResult(
            lines: lines, minimumConfidence: options.minimumConfidence, imageSize: storedSize.rotated(by: rotation),
            rotation: rotation)
        read.languages = languages
        let ruled = options.resolvedRules.apply(to: read)
        return options.minimumTextHeight > 0 ? MinimumTextHeightFilter(minimumTextHeight: options.minimumTextHeight).apply(to: ruled) : ruled
    }
}
