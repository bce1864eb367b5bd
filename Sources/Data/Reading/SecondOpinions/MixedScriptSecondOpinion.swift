internal import CTesseract
import Domain

/// Re-reads, with the Korean model alone and the English model alone, each word that may
/// be printed half in Latin letters and half in Hangul (`MixedScriptWord.isSuspect`:
/// `16신용승인` for `IC신용승인`, `kosisd` for `kosis에`, `카카오` for `카카오T`), and takes the
/// word as one model's reading up to a point and the other's after it when
/// `MixedScriptWord.mended` finds one; failing that, the letters before the Korean
/// reading's sure syllables are read alone with the English model (`BC카드`, `AJ파크`).
/// Hangul words read unsurely but not suspect (`MixedScriptWord.Look.head`: `시파크`) are
/// looked at for that head only.
///
/// Each word is read alone with a quarter of the line's height of margin; runs for
/// `.accurate` readings with both `kor` and `eng`, on lines the confidence filter keeps.
struct MixedScriptSecondOpinion: LineSecondOpinion {
    static let stage = "mixed"

    /// The engines to read with: `kor` and `eng` are made when a word first needs them.
    let crew: EngineCrew
    let control: RecognitionControl
    var minimumLineConfidence: Float = 0

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.mendingWords(
            of: lines, on: prepared, readingWith: Self.engineSetups, where: looksAgain(at:)
        ) { word, line, engines, prepared in
            guard let look = MixedScriptWord.look(at: word, in: line.line), let piece = line.piece(of: word, in: prepared) else { return nil }
            guard let korean = try engines.optionalEngine(for: Self.korean)?.symbols(in: piece, control: control) else { return nil }
            var reading: RecognizedText?
            if look == .whole, let english = try engines.optionalEngine(for: Self.english)?.symbols(in: piece, control: control) {
                reading = MixedScriptWord.mended(word, korean: korean, english: english)
            }
            guard let reading = try reading ?? headReread(of: word, korean: korean, in: piece, with: engines) else { return nil }
            var mended = word
            mended.text = reading.string
            mended.confidence = reading.confidence
            return mended
        }
    }

    /// The word as its head read alone with the English model, then the Korean reading's
    /// sure syllables (`MixedScriptWord.headEnd`: `BC카드` read whole as `BoFFE`, its head `BC`).
    private func headReread(of word: RecognizedWord, korean: [MixedScriptWord.Symbol], in piece: PreparedImage, with engines: EngineCache)
        throws -> RecognizedText?
    {
        guard let end = MixedScriptWord.headEnd(in: korean), end >= 2,
            let head = try? piece.image.clipped(
                to: PixelRect(x: 0, y: 0, width: min(piece.image.size.width, Int(end.rounded())), height: piece.image.size.height)),
            let english = try engines.optionalEngine(for: Self.english)?.symbols(in: PreparedImage(piece: head, of: piece), control: control)
        else { return nil }
        return MixedScriptWord.mended(word, korean: korean, englishHead: english)
    }

    /// Whether `line` is re-read: a word of it is to be looked at again (`MixedScriptWord.look`),
    /// and the confidence filter keeps it.
    func looksAgain(at line: PreparedLine) -> Bool {
        line.line.confidence >= minimumLineConfidence
            && line.line.words.contains { MixedScriptWord.look(at: $0, in: line.line) != nil }
    }
}
