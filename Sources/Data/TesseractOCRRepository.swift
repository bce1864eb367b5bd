import Domain
import Foundation

/// Reads text with Tesseract, entirely on the device.
///
/// Engines are initialised on first use and reused. Calls from many tasks at once run in
/// parallel on a pool of engine workers — at most `maximumEngines` (default: the number of
/// active cores), each with its own thread and engines; further calls wait their turn in
/// order. Idle workers are released after a minute. Cancelling the calling task stops
/// Tesseract early (through its monitor's cancel callback), or removes a waiting call from
/// the queue, and throws `CancellationError`.
///
/// ```swift
/// let repository = try TesseractOCRRepository()            // kor+eng
/// let data = try Data(contentsOf: URL(fileURLWithPath: "receipt.png"))
/// let result = try await repository.recognizeText(in: data)   // orientation detected
/// print(result.rotation, result.text)
/// print(result.text)
/// ```
public final class TesseractOCRRepository: OCRRepository {
    /// The languages used when options do not name others.
    public let defaultLanguages: [String]
    /// Where the default languages' data was found.
    public let dataDirectory: String
    /// The most engine workers alive at once.
    public let maximumEngines: Int
    private let locator: LanguageDataLocator
    private let pool: ResourcePool<EngineWorker>

    /// Creates a repository, checking that the language data is installed.
    /// - Parameters:
    ///   - languages: Default Tesseract language codes, most important first (used when
    ///     `RecognitionOptions.languages` is `nil`).
    ///   - dataDirectory: A directory of `.traineddata` files; `nil` searches `TESSDATA_PREFIX`
    ///     and the standard locations (see `LanguageDataLocator`).
    ///   - maximumEngines: The most recognitions run at once, each on its own engine worker
    ///     (about 60–70 MB each for `kor+eng`, see Docs/Benchmarks.md); `nil` uses the
    ///     number of active cores.
    /// - Throws: `OCRError.languageDataMissing`, `.languageDataInvalid` or `.invalidLanguage`.
    public init(
        languages: [String] = RecognitionOptions.defaultLanguages,
        dataDirectory: String? = nil,
        maximumEngines: Int? = nil
    ) throws(OCRError) {
        try Self.validate(languages)
        let locator = LanguageDataLocator(explicitDirectory: dataDirectory)
        let files = try locator.files(for: languages)
        for code in files.codes {  // implausible data fails here, not at the first image
            try LanguageDataFile.check(LanguageDataLocator.dataFile(for: code, in: files.directory))
        }
        self.dataDirectory = files.directory
        self.defaultLanguages = languages
        self.locator = locator
        self.maximumEngines = max(1, maximumEngines ?? ProcessInfo.processInfo.activeProcessorCount)
        self.pool = ResourcePool(limit: self.maximumEngines) { EngineWorker(locator: locator) }
    }

    public func recognizeText(in imageData: Data, rotation: RotationDegree?) async throws -> OCRResult {
        try await recognizeText(
            in: imageData, rotation: rotation, options: RecognitionOptions(), progress: nil)
    }

    public func recognizeText(
        in imageData: Data,
        rotation: RotationDegree?,
        options: RecognitionOptions,
        progress: (@Sendable (Double) -> Void)?
    ) async throws -> OCRResult {
        let languages = options.languages ?? defaultLanguages
        try Self.validate(languages)
        _ = try locator.directory(for: languages)
        let control = RecognitionControl(progress: progress, timeLimit: options.timeLimit)
        let job = RecognitionJob(imageData: imageData, rotation: rotation, languages: languages, options: options, control: control)
        return try await withTaskCancellationHandler {
            try await pool.withResource { worker in
                try await worker.run { engines in try job.run(with: engines) }
            }
        } onCancel: {
            control.cancel()
        }
    }

    /// Initialises one engine worker for the default languages now, so the first
    /// recognition does not pay for it.
    public func warmUp() async throws {
        let languages = defaultLanguages
        try await pool.withResource { worker in
            try await worker.run { engines in _ = try engines.engine(for: languages) }
        }
    }

    private static func validate(_ languages: [String]) throws(OCRError) {
        try RecognitionOptions.validate(languages: languages)
    }
}
