import Domain

/// A second look, with another model, at the lines of a page where the first reading has
/// a suspect shape (`KoreanSecondOpinion`, `LatinLetterSecondOpinion`,
/// `NumberTailSecondOpinion`). Each is shared out on the job's crew and skips the lines the
/// rules in force will drop; `RecognitionJob` runs them in that order.
protocol LineSecondOpinion: PreparedPageReview {
    /// Whether the opinion is asked for a reading with `languages` at `level`.
    static func applies(languages: [String], level: RecognitionLevel) -> Bool
    /// The models it reads with, each an engine of its own.
    static var models: [[String]] { get }
    /// - Parameter minimumLineConfidence: Lines read less confidently are left as they are
    ///   (the confidence filter drops them; 0 when no filter will run).
    init(crew: EngineCrew, control: RecognitionControl, minimumLineConfidence: Float)
    /// The lines, those looked at again mended.
    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine]
}

extension LineSecondOpinion {
    /// The English model alone, asked after a reading with both `kor` and `eng`.
    static var english: [String] { ["eng"] }
    /// The Korean model alone, asked after a mixed-language reading.
    static var korean: [String] { ["kor"] }
    /// By default, both models alone.
    static var models: [[String]] { [korean, english] }
    /// The setups of `models`' engines: what its `EngineCrew` maps read with, and what a job
    /// starts ahead for it (`RecognitionJob.laterEngines`).
    static var engineSetups: [EngineSetup] { models.map { EngineSetup(languages: $0) } }

    /// By default, whether an `.accurate` reading with both `kor` and `eng` is asked (the
    /// English model's looks at what the Korean model wrote).
    static func applies(languages: [String], level: RecognitionLevel) -> Bool {
        level == .accurate && languages.contains("kor") && languages.contains("eng")
    }
}
