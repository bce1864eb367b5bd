import Domain

/// The engines a worker has initialised, one per language list, reused across jobs.
///
/// Not `Sendable`: it lives on its worker's serial queue and is handed to jobs there.
final class EngineCache {
    private let locator: LanguageDataLocator
    private var engines: [[String]: TesseractEngine] = [:]

    init(locator: LanguageDataLocator) {
        self.locator = locator
    }

    /// The engine for `languages`, initialised on first use (~0.2 s for kor+eng).
    func engine(for languages: [String]) throws -> TesseractEngine {
        if let engine = engines[languages] { return engine }
        let files = try locator.files(for: languages)
        let engine = try TesseractEngine(languages: files.codes, dataDirectory: files.directory)
        engines[languages] = engine
        return engine
    }

    /// The engine for `languages` when their data is installed, else `nil` (for optional
    /// helpers such as orientation detection, which needs `osd`).
    func optionalEngine(for languages: [String]) -> TesseractEngine? {
        try? engine(for: languages)
    }
}
