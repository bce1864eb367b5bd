import Domain

/// What an engine is initialised with: its languages, and the init-only settings that
/// make engines differ (custom words, the dictionaries). Engines with different setups
/// are never mixed up: the worker's cache keys them by setup.
struct EngineSetup: Hashable, Sendable {
    /// Tesseract language codes, as installed.
    var languages: [String]
    /// Words to prefer (`user_words_file`), whitespace-free, sorted, without repeats.
    var customWords: [String] = []
    /// Whether the languages' dictionaries correct the reading (`load_system_dawg`,
    /// `load_freq_dawg`).
    var usesLanguageCorrection = true
    /// Whether a reading with several languages reads with the first alone and the others
    /// only where it doubts (`EngineSetup.split`, `ModelSplitReader`): `.fast` readings.
    var readsFirstModelAlone = false

    /// The longest custom word kept, in characters (Tesseract's dictionary words are short).
    static let longestCustomWord = 64
    /// The most custom words kept.
    static let mostCustomWords = 50_000
    /// The models that read Korean: a page's first model read alone (`koreanModelAlone`,
    /// measured for Korean only), and the model whose Hangul words need no other model's
    /// reading (`TesseractEngine.acceptsKoreanWords`).
    static let koreanModels: Set<String> = ["kor", "script/Hangul", "Hangul"]

    init(languages: [String], customWords: [String] = [], usesLanguageCorrection: Bool = true, readsFirstModelAlone: Bool = false) {
        self.languages = languages
        self.customWords = Self.normalized(customWords)
        self.usesLanguageCorrection = usesLanguageCorrection
        self.readsFirstModelAlone = readsFirstModelAlone
    }

    /// The setup lines are read with half a turn round, to check a page's orientation
    /// (`PageReader`): a page read with a Korean model and others is sampled with the Korean
    /// model alone. An upright page's lines read turned are marks every model doubts, and
    /// with several models Tesseract reads each such line with every one (see
    /// `TesseractOverride.koreanWords`); the Korean model alone tells them from text as well.
    /// Measured on the 23 real images: the half-turn samples' CPU 2.1 → 0.9 s (the business
    /// card's lines, read 0.26 rather than 0.19 worse turned, then settle it without
    /// orientation detection), the same text upright and on their upside-down captures.
    var turnedSample: EngineSetup { koreanModelAlone ?? self }

    /// The setup of a page's first model alone, when it is a Korean model read with others
    /// (what `split` and `turnedSample` read with); `nil` otherwise.
    var koreanModelAlone: EngineSetup? {
        guard languages.count > 1, let first = languages.first, Self.koreanModels.contains(first) else { return nil }
        var alone = self
        alone.languages = [first]
        alone.readsFirstModelAlone = false
        return alone
    }

    /// The setup `options` ask for with `languages`.
    init(languages: [String], options: RecognitionOptions) {
        self.init(
            languages: languages, customWords: options.customWords, usesLanguageCorrection: options.usesLanguageCorrection,
            readsFirstModelAlone: options.recognitionLevel == .fast)
    }

    /// Words split at whitespace (a dictionary word has none), empty and overlong ones
    /// dropped, sorted and without repeats, at most `mostCustomWords`.
    static func normalized(_ words: [String]) -> [String] {
        let split = words.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        return Array(Set(split.filter { !$0.isEmpty && $0.count <= longestCustomWord }).sorted().prefix(mostCustomWords))
    }
}
