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
    /// Whether engines take the package's place for some of Tesseract's steps
    /// (`TesseractOverride`): the same readings, in less time.
    let usesOverrides: Bool
    private var engines: [EngineSetup: TesseractEngine] = [:]
    /// Setups from least to most recently used.
    private var recency: [EngineSetup] = []

    init(locator: LanguageDataLocator, usesOverrides: Bool = true) {
        self.locator = locator
        self.usesOverrides = usesOverrides
    }

    /// The codes of every installed language (`script/Hangul` also as `Hangul`), read once.
    private(set) lazy var installedCodes: Set<String> = Set(locator.installedLanguages().map(\.code))

    /// The engine for `languages` with the default setup, initialised on first use (~0.2 s for kor+eng).
    func engine(for languages: [String]) throws -> TesseractEngine {
        try engine(for: EngineSetup(languages: languages))
    }

    /// The engine for `setup`, initialised on first use.
    func engine(for requested: EngineSetup) throws -> TesseractEngine {
        let setup = Self.key(for: requested)
        recency.removeAll { $0 == setup }
        recency.append(setup)
        if let engine = engines[setup] { return engine }
        let engine = try makeEngine(for: setup)
        adopt(engine, for: setup)
        return engine
    }

    /// Whether the engine for `setup` is initialised.
    func holds(_ setup: EngineSetup) -> Bool {
        engines[Self.key(for: setup)] != nil
    }

    /// A new engine for `setup`, made without touching the cache: another thread may make
    /// one while the cache's own thread uses it, for the cache to `adopt(_:for:)` later.
    func makeEngine(for setup: EngineSetup) throws -> TesseractEngine {
        let files = try locator.files(for: setup.languages)
        var resolved = Self.key(for: setup)
        resolved.languages = files.codes
        let engine = try TesseractEngine(setup: resolved, dataDirectory: files.directory, loadsUnusedAmbiguities: !usesOverrides)
        if !usesOverrides { engine.leavesEveryStepToTesseract() }
        return engine
    }

    /// Keeps `engine` as the one for `setup` (made by `makeEngine(for:)`), releasing the least
    /// recently used beyond `capacity`; an engine already kept for it stays.
    func adopt(_ engine: TesseractEngine, for requested: EngineSetup) {
        let setup = Self.key(for: requested)
        guard engines[setup] == nil else { return }
        while engines.count >= Self.capacity, let oldest = recency.first(where: { engines[$0] != nil && $0 != setup }) {
            engines[oldest] = nil
            recency.removeAll { $0 == oldest }
        }
        if !recency.contains(setup) { recency.insert(setup, at: 0) }
        engines[setup] = engine
    }

    /// How a page's languages are read together is no part of one engine.
    private static func key(for setup: EngineSetup) -> EngineSetup {
        var key = setup
        key.readsFirstModelAlone = false
        return key
    }

    /// The engine for `languages` when their data is installed, else `nil` (for optional
    /// helpers such as orientation detection, which needs `osd`).
    func optionalEngine(for languages: [String]) -> TesseractEngine? {
        try? engine(for: languages)
    }
}
