internal import CTesseract
import Domain

/// Reads again, alone and with the Korean model, each Hangul word the rules in force would
/// drop for its confidence, and keeps the word when it is read surely.
///
/// Read with its line, a word can come out unsure for what stands around it (a table's
/// bar, a bracket, a neighbour's ink) while alone it reads clearly: `이체`, `포함)` and
/// `간접비` of a report's table read at 0.16–0.39 and were dropped by `WordConfidenceFilter`;
/// read again alone, at 0.70–0.96. Most words under that filter's threshold are not on the
/// page (a smudge, a logo), and alone they stay unsure: only a reading of one word at
/// `keptConfidence` or more replaces the word. Runs for `.accurate` readings with `kor`,
/// on the lines the confidence filter keeps, when the rules drop words at all.
struct UnsureWordReview {
    static let stage = "unsure"
    /// The engine the words are read again with.
    static let engineSetup = EngineSetup(languages: ["kor"])

    let crew: EngineCrew
    let control: RecognitionControl
    /// Lines read less confidently than this are left as they are: the confidence filter
    /// drops them (0 when no filter will run).
    var minimumLineConfidence: Float = 0
    /// The word filter's threshold (`RecognitionPipeline.dropsWordsBelow`); 0: no word is
    /// dropped, and none is read again.
    var minimumWordConfidence: Float = 0

    /// A word read again is taken at this confidence or more (as `UnreadLineReview` keeps
    /// the lines it reads alone).
    static let keptConfidence: Float = 0.75

    static func applies(languages: [String], level: RecognitionLevel) -> Bool {
        level == .accurate && languages.contains("kor")
    }

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        let korean = Self.engineSetup
        return try crew.mendingWords(of: lines, on: prepared, readingWith: [korean], where: looksAgain(at:)) { word, line, engines, prepared in
            guard isUnsure(word), let piece = line.piece(of: word, in: prepared),
                let read = try engines.optionalEngine(for: korean.languages)?.look(at: piece, PSM_SINGLE_LINE, control: control),
                read.count == 1, let words = read.first?.line.words, words.count == 1, let alone = words.first,
                alone.confidence >= Self.keptConfidence
            else { return nil }
            var mended = word
            mended.text = alone.text
            mended.confidence = alone.confidence
            return mended
        }
    }

    /// Whether `word` holds Hangul and the word filter would drop it.
    func isUnsure(_ word: RecognizedWord) -> Bool {
        word.confidence < minimumWordConfidence && word.text.unicodeScalars.contains(where: HangulWordRepair.isHangulSyllable)
    }

    /// Whether `line` is looked at: the confidence filter keeps it, and a word of it is unsure.
    func looksAgain(at line: PreparedLine) -> Bool {
        minimumWordConfidence > 0 && line.line.confidence >= minimumLineConfidence && line.line.words.contains(where: isUnsure)
    }
}
