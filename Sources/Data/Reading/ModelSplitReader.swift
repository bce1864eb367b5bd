internal import CTesseract
import Domain

/// Reads with a page's first model alone, then has its other models read only the runs of
/// words the first doubts, and keeps word by word the surer reading (`ModelChoice`).
///
/// What Tesseract does with `kor+eng` inside one recognition — every line read by both
/// models — costs the English pass on every line of Hangul, which it cannot read; here it
/// is spent on the words the Korean model doubts (`ModelChoice.doubtfulRuns`), each run read
/// with two line heights of margin, or the whole line when the runs cover half of it
/// (`KoreanSecondOpinion.rectangles`). A word the English model takes from the Korean one
/// goes back to the Korean reading when it is a misread Korean word (`HangulWordRepair`:
/// the English model is often surer of nonsense than the Korean model of the right
/// syllables). Used for `.fast` readings (`EngineSetup.readsFirstModelAlone`).
struct ModelSplitReader: TextRecognizer {
    let first: TesseractEngine
    let others: TesseractEngine

    func recognize(_ prepared: PreparedImage, segmentation: TessPageSegMode, monitor: RecognitionMonitor, within rectangle: PixelRect?)
        -> [PreparedLine]?
    {
        guard let lines = first.recognize(prepared, segmentation: segmentation, monitor: monitor, within: rectangle) else { return nil }
        return lines.map { line in
            let runs = ModelChoice.doubtfulRuns(in: line.line)
            guard !runs.isEmpty else { return line }
            let spans = runs.compactMap(line.line.span(ofWords:))
            var otherWords: [RecognizedWord] = []
            for box in KoreanSecondOpinion.rectangles(for: spans, of: line, within: prepared.image.size) {
                let look = RecognitionMonitor(control: monitor.control, progressRange: 1...1)
                guard let read = others.recognize(prepared, segmentation: PSM_SINGLE_LINE, monitor: look, within: box) else { continue }
                otherWords += read.flatMap(\.line.words)
            }
            let (chosen, replaced) = ModelChoice.choosing(in: line.line, characters: line.characters, runs: runs, otherWords: otherWords)
            guard !replaced.isEmpty else { return line }
            var mended = line
            mended.line = HangulWordRepair.repair(chosen, koreanWords: replaced)
            return mended
        }
    }
}

extension EngineSetup {
    /// The setups of a page's first model alone and of its other models, when the page is
    /// read by the first with the others only where it doubts (`ModelSplitReader`): asked for
    /// (`readsFirstModelAlone`), a Korean model first (`kor`, `script/Hangul`) and others
    /// after it. `nil` reads with all of them at once, as Tesseract does.
    var split: (first: EngineSetup, others: EngineSetup)? {
        guard readsFirstModelAlone, let first = koreanModelAlone else { return nil }
        var others = first
        others.languages = Array(languages.dropFirst())
        return (first, others)
    }
}

extension EngineCache {
    /// What reads with `setup`: its engine, or its first model's and its other models' in
    /// turn when the setup splits (`EngineSetup.split`); made on first use.
    func reader(for setup: EngineSetup) throws -> any TextRecognizer {
        guard let split = setup.split else { return try engine(for: setup) }
        return ModelSplitReader(first: try engine(for: split.first), others: try engine(for: split.others))
    }
}
