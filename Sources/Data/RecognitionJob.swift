import Domain
import Foundation

/// One call's work, run on an engine worker's queue: decode, stand upright, prepare,
/// read, and build the result.
struct RecognitionJob: Sendable {
    let imageData: Data
    /// The caller's rotation; `nil` detects it.
    let rotation: RotationDegree?
    /// The languages to read: the options', or the repository's default.
    let languages: [String]
    let options: RecognitionOptions
    let control: RecognitionControl

    func run(with engines: EngineCache) throws -> OCRResult {
        try control.checkpoint()
        let trace = StageTrace()
        defer { trace.report() }
        let engine = try trace.measure("engine") { try engines.engine(for: EngineSetup(languages: languages, options: options)) }
        let stored = try trace.measure("decode") {
            try ImageDecoder.decode(imageData, maximumPixelCount: options.maximumPixelCount)
        }
        let initial = rotation ?? exifRotation ?? .upright
        let upright = try stored.rotated(by: initial)
        // A side under 6 px holds no character (a 600×15 cropped line does; 3×16,000,000 does not).
        guard upright.size.width >= 6, upright.size.height >= 6 else {
            return result(lines: [], storedSize: stored.size, rotation: initial)
        }
        let preparation = ImagePreparation(level: options.recognitionLevel)
        let base = try trace.measure("prepare") { try preparation.base(from: upright, trace: trace) }
        try control.checkpoint()
        let reader = PageReader(engine: engine, control: control, preparation: preparation, segmentation: options.pageSegmentation, trace: trace)
        var detected: (rotation: RotationDegree, confidence: Double)??
        let reading = try trace.measure("read") {
            try reader.read(
                base: base, detectOrientation: rotation == nil,
                detection: {
                    if detected == nil {
                        detected = trace.measure("orientation") { engines.optionalEngine(for: ["osd"])?.detectOrientation(base.image) }
                    }
                    return detected ?? nil
                },
                uprightSize: { candidate in stored.size.rotated(by: initial.followed(by: candidate)) })
        }
        var lines = reading.lines
        if options.recognitionLevel == .accurate {
            lines = try trace.measure("review") { try DoubtfulLineReview(engine: engine, control: control).review(lines, in: reading.prepared) }
        }
        if KoreanSecondOpinion.applies(languages: languages, level: options.recognitionLevel) {
            let korean = { engines.optionalEngine(for: KoreanSecondOpinion.korean) }
            lines = try trace.measure("korean") { try KoreanSecondOpinion(engine: korean, control: control).review(lines, in: reading.prepared) }
        }
        if NumberTailSecondOpinion.applies(languages: languages, level: options.recognitionLevel) {
            let english = { engines.optionalEngine(for: NumberTailSecondOpinion.english) }
            lines = try trace.measure("tails") { try NumberTailSecondOpinion(engine: english, control: control).review(lines, in: reading.prepared) }
        }
        control.report(1)
        return trace.measure("rules") { result(lines: lines.map(\.line), storedSize: stored.size, rotation: initial.followed(by: reading.rotation)) }
    }

    private var exifRotation: RotationDegree? {
        imageData.withUnsafeBytes { JPEGOrientation.rotation(in: $0.bindMemory(to: UInt8.self)) }
    }

    /// The result, after the caller's recognition rules.
    private func result(lines: [RecognizedLine], storedSize: ImageSize, rotation: RotationDegree) -> OCRResult {
        let read = OCRResult(
            lines: lines, minimumConfidence: options.minimumConfidence, imageSize: storedSize.rotated(by: rotation),
            rotation: rotation)
        return options.resolvedRules.apply(to: read)
    }
}
