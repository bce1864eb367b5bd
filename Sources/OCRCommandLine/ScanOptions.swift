import Domain

/// The options of `ocr scan`.
public struct ScanOptions: Sendable, Hashable {
    /// Image paths; `-` is standard input.
    public var inputs: [String] = []
    /// A file of image paths, one per line, read as they arrive (`--files-from`; `-` is
    /// standard input): a worker for line-oriented engines.
    public var filesFrom: String?
    /// Tesseract language codes.
    public var languages: [String] = RecognitionOptions.defaultLanguages
    /// Lines below this confidence are not printed.
    public var minimumConfidence: Float = ConfidenceFilter.defaultMinimumConfidence
    /// Lines shorter than this fraction of the image height are not printed (0 keeps all).
    public var minimumTextHeight: Double = 0
    /// Only this region is read (normalized, origin bottom-left; cut out before reading).
    public var region: NormalizedRect?
    /// Whether every recognition rule is switched off (`--raw`).
    public var raw = false
    /// Structured fields to extract from each image's lines (`--extract receipt`).
    public var extraction: Extraction?
    /// How far the stored images must be turned clockwise to stand upright; `nil` detects it.
    public var rotation: RotationDegree?
    /// How much work to spend per image.
    public var recognitionLevel: RecognitionLevel = .accurate
    /// How to split pages into lines.
    public var pageSegmentation: PageSegmentation = .automatic
    /// The output format.
    public var format: OutputFormat = .text
    /// A directory of `.traineddata` files, instead of the search.
    public var dataDirectory: String?
    /// Whether directories are searched at every level.
    public var recursive = false
    /// Whether a recursive search follows links to directories (each real directory is
    /// still entered once).
    public var followsLinks = false
    /// Images read at once (engines started); `nil` is the number of active cores.
    public var jobs: Int?
    /// How long one image may take; `nil` never stops.
    public var timeLimit: Duration? = RecognitionOptions.defaultTimeLimit
    /// Whether each image's languages come from the script detected on it (`--lang auto`).
    public var automaticallyDetectsLanguage = false
    /// Readings per line, best first (`--candidates N`; 1 is the line's text alone).
    public var candidateCount = 1
    /// Words recognition should prefer (`--custom-words FILE`, one per line).
    public var customWords: [String] = []
    /// Whether the dictionaries correct the reading (`--no-language-correction` turns them off).
    public var usesLanguageCorrection = true
    /// Whether the trained text detector looks for lines the layout missed (`--detector`).
    public var usesTextDetector = false
    /// Whether barcodes and QR codes are read (`--no-barcodes` turns it off).
    public var readsBarcodes = true
    /// The file `--format pdf` writes (`--output FILE.pdf`).
    public var outputPath: String?
    /// Where to write the upright image with the line boxes drawn (`--annotate OUT.png`).
    public var annotationPath: String?
    /// Whether PDF pages that already carry text are read as images too (`--read-text-pages`).
    public var readsTextPages = false
    /// Whether the progress bar is suppressed.
    public var quiet = false

    public init() {}

    /// The rules: none with `--raw`; for `--extract`, the field-extraction rules (low-confidence
    /// words kept for the extractor to weigh), with the confidence filter only when a minimum
    /// was asked for; else the standard rules.
    var rules: RecognitionPipeline {
        if raw { return .raw }
        guard extraction != nil else {
            return .standard(minimumConfidence: minimumConfidence)
        }
        var rules = RecognitionPipeline.fieldExtraction()
        if minimumConfidence != ConfidenceFilter.defaultMinimumConfidence {
            rules.rules.insert(ConfidenceFilter(minimumConfidence: minimumConfidence), at: 0)
        }
        return rules
    }

    /// The library options these command-line options stand for.
    var recognitionOptions: RecognitionOptions {
        var options = RecognitionOptions(
            languages: languages, minimumConfidence: minimumConfidence, pageSegmentation: pageSegmentation,
            recognitionLevel: recognitionLevel,
            rules: rules,
            timeLimit: timeLimit, customWords: customWords, usesLanguageCorrection: usesLanguageCorrection,
            automaticallyDetectsLanguage: automaticallyDetectsLanguage, candidateCount: candidateCount)
        options.regionOfInterest = region
        options.minimumTextHeight = minimumTextHeight
        options.usesTextDetector = usesTextDetector
        options.readsBarcodes = readsBarcodes
        return options
    }
}

/// What `ocr scan --extract` reads out of the recognised lines.
public enum Extraction: String, Sendable, Hashable, CaseIterable {
    /// A Korean store receipt (`ReceiptExtractor`).
    case receipt
}

/// The options of `ocr langs`.
public struct LangsOptions: Sendable, Hashable {
    /// A directory of `.traineddata` files, instead of the search.
    public var dataDirectory: String?

    public init() {}
}

/// The options of `ocr extract`.
public struct ExtractOptions: Sendable, Hashable {
    /// What to extract.
    public var kind: Extraction = .receipt
    /// Text files, one recognised line per line; `-` is standard input.
    public var inputs: [String] = []
    /// `text` (a summary per file) or `json` (one object per file, an array for several).
    public var format: OutputFormat = .text

    public init() {}
}
