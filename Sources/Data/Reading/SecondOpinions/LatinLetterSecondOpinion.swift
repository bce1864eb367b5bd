internal import CTesseract
import Domain

/// Re-reads, with the English model alone, each short run of digits beside a Hangul
/// syllable (`카카오7` for `카카오T`), and takes the letters it reads there when
/// `LatinLetterRepair` accepts them.
///
/// The run's place in its word is estimated from the widths of the word's characters; that
/// piece, with a sixth of the line's height of margin, is read as one word, then a third of
/// a line height to either side when the first look finds no letter. Runs for `.accurate`
/// readings with both `kor` and `eng`, on lines the confidence filter keeps.
struct LatinLetterSecondOpinion: LineSecondOpinion {
    static let stage = "letters"
    static var models: [[String]] { [english] }

    /// The engines to read with: `eng` is made when a run first needs it.
    let crew: EngineCrew
    let control: RecognitionControl
    var minimumLineConfidence: Float = 0

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.mendingWords(of: lines, on: prepared, readingWith: Self.engineSetups, where: looksAgain(at:)) { word, line, engines, prepared in
            var mended = word
            // Right to left, so the offsets of runs still to mend stay valid.
            for run in LatinLetterRepair.suspectRuns(in: word.text).reversed() {
                guard let span = line.line.span(of: run, in: mended) else { continue }
                let original = String(Array(mended.text)[run])
                guard let letters = try lettersRead(over: span, of: line, in: prepared, with: engines, insteadOf: original) else { continue }
                mended.text = LatinLetterRepair.replacing(run, in: mended.text, with: letters)
            }
            return mended
        }
    }

    /// The letters the English model reads over `span` of `line` (fractions of its width)
    /// that `LatinLetterRepair` accepts for `original`: read where the characters' widths
    /// place them, then a third of the line's height to either side (a narrow letter read as
    /// a syllable, `쇼` for `A`, puts the estimate off).
    private func lettersRead(
        over span: ClosedRange<Double>, of line: PreparedLine, in prepared: PreparedImage, with engines: EngineCache, insteadOf original: String
    ) throws -> String? {
        let width = Double(max(1, line.preparedBox.width))
        let shift = Double(line.preparedBox.height) / 3 / width
        for offset in [0, -shift, shift] {
            try control.checkpoint()
            let shifted = max(0, span.lowerBound + offset)...max(0, span.upperBound + offset)
            let rectangle = line.readingBox(over: shifted, margin: max(2, line.preparedBox.height / 6), within: prepared.image.size)
            guard let engine = engines.optionalEngine(for: Self.english),
                let reread = try engine.look(at: prepared, PSM_SINGLE_WORD, within: rectangle, control: control)
            else { return nil }
            let read = reread.flatMap(\.line.words)
            if read.count == 1, let letters = read.first,
                LatinLetterRepair.accepts(letters.text, confidence: letters.confidence, insteadOf: original)
            {
                return letters.text
            }
        }
        return nil
    }

    /// Whether `line` is re-read: a word of it has a suspect run, and the confidence filter keeps it.
    func looksAgain(at line: PreparedLine) -> Bool {
        line.line.confidence >= minimumLineConfidence && line.line.words.contains { !LatinLetterRepair.suspectRuns(in: $0.text).isEmpty }
    }
}
