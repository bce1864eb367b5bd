internal import CTesseract
import Domain

/// Re-reads, with the Korean model alone, each line where a mixed-language reading
/// produced suspect words (Latin letters or symbols, no Hangul; or an amount whose `원`
/// came out as digits or brackets), and lets `HangulWordRepair` and `WonAmountRepair`
/// replace the misread ones.
///
/// Runs for `.accurate` readings whose languages include `kor` and another language.
/// Only the suspect words are re-read — each run of them with two line heights of margin,
/// or the whole line when the runs cover half of it or more — which costs less than half
/// of re-reading whole lines, with the same accuracy. A `kor` engine is made once per
/// worker.
struct KoreanSecondOpinion: LineSecondOpinion {
    static let stage = "korean"
    static var models: [[String]] { [korean] }

    /// The engines to read with: `kor` is made when a line first needs it (20 of the 23 real
    /// images need it).
    let crew: EngineCrew
    let control: RecognitionControl
    /// Lines read less confidently than this are left as they are: the confidence filter
    /// drops them (0 when no filter will run).
    var minimumLineConfidence: Float = 0

    static func applies(languages: [String], level: RecognitionLevel) -> Bool {
        level == .accurate && languages.count > 1 && languages.contains("kor")
    }

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        let readsDropped = Self.readsDroppedLines(lines.map(\.line), filteredBelow: minimumLineConfidence)
        let looksAgain = { (line: PreparedLine) in
            self.looksAgain(at: line) && (readsDropped || line.line.confidence >= minimumLineConfidence)
        }
        return try crew.review(lines, on: prepared, readingWith: Self.engineSetups, where: looksAgain) { line, engines, prepared in
            var koreanWords: [RecognizedWord] = []
            for rectangle in Self.rectangles(for: Self.suspectSpans(in: line.line), of: line, within: prepared.image.size) {
                guard let engine = engines.optionalEngine(for: Self.korean),
                    let reread = try engine.look(at: prepared, PSM_SINGLE_LINE, within: rectangle, control: control)
                else { continue }
                koreanWords += reread.flatMap(\.line.words)
            }
            let amounts = WonAmountRepair.repair(line.line, koreanWords: koreanWords)
            let repaired = HangulWordRepair.repair(amounts, koreanWords: koreanWords)
            return PreparedLine(line: Self.taken(repaired, for: line.line, filteredBelow: minimumLineConfidence), preparedBox: line.preparedBox)
        }
    }

    /// The repaired reading of a line read as `original`. A line the confidence filter
    /// (`minimum`) would drop is taken only when the Korean model read all of it surely (no
    /// less sure than its words, at `keptConfidence` or more); else it stays as read, to be dropped.
    static func taken(_ repaired: RecognizedLine, for original: RecognizedLine, filteredBelow minimum: Float) -> RecognizedLine {
        guard original.confidence < minimum else { return repaired }
        let sure = repaired.withConfidenceOfItsWords()
        return sure.confidence >= Self.keptConfidence ? sure : original
    }

    /// Whether the lines the filter drops (under `minimum`) are looked at again: while they
    /// hold at most `droppedShare` times the characters of the lines it keeps, or
    /// `droppedAllowance`. More is a photograph's texture read as lines (a patterned wrapper
    /// on a scanned page: 3,866 characters beside 2 kept, 21 s of Korean re-reading); a
    /// printed menu's heavy Korean read as garbage held 109 beside 84.
    static func readsDroppedLines(_ lines: [RecognizedLine], filteredBelow minimum: Float) -> Bool {
        let characters = { (lines: [RecognizedLine]) in lines.reduce(0) { $0 + $1.text.visibleCharacterCount } }
        let dropped = characters(lines.filter { $0.confidence < minimum })
        return Double(dropped) <= max(Self.droppedAllowance, Self.droppedShare * Double(characters(lines.filter { $0.confidence >= minimum })))
    }

    static let droppedShare = 2.0
    static let droppedAllowance = 200.0

    /// A line the confidence filter would drop is kept when the Korean model reads it at
    /// least this surely (as `UnreadLineReview` keeps the lines it reads alone).
    static let keptConfidence: Float = 0.75

    /// Whether `line` is re-read: it has suspect words. A line the mixed reading left
    /// unsure is too: Latin garbage with the line's confidence at 0 (`S 0/9} /sqo| ef`)
    /// is often Korean printed in a heavy font (`흑미밥/백미밥`).
    func looksAgain(at line: PreparedLine) -> Bool {
        !Self.suspectSpans(in: line.line).isEmpty
    }

    /// The horizontal extents (fractions of the line's width) of the runs of suspect words.
    static func suspectSpans(in line: RecognizedLine) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        var previousWasSuspect = false
        let amounts = WonAmountRepair.candidates(in: line.words.map(\.text))
        for (index, word) in line.words.enumerated() {
            let suspect = HangulWordRepair.isSuspect(word.text) || amounts.contains(index)
            defer { previousWasSuspect = suspect }
            guard suspect, let span = line.span(of: word) else { continue }
            if previousWasSuspect, let last = spans.popLast() {
                spans.append(last.lowerBound...max(last.upperBound, span.upperBound))
            } else {
                spans.append(span)
            }
        }
        return spans
    }

    /// The pixel rectangles to re-read: each span with a margin of a line height, or the
    /// whole line when the spans cover most of it.
    static func rectangles(for spans: [ClosedRange<Double>], of line: PreparedLine, within size: ImageSize) -> [PixelRect] {
        let covered = spans.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
        guard covered < 0.5, spans.count <= 3 else { return [line.readingBox(within: size)] }
        return spans.map { line.readingBox(over: $0, margin: 2 * line.preparedBox.height, within: size) }
    }
}
