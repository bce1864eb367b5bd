/// What to recognise and how.
///
/// ```swift
/// var options = RecognitionOptions()
/// options.languages = ["kor", "eng"]
/// options.minimumConfidence = 0.6
/// let result = try await repository.recognizeText(in: data, rotation: .upright, options: options)
/// ```
public struct RecognitionOptions: Sendable {
    /// The default languages: Korean first, then English.
    public static let defaultLanguages = ["kor", "eng"]
    /// The default time limit for one image: 60 seconds.
    public static let defaultTimeLimit: Duration = .seconds(60)
    /// The default largest image accepted, in pixels (50 megapixels).
    public static let defaultMaximumPixelCount = 50_000_000

    /// Tesseract language codes, most important first (`kor`, `eng`, `jpn`, `script/Hangul`, …),
    /// or BCP-47 tags as Apple Vision's `recognitionLanguages` takes them (`ko-KR`, `en-US`:
    /// see `tesseractLanguages(_:)`); `nil` uses the repository's default languages.
    public var languages: [String]?
    /// Lines the engine is less sure of (0...1) are dropped by the standard rules, and the
    /// threshold of `OCRResult.filteredLines`.
    public var minimumConfidence: Float
    /// The rules applied to the result before it is returned; `nil` (the default) is
    /// `RecognitionPipeline.standard(minimumConfidence:)` with `minimumConfidence`, and
    /// `RecognitionPipeline.raw` returns every line as the engine read it.
    public var rules: RecognitionPipeline?
    /// How to split the page into lines.
    public var pageSegmentation: PageSegmentation
    /// How much work to spend: `.accurate` (default) or `.fast`.
    public var recognitionLevel: RecognitionLevel
    /// Images with more pixels than this are refused with `OCRError.imageTooLarge`
    /// before they are decoded.
    public var maximumPixelCount: Int
    /// How long one image may keep the engine busy (waiting for a free engine does not
    /// count); past it, recognition stops and throws `OCRError.timedOut`. `nil` never stops.
    public var timeLimit: Duration?
    /// Words recognition should prefer: product and shop names, jargon, codes in your
    /// domain (Apple Vision's `customWords`). They join the languages' dictionaries, so a
    /// reading one letter from a custom word is drawn to it. Words are split at whitespace;
    /// engines with different word lists are kept apart.
    public var customWords: [String] = []
    /// Whether the languages' dictionaries correct what is read (Apple Vision's
    /// `usesLanguageCorrection`; Tesseract's `load_system_dawg` and `load_freq_dawg`). Turn
    /// it off for codes, serial numbers and names the dictionaries would "correct";
    /// measured effect in Docs/Benchmarks.md.
    public var usesLanguageCorrection = true
    /// Whether the languages are chosen per image from the script detected on it (Apple
    /// Vision's `automaticallyDetectsLanguage`): Tesseract's orientation and script
    /// detection (`osd`) names the script most of the page is in, and the installed model
    /// for it reads the page, with `eng` for Latin letters and digits. `languages` is used
    /// when detection finds nothing or no model for the script is installed.
    /// `OCRResult.languages` reports the choice.
    public var automaticallyDetectsLanguage = false
    /// How many readings to find per line, best first (1...`maximumCandidateCount`; Apple
    /// Vision's `topCandidates(_:)`). Above 1, each line is read once more alone with the
    /// engine's per-character alternatives, and the most likely other readings are kept in
    /// `RecognizedLine.alternatives`. Opt-in: it costs one more line recognition per line
    /// (measured in Docs/Benchmarks.md).
    public var candidateCount = 1
    /// The languages to read, by Apple Vision's name (`recognitionLanguages`): the same as
    /// `languages` (BCP-47 tags such as `ko-KR` or Tesseract codes); reading it with no
    /// languages set gives the defaults.
    public var recognitionLanguages: [String] {
        get { languages ?? Self.defaultLanguages }
        set { languages = newValue }
    }
    /// Lines shorter than this fraction of the upright image's height are dropped (Apple
    /// Vision's `minimumTextHeight`; 0, the default, keeps every line), whatever the rules.
    public var minimumTextHeight: Double = 0
    /// The part of the image to read (Apple Vision's `regionOfInterest`), in normalized
    /// coordinates of the upright image (origin bottom-left); `nil` reads the whole image.
    /// The image is cut to it before reading, so a smaller region takes less time; the
    /// boxes found are still in whole-image coordinates. The image is stood upright by the
    /// rotation given (or its EXIF orientation); within a region no further orientation is
    /// detected.
    public var regionOfInterest: NormalizedRect?
    /// Whether a trained text detector also looks for the lines (PP-OCR's, run through ONNX
    /// Runtime, when both are installed: `Scripts/setup.sh`): lines the layout missed, or read
    /// only as lines the rules drop, are cut out and read alone. Off by default: on real
    /// photographs it reads more (Docs/Benchmarks.md) for about a sixth more time and twice
    /// the memory.
    /// Without the runtime or the model the page is read by its layout alone.
    public var usesTextDetector = false
    /// Whether the page's barcodes and QR codes are read (`OCRResult.barcodes`, in the
    /// document view), with zbar when it is installed (Debian's `libzbar0`); without it the
    /// page's text is read as ever.
    public var readsBarcodes = true
    /// The most readings per line `candidateCount` may ask for.
    public static let maximumCandidateCount = 10

    /// Creates options; every parameter has a sensible default.
    public init(
        languages: [String]? = nil,
        minimumConfidence: Float = ConfidenceFilter.defaultMinimumConfidence,
        pageSegmentation: PageSegmentation = .automatic,
        recognitionLevel: RecognitionLevel = .accurate,
        maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount,
        rules: RecognitionPipeline? = nil,
        timeLimit: Duration? = RecognitionOptions.defaultTimeLimit,
        customWords: [String] = [],
        usesLanguageCorrection: Bool = true,
        automaticallyDetectsLanguage: Bool = false,
        candidateCount: Int = 1
    ) {
        self.candidateCount = candidateCount
        self.automaticallyDetectsLanguage = automaticallyDetectsLanguage
        self.customWords = customWords
        self.usesLanguageCorrection = usesLanguageCorrection
        self.rules = rules
        self.timeLimit = timeLimit
        self.recognitionLevel = recognitionLevel
        self.languages = languages
        self.minimumConfidence = minimumConfidence
        self.pageSegmentation = pageSegmentation
        self.maximumPixelCount = maximumPixelCount
    }

    /// The rules in force: `rules`, or the standard pipeline with `minimumConfidence`.
    public var resolvedRules: RecognitionPipeline {
        rules ?? .standard(minimumConfidence: minimumConfidence)
    }

    /// Parses Tesseract's `kor+eng` spelling into language codes.
    /// - Throws: `OCRError.invalidLanguage` when a code is empty or has characters
    ///   Tesseract language codes never have.
    public static func languages(from specifier: String) throws(OCRError) -> [String] {
        let codes = specifier.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        for code in codes where !isPlausibleLanguageCode(code) {
            throw .invalidLanguage(specifier)
        }
        return codes
    }

    /// Tesseract's codes for `codes`, each kept as it is unless it is a BCP-47 language tag
    /// as Apple Vision takes them (`ko-KR`, `en-US`, `ja`, `zh-Hant`): those become the
    /// Tesseract model for the language (`kor`, `eng`, `jpn`, `chi_tra`). Tesseract's own codes
    /// are three letters or more, with `_` (`chi_sim`) or `/` (`script/Hangul`), never two
    /// letters or a `-`, so the two cannot be confused.
    public static func tesseractLanguages(_ codes: [String]) -> [String] {
        codes.map { code in
            let parts = code.split(separator: "-").map { $0.lowercased() }
            guard let language = parts.first, language.count == 2 || (code.contains("-") && language.count <= 3) else { return code }
            if language == "zh" {
                let traditional = parts.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
                return traditional ? "chi_tra" : "chi_sim"
            }
            return bcp47Languages[language] ?? code
        }
    }

    /// ISO 639-1 codes (BCP-47's primary language subtags) and Tesseract's model for each.
    private static let bcp47Languages: [String: String] = [
        "ko": "kor", "en": "eng", "ja": "jpn", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "ru": "rus",
        "vi": "vie", "th": "tha", "ar": "ara", "hi": "hin", "nl": "nld", "pl": "pol", "tr": "tur", "uk": "ukr", "id": "ind",
        "ms": "msa", "sv": "swe", "da": "dan", "nb": "nor", "no": "nor", "fi": "fin", "el": "ell", "he": "heb", "cs": "ces",
        "hu": "hun", "ro": "ron", "kor": "kor", "eng": "eng",
    ]

    /// Checks a list of language codes, one code per element (`["kor", "eng"]`, not
    /// `["kor+eng"]`).
    /// - Throws: `OCRError.invalidLanguage` for an empty list or a malformed code,
    ///   `.unusableLanguage` for `osd` (it detects orientation; it reads no text).
    public static func validate(languages: [String]) throws(OCRError) {
        guard !languages.isEmpty else { throw .invalidLanguage("") }
        for code in languages where !isPlausibleLanguageCode(code) {
            throw .invalidLanguage(languages.joined(separator: "+"))
        }
        if languages.contains("osd") {
            throw .unusableLanguage(
                code: "osd",
                reason:
                    "it is Tesseract's orientation and script model, which reads no text (orientation is detected without asking); use a language such as kor or eng"
            )
        }
    }

    /// A Tesseract language code: ASCII letters, digits, `_`, `-`, and `/` for script
    /// models (`script/Hangul`); never `+` (that joins codes), a leading `/` or `..`.
    private static func isPlausibleLanguageCode(_ code: String) -> Bool {
        guard !code.isEmpty, !code.hasPrefix("/"), !code.contains("..") else { return false }
        return code.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "-" || scalar == "/")
        }
    }
}
