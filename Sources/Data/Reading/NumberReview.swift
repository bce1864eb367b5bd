internal import CTesseract
import Domain

/// Re-reads, alone, the numbers a page's reading may have got wrong, and takes a reading
/// that something confirms.
///
/// Read as part of its line, a number on faded or photographed print loses a digit to the
/// print around it (`632-98-49689` read `632-08-49689`, `21896303` read `21996303`); read on
/// its own, with half a line height of margin, it often comes back right. Three kinds are
/// looked at again, each with the page's engine and then (when the page was read with more
/// than one language, English among them) the English model alone:
/// - a business registration number whose check digit fails
///   (`BusinessRegistrationNumber.doubtfulRun`): the first reading whose check digit holds
///   is taken (`BusinessRegistrationNumber.confirmedReading`);
/// - a card number whose mask was read out of shape, as one run of the line's words
///   (`MaskedCardNumber.doubtfulRun`: split into words, masks read as letters or lost):
///   the first reading that gives the shape back with the same digits, one changed or
///   added at most, is taken (`MaskedCardNumber.reshaped`);
/// - any other number read unsurely (`NumberRereading.isDoubtful`: a date, a time, an
///   amount, a card or approval number; not a registration number its check digit
///   confirms): the digits both models read, one of them more surely than the line did,
///   are taken (`NumberRereading.agreedDigits`); of a masked card number in its shape, the
///   digits both models read in that shape, one changed at most, whatever their confidence
///   (`MaskedCardNumber.agreedDigits`: the masks pull it down).
///
/// Runs for `.accurate` readings, on lines the confidence filter keeps.
struct NumberReview {
    static let stage = "numbers"

    let crew: EngineCrew
    /// The setup of the engine the page was read with.
    let setup: EngineSetup
    let control: RecognitionControl
    var minimumLineConfidence: Float = 0

    /// What a word is doubted as, and so how a reading of it alone is confirmed.
    enum Doubt {
        /// A registration number whose check digit fails: these characters of the word.
        case registrationNumber(Range<Int>)
        /// Another number read unsurely, put to both models' vote.
        case unsureNumber
    }

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.review(lines, on: prepared, readingWith: [setup], where: looksAgain(at:)) { line, engines, prepared in
            let labelled = BusinessRegistrationNumber.isLabelled(line.line.text)
            var words = line.line.words
            let texts = words.map(\.text)
            if let run = MaskedCardNumber.doubtfulRun(in: texts),
                let number = try firstConfirmed(
                    by: engines, reading: { try read(run, of: words, in: line, prepared: prepared, with: $0) },
                    confirming: { MaskedCardNumber.reshaped($0.text, insteadOf: run.text(in: texts)) })
            {
                words = run.replacing(in: words, with: number)
            }
            for (index, word) in words.enumerated() {
                let whole = 0..<word.text.count
                switch doubt(about: word, labelled: labelled) {
                case .registrationNumber(let run):
                    let original = String(Array(word.text)[run])
                    if let (number, confidence) = try firstConfirmed(
                        by: engines, reading: { try read(run, of: word, in: line, prepared: prepared, with: $0) },
                        confirming: { reread in
                            BusinessRegistrationNumber.confirmedReading(reread.text, insteadOf: original).map { ($0, reread.confidence) }
                        })
                    {
                        words[index].text = LatinLetterRepair.replacing(run, in: word.text, with: number)
                        words[index].confidence = max(word.confidence, confidence)
                    }
                case .unsureNumber:
                    let readings = try models(engines).compactMap { model in try read(whole, of: word, in: line, prepared: prepared, with: model()) }
                    if let mended = NumberRereading.agreedDigits(readings, insteadOf: word.text, confidence: word.confidence)
                        ?? MaskedCardNumber.agreedDigits(readings, insteadOf: word.text)
                    {
                        words[index].text = mended
                    }
                case nil:
                    continue
                }
            }
            return PreparedLine(line: line.line.withWords(words), preparedBox: line.preparedBox)
        }
    }

    /// Whether `line` is re-read: a word of it is a number worth a second look, and the
    /// confidence filter keeps the line.
    func looksAgain(at line: PreparedLine) -> Bool {
        guard line.line.confidence >= minimumLineConfidence else { return false }
        let labelled = BusinessRegistrationNumber.isLabelled(line.line.text)
        return MaskedCardNumber.doubtfulRun(in: line.line.words.map(\.text)) != nil
            || line.line.words.contains { doubt(about: $0, labelled: labelled) != nil }
    }

    /// What `word` (on a line `labelled` as holding a registration number, or not) is
    /// doubted as, if anything. A number both models vote on is read unsurely
    /// (`NumberRereading.isDoubtful`), on a page read with English among other languages,
    /// and is no registration number its check digit confirms (that one is read right).
    func doubt(about word: RecognizedWord, labelled: Bool) -> Doubt? {
        if let run = BusinessRegistrationNumber.doubtfulRun(in: word.text, labelled: labelled) { return .registrationNumber(run) }
        if setup.readsWithEnglish, NumberRereading.isDoubtful(word.text, confidence: word.confidence),
            !BusinessRegistrationNumber.isValid(word.text.filter { $0.isASCIIDigit || $0 == "-" })
        {
            return .unsureNumber
        }
        return nil
    }

    /// The characters `run` of `word` read alone with `engine` (all it read there, joined,
    /// and its least confident line's confidence); `nil` when it could not be read.
    private func read(
        _ run: Range<Int>, of word: RecognizedWord, in line: PreparedLine, prepared: PreparedImage, with engine: TesseractEngine
    ) throws -> (text: String, confidence: Float)? {
        guard let span = line.line.span(of: run, in: word) else { return nil }
        return try read(span, in: line, prepared: prepared, with: engine)
    }

    /// What `engine` reads alone over `span` of `line` (fractions of its width): all it read
    /// there, joined, without specks at either end, and its least confident word's
    /// confidence (`NumberRereading.withoutSpecks`); `nil` when nothing.
    private func read(
        _ span: ClosedRange<Double>, in line: PreparedLine, prepared: PreparedImage, with engine: TesseractEngine
    ) throws -> (text: String, confidence: Float)? {
        let rectangle = line.readingBox(over: span, margin: max(2, line.preparedBox.height / 2), within: prepared.image.size)
        guard let reread = try engine.look(at: prepared, PSM_SINGLE_LINE, within: rectangle, control: control), !reread.isEmpty else {
            return nil
        }
        return NumberRereading.withoutSpecks(reread.flatMap(\.line.words).map { ($0.text, $0.confidence) })
    }

    /// The card number's `run` of `words` (the line's) read alone with `engine`.
    private func read(
        _ run: MaskedCardNumber.DoubtfulRun, of words: [RecognizedWord], in line: PreparedLine, prepared: PreparedImage,
        with engine: TesseractEngine
    ) throws -> (text: String, confidence: Float)? {
        let first = words[run.words.lowerBound]
        let last = words[run.words.upperBound]
        guard let from = line.line.span(of: run.start..<first.text.count, in: first), let to = line.line.span(of: 0..<run.end, in: last)
        else { return nil }
        return try read(from.lowerBound...max(from.lowerBound, to.upperBound), in: line, prepared: prepared, with: engine)
    }

    /// What `confirming` makes of the first reading (by `reading`, with each of the models
    /// in turn) it accepts; `nil` when it accepts none.
    private func firstConfirmed<Confirmed>(
        by engines: EngineCache, reading: (TesseractEngine) throws -> (text: String, confidence: Float)?,
        confirming: ((text: String, confidence: Float)) -> Confirmed?
    ) throws -> Confirmed? {
        for model in models(engines) {
            if let reread = try reading(model()), let confirmed = confirming(reread) { return confirmed }
        }
        return nil
    }

    /// The engines a number is read with, in order: the page's, then the English model alone
    /// when the page was read with English among other languages.
    private func models(_ engines: EngineCache) -> [() throws -> TesseractEngine] {
        let page: () throws -> TesseractEngine = { try engines.engine(for: setup) }
        guard setup.readsWithEnglish else { return [page] }
        return [page, { try engines.engine(for: ["eng"]) }]
    }
}

extension EngineSetup {
    /// Whether the engine reads English among other languages (the English model alone is
    /// then a second opinion).
    var readsWithEnglish: Bool { languages.count > 1 && languages.contains("eng") }
}
