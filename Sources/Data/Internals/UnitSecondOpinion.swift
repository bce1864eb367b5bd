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
                let rectangle = Self.rectangle(for: words[index], of: line, within: prepared.image.size)
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
            && previous.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
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

    /// The word's extent in the line, with a third of the line's height of margin, over
    /// the line's full reading height.
    static func rectangle(for word: RecognizedWord, of line: PreparedLine, within size: ImageSize) -> PixelRect {
        let box = line.preparedBox
        let whole = line.readingBox(within: size)
        let lineBox = line.line.boundingBox
        guard lineBox.width > 0 else { return whole }
        let start = (word.boundingBox.minX - lineBox.minX) / lineBox.width
        let end = (word.boundingBox.maxX - lineBox.minX) / lineBox.width
        let margin = max(2, box.height / 3)
        let left = max(whole.x, box.x + Int((start * Double(box.width)).rounded(.down)) - margin)
        let right = min(whole.x + whole.width, box.x + Int((end * Double(box.width)).rounded(.up)) + margin)
        return PixelRect(x: left, y: whole.y, width: max(1, right - left), height: whole.height)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
