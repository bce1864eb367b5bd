import Domain

/// The engines a worker has initialised, one per setup (languages, custom words,
/// dictionaries), reused across jobs; at most `capacity`, the least recently used
/// released first.
///
/// Not `Sendable`: it lives on its worker's serial queue and is handed to jobs there.
final class EngineCache {
    /// Setups kept initialised at once per worker (each engine holds up to ~100 MB).
    static let capacity = 4

    private let locator: LanguageDataLocator
    private var engines: [EngineSetup: TesseractEngine] = [:]
    /// Setups from least to most recently used.
    private var recency: [EngineSetup] = []

    init(locator: LanguageDataLocator) {
        self.locator = locator
    }

    /// The codes of every installed language (`script/Hangul` also as `Hangul`), read once.
    private(set) lazy var installedCodes: Set<String> = Set(locator.installedLanguages().map(\.code))

    /// The engine for `languages` with the default setup, initialised on first use (~0.2 s for kor+eng).
    func engine(for languages: [String]) throws -> TesseractEngine {
        try engine(for: EngineSetup(languages: languages))
    }

    /// The engine for `setup`, initialised on first use.
    func engine(for requested: EngineSetup) throws -> TesseractEngine {
        // How a page's languages are read together is no part of one engine.
        var setup = requested
        setup.readsFirstModelAlone = false
        recency.removeAll { $0 == setup }
        recency.append(setup)
        if let engine = engines[setup] { return engine }
        let files = try locator.files(for: setup.languages)
        var resolved = setup
        resolved.languages = files.codes
        let engine = try TesseractEngine(setup: resolved, dataDirectory: files.directory)
        while engines.count >= Self.capacity, let oldest = recency.first(where: { engines[$0] != nil }) {
            engines[oldest] = nil
            recency.removeAll { $0 == oldest }
        }
        engines[setup] = engine
        return engine
    }

    /// The engine for `languages` when their data is installed, else `nil` (for optional
    /// helpers such as orientation detection, which needs `osd`).
    func optionalEngine(for languages: [String]) -> TesseractEngine? {
        try? engine(for: languages)
    }
}
