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
    /// The models that read Korean: a page's first model read alone (`split`, measured for
    /// Korean only), and the model whose Hangul words need no other model's reading
    /// (`TesseractEngine.acceptsKoreanWords`).
    static let koreanModels: Set<String> = ["kor", "script/Hangul", "Hangul"]

    init(languages: [String], customWords: [String] = [], usesLanguageCorrection: Bool = true, readsFirstModelAlone: Bool = false) {
        self.languages = languages
        self.customWords = Self.normalized(customWords)
        self.usesLanguageCorrection = usesLanguageCorrection
        self.readsFirstModelAlone = readsFirstModelAlone
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
