internal import CTesseract
import Domain

/// Re-reads, with the Korean model alone, each line where a mixed-language reading
/// produced suspect words (Latin letters or symbols, no Hangul), and lets
/// `HangulWordRepair` replace the misread ones.
///
/// Runs for `.accurate` readings whose languages include `kor` and another language.
/// Costs one single-line recognition per suspicious line (and a `kor` engine, made once).
struct KoreanSecondOpinion {
    static let korean = ["kor"]

    let engine: TesseractEngine
    let control: RecognitionControl

    static func applies(languages: [String], level: RecognitionLevel) -> Bool {
        level == .accurate && languages.count > 1 && languages.contains("kor")
    }

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try lines.map { line in
            guard line.line.words.contains(where: { HangulWordRepair.isSuspect($0.text) }) else { return line }
            try control.checkpoint()
            let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
            guard let reread = engine.recognize(prepared, segmentation: PSM_SINGLE_LINE, monitor: monitor, within: line.preparedBox.padded(by: max(2, line.preparedBox.height / 5), within: prepared.image.size))
            else {
                try control.checkpoint()
                return line
            }
            let koreanWords = reread.flatMap(\.line.words)
            return PreparedLine(line: HangulWordRepair.repair(line.line, koreanWords: koreanWords), preparedBox: line.preparedBox)
        }
    }
}
