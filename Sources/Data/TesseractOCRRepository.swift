import Domain
import Foundation

/// Reads text with Tesseract, entirely on the device.
///
/// Engines are initialised on first use and reused. Calls from many tasks at once run in
/// parallel on a pool of engine workers — at most `maximumEngines` (default: the number of
/// active cores), each with its own thread and engines; further calls wait their turn in
/// order. Idle workers are released after a minute. While a core is spare (one image read
/// alone), a call shares its blocks and second looks with a helper worker on it
/// (`HelperPool`), with the same result. Cancelling the calling task stops
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
    private let helpers: HelperPool

    /// Creates a repository, checking that the language data is installed.
    /// - Parameters:
    ///   - languages: Default Tesseract language codes, most important first (used when
    ///     `RecognitionOptions.languages` is `nil`); BCP-47 tags (`ko-KR`, `en-US`) are taken
    ///     as their languages' models (`RecognitionOptions.tesseractLanguages`).
    ///   - dataDirectory: A directory of `.traineddata` files; `nil` searches `TESSDATA_PREFIX`
    ///     and the standard locations (see `LanguageDataLocator`).
    ///   - maximumEngines: The most recognitions run at once, each on its own engine worker
    ///     (about 60–70 MB each for `kor+eng`, see Docs/Benchmarks.md); `nil` uses the
    ///     number of active cores. It is capped at `engineCapacity`: more engines than cores
    ///     only share the cores (every image then took longer, and a time limit counted the
    ///     sharing), so further calls wait for a free engine instead.
    ///   - usesSpareCores: Whether a call may share its work with a helper engine on a core
    ///     no call is using (one image read alone on two cores: a third less time, the same
    ///     result, and the helper's engines in memory, about 70 MB). `false` keeps every call
    ///     on its own worker's thread, as does the environment variable `SWIFTOCR_HELPERS=0`.
    ///   - usesTesseractOverrides: Whether engines take the package's place for some of
    ///     Tesseract's steps (`CTesseractOverrides`: functions of libtesseract and Leptonica
    ///     replaced in this process, on the engines' threads only; the same readings in about
    ///     40% less time). They apply on 64-bit Linux to libtesseract 5.3.x; `false`, or the
    ///     environment variable `SWIFTOCR_OVERRIDES=0` for the whole process, leaves every
    ///     step to Tesseract (`SWIFTOCR_TRACE=1` names those that do not apply, and why).
    /// - Throws: `OCRError.languageDataMissing`, `.languageDataInvalid` or `.invalidLanguage`.
    public init(
        languages: [String] = RecognitionOptions.defaultLanguages,
        dataDirectory: String? = nil,
        maximumEngines: Int? = nil,
        usesSpareCores: Bool = true,
        usesTesseractOverrides: Bool = true
    ) throws(OCRError) {
        let languages = RecognitionOptions.tesseractLanguages(languages)
        try Self.validate(languages)
        let locator = LanguageDataLocator(explicitDirectory: dataDirectory)
        let files = try locator.files(for: languages)
        for code in files.codes {  // implausible data fails here, not at the first image
            try LanguageDataFile.check(LanguageDataLocator.dataFile(for: code, in: files.directory))
        }
        self.dataDirectory = files.directory
        self.defaultLanguages = languages
        self.locator = locator
        self.maximumEngines = max(1, min(maximumEngines ?? Self.engineCapacity, Self.engineCapacity))
        self.pool = ResourcePool(limit: self.maximumEngines) { EngineWorker(locator: locator, usesOverrides: usesTesseractOverrides) }
        let helpersAllowed = usesSpareCores && ProcessInfo.processInfo.environment["SWIFTOCR_HELPERS"] != "0"
        self.helpers = HelperPool(cores: helpersAllowed ? Self.engineCapacity : 0) {
            EngineWorker(locator: locator, usesOverrides: usesTesseractOverrides)
        }
    }

    /// The most engine workers this machine runs well at once: one per active core, and
    /// no more than available memory allows at `memoryPerEngine` each.
    public static var engineCapacity: Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard let available = availableMemory else { return max(1, cores) }
        return max(1, min(cores, available / memoryPerEngine))
    }

    /// Memory one busy worker may need: its engines (about 120 MB for kor+eng, kor, eng and
    /// osd) and one image being prepared and read (up to about 250 MB at the pixel limit).
    public static let memoryPerEngine = 400 << 20

    /// `MemAvailable` from /proc/meminfo, in bytes, where the system reports it.
    private static var availableMemory: Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
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
        try await recognize(page: 0, of: imageData, languages: checkedLanguages(options), rotation: rotation, options: options, progress: progress)
    }

    /// Recognises every page of `imageData`: each page of a multi-page TIFF or of a PDF (made
    /// an image with poppler's tools, see `PDFFile`), in order, one result per page (each page
    /// has its own time limit); any other image gives one result.
    /// - Throws: as `recognizeText(in:rotation:options:progress:)`, for the first page that
    ///   fails; `OCRError.unsupportedImage` for a TIFF of more than `ImageSource.maximumPages`.
    public func recognizePages(
        in imageData: Data,
        rotation: RotationDegree? = nil,
        options: RecognitionOptions = RecognitionOptions()
    ) async throws -> [OCRResult] {
        if PDFFile.isPDF(imageData) { return try await recognizePDFPages(in: imageData, rotation: rotation, options: options) }
        let count = max(1, ImageDecoder.pageCount(of: imageData))
        guard count <= ImageSource.maximumPages else { throw ImageDecoder.tooManyPages(count) }
        let languages = try checkedLanguages(options)
        var results: [OCRResult] = []
        for page in 0..<count {
            try Task.checkCancellation()
            results.append(try await recognize(page: page, of: imageData, languages: languages, rotation: rotation, options: options, progress: nil))
        }
        return results
    }

    /// Every page of PDF data, each made an image (`PDFFile.image(ofPage:)`, pages that carry
    /// text too) and read in order; the PDF is written to a private temporary file for
    /// poppler's tools, and removed.
    private func recognizePDFPages(in data: Data, rotation: RotationDegree?, options: RecognitionOptions) async throws -> [OCRResult] {
        let languages = try checkedLanguages(options)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftocr-\(UUID().uuidString).pdf")
        try data.write(to: url, options: .withoutOverwriting)
        defer { try? FileManager.default.removeItem(at: url) }
        let pdf = try PDFFile(path: url.path)
        var results: [OCRResult] = []
        for page in 1...max(1, pdf.pageCount) {
            try Task.checkCancellation()
            let image = try pdf.image(ofPage: page, maximumPixelCount: options.maximumPixelCount, timeLimit: options.timeLimit)
            results.append(try await recognize(page: 0, of: image, languages: languages, rotation: rotation, options: options, progress: nil))
        }
        return results
    }

    /// The languages `options` ask for (or the default ones), checked once per call: valid
    /// codes, with data installed.
    private func checkedLanguages(_ options: RecognitionOptions) throws -> [String] {
        let languages = options.languages.map(RecognitionOptions.tesseractLanguages) ?? defaultLanguages
        try Self.validate(languages)
        _ = try locator.directory(for: languages)
        return languages
    }

    private func recognize(
        page: Int, of imageData: Data, languages: [String], rotation: RotationDegree?, options: RecognitionOptions,
        progress: (@Sendable (Double) -> Void)?
    ) async throws -> OCRResult {
        let control = RecognitionControl(progress: progress, timeLimit: options.timeLimit)
        let job = RecognitionJob(
            imageData: imageData, page: page, rotation: rotation, languages: languages, options: options, control: control)
        return try await withTaskCancellationHandler {
            try await run(job, control: control)
        } onCancel: {
            control.cancel()
        }
    }

    /// Runs a job on a worker from the pool. The worker goes back to the pool when the job
    /// has ended, also when the caller was answered earlier (the job overran its limit or
    /// its cancellation and was abandoned): its place is not given to a new worker while it
    /// still works.
    private func run(_ job: RecognitionJob, control: RecognitionControl) async throws -> OCRResult {
        let worker = try await pool.acquire()
        let pool = self.pool
        let helpers = self.helpers
        let free: @Sendable () -> Void = { pool.release(worker) }
        return try await worker.run(control: control, whenFree: free) { engines in
            helpers.jobStarted()
            defer { helpers.jobEnded() }
            return try job.run(with: EngineCrew(engines: engines, helpers: helpers))
        }
    }

    /// Initialises one engine worker for the default languages now, so the first
    /// recognition does not pay for it.
    public func warmUp() async throws {
        let languages = defaultLanguages
        let worker = try await pool.acquire()
        let pool = self.pool
        let free: @Sendable () -> Void = { pool.release(worker) }
        try await worker.run(control: RecognitionControl(progress: nil), whenFree: free) { engines in
            _ = try engines.engine(for: languages)
        }
    }

    private static func validate(_ languages: [String]) throws(OCRError) {
        try RecognitionOptions.validate(languages: languages)
    }
}
