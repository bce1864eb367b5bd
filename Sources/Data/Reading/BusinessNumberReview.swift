internal import CTesseract
import Domain

/// Re-reads, alone, each business registration number whose check digit fails
/// (`BusinessRegistrationNumber.doubtfulRun`), and takes the reading the check digit
/// confirms (`BusinessRegistrationNumber.confirmedReading`).
///
/// Read as part of its line, a number on faded or low-contrast print loses a digit to its
/// neighbours (`632-98-49689` read `632-08-49689`); read on its own it often comes back
/// right, and then its check digit holds where a misreading's almost never does. The
/// number is read with the page's engine, then with the English model alone; the first
/// confirmed reading is taken. Runs for `.accurate` readings, on lines the confidence
/// filter keeps; costs nothing on a page without such a number.
struct BusinessNumberReview {
    static let stage = "numbers"

    let crew: EngineCrew
    /// The setup of the engine the page was read with.
    let setup: EngineSetup
    let control: RecognitionControl
    var minimumLineConfidence: Float = 0

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.review(lines, on: prepared, where: looksAgain(at:)) { line, engines, prepared in
            let labelled = BusinessRegistrationNumber.isLabelled(line.line.text)
            var words = line.line.words
            for (index, word) in words.enumerated() {
                guard let run = BusinessRegistrationNumber.doubtfulRun(in: word.text, labelled: labelled),
                    let wordSpan = line.line.span(of: word), let inWord = LatinLetterRepair.span(of: run, in: word.text)
                else { continue }
                let width = wordSpan.upperBound - wordSpan.lowerBound
                let span = (wordSpan.lowerBound + inWord.lowerBound * width)...(wordSpan.lowerBound + inWord.upperBound * width)
                let margin = max(2, line.preparedBox.height / 2)
                let rectangle = line.readingBox(over: span, margin: margin, within: prepared.image.size)
                let original = String(Array(word.text)[run])
                for engine in try models(engines) {
                    guard let reread = try engine().look(at: prepared, PSM_SINGLE_LINE, within: rectangle, control: control),
                        let number = BusinessRegistrationNumber.confirmedReading(
                            reread.map(\.line.text).joined(separator: " "), insteadOf: original)
                    else { continue }
                    words[index].text = LatinLetterRepair.replacing(run, in: word.text, with: number)
                    words[index].confidence = max(word.confidence, reread.map(\.line.confidence).min() ?? 0)
                    break
                }
            }
            guard words != line.line.words else { return line }
            return PreparedLine(line: line.line.replacingWords(with: words), preparedBox: line.preparedBox)
        }
    }

    /// Whether `line` is re-read: a word of it may be a business registration number read
    /// wrong, and the confidence filter keeps the line.
    func looksAgain(at line: PreparedLine) -> Bool {
        guard line.line.confidence >= minimumLineConfidence else { return false }
        let labelled = BusinessRegistrationNumber.isLabelled(line.line.text)
        return line.line.words.contains { BusinessRegistrationNumber.doubtfulRun(in: $0.text, labelled: labelled) != nil }
    }

    /// The engines to read a number with, in order: the page's, then the English model
    /// alone when the page was read with more than one language.
    private func models(_ engines: EngineCache) throws -> [() throws -> TesseractEngine] {
        let page: () throws -> TesseractEngine = { try engines.engine(for: setup) }
        guard setup.languages.count > 1, setup.languages.contains("eng") else { return [page] }
        return [page, { try engines.engine(for: ["eng"]) }]
    }
}
