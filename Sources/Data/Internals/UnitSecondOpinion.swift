internal import CTesseract
import Domain

/// Re-reads, with the English model alone, each number written right after a Korean word
/// (`두부 3009`), and takes a unit it finds there (`300g`).
///
/// The Korean model has no Latin letters: reading a quantity with its unit (`500g`, `20T`,
/// `2L`), it writes the letter as the digit it resembles, sure of itself, so Tesseract never
/// asks its second model. The English model, asked about just that word, reads the letter.
/// Its reading is taken only when it keeps the number's digits and ends in one to three
/// letters. Runs for `.accurate` readings with both `kor` and `eng`.
struct UnitSecondOpinion {
    static let english = ["eng"]
    /// A unit must be read with at least this confidence.
    static let minimumConfidence: Float = 0.6

    let engine: TesseractEngine
    let control: RecognitionControl

    static func applies(languages: [String], level: RecognitionLevel) -> Bool {
        level == .accurate && languages.contains("kor") && languages.contains("eng")
    }

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try lines.map { line in
            let words = line.line.words
            var replaced = words
            var changed = false
            for index in words.indices.dropFirst() where Self.isNumberAfterKorean(words[index].text, after: words[index - 1].text) {
                try control.checkpoint()
                let span = line.line.span(of: words[index]) ?? 0...1
                // The word with a third of the line's height of margin, over the line's reading height.
                let rectangle = line.readingBox(over: span, margin: max(2, line.preparedBox.height / 3), within: prepared.image.size)
                let monitor = RecognitionMonitor(control: control, progressRange: 1...1)
                guard let reread = engine.recognize(prepared, segmentation: PSM_SINGLE_WORD, monitor: monitor, within: rectangle),
                    let word = reread.flatMap(\.line.words).first,
                    word.confidence >= Self.minimumConfidence,
                    Self.isUnitReading(word.text, of: words[index].text)
                else { continue }
                replaced[index].text = word.text
                changed = true
            }
            guard changed else { return line }
            return PreparedLine(line: line.line.replacingWords(with: replaced), preparedBox: line.preparedBox)
        }
    }

    /// Digits only (two to six), right after a word with Hangul in it.
    static func isNumberAfterKorean(_ text: String, after previous: String) -> Bool {
        (2...6).contains(text.count) && text.allSatisfy(\.isASCIIDigit)
            && previous.unicodeScalars.contains(where: HangulWordRepair.isHangulSyllable)
    }

    /// `reading` keeps `number`'s leading digits and ends in one to three Latin letters
    /// where `number` had as many digits or one more (`3009` → `300g`, `500m1` → `500ml`).
    static func isUnitReading(_ reading: String, of number: String) -> Bool {
        let digits = reading.prefix { $0.isASCIIDigit }
        let unit = reading.dropFirst(digits.count)
        guard !digits.isEmpty, (1...3).contains(unit.count), unit.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return number.hasPrefix(digits) && (number.count - digits.count) >= unit.count - 1
            && (number.count - digits.count) <= unit.count + 1
    }
}
