import Foundation

/// Unicode and whitespace clean-up: NFC-normalised text, single spaces, no empty lines,
/// and, when asked, no stray spaces inside Hangul words.
///
/// Some models split one Hangul word into several (`상승 장에서는`). Such a split leaves
/// almost no gap between the syllables on either side, so with `hangulJoiningGap` above 0
/// two adjacent words are joined when the last character of one and the first of the next
/// are Hangul syllables and the gap between their boxes is under that many line heights.
/// It is off by default because Tesseract 5's `kor` model rarely puts a stray space inside a
/// word, while real spaces on skewed and photographed pages are often as narrow. Lines without word boxes keep their spaces (only collapsed).
///
/// A vertical bar glued to the start or the end of a word is a border read with the text (a
/// road sign's frame: `|소인천공항`; a table's rule: `미중|펀|`), and is dropped; a bar
/// standing alone between words (`연구실 | 연구원`) is printed, and stays.
public struct TextCleanup: RecognitionRule, Hashable, Codable {
    /// The gap, as a fraction of the line's height in pixels, under which adjacent Hangul
    /// words are joined; 0 (the default) never joins.
    public var hangulJoiningGap: Double

    /// Creates the rule; `hangulJoiningGap` 0.1 suits models that split Hangul words.
    public init(hangulJoiningGap: Double = 0) {
        self.hangulJoiningGap = hangulJoiningGap
    }

    public var name: String { "text-cleanup" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.mappingLines { line in
            var line = line.mappingText { Self.droppingBorderBars(Self.collapsingWhitespace($0.precomposedStringWithCanonicalMapping)) }
            if hangulJoiningGap > 0, line.words.map(\.text).joined(separator: " ") == line.text {
                line = joiningSplitHangulWords(in: line, imageSize: result.imageSize)
            }
            return line.text.isEmpty ? nil : line
        }
    }

    private func joiningSplitHangulWords(in line: RecognizedLine, imageSize: ImageSize) -> RecognizedLine {
        let lineHeight = line.boundingBox.height * Double(imageSize.height)
        guard lineHeight > 0, imageSize.width > 0 else { return line }
        var joined: [RecognizedWord] = []
        for word in line.words {
            if let previous = joined.last, Self.endsAndStartsWithHangul(previous.text, word.text) {
                let gap = (word.boundingBox.minX - previous.boundingBox.maxX) * Double(imageSize.width)
                if gap < hangulJoiningGap * lineHeight {
                    joined[joined.count - 1] = .merging([previous, word], text: previous.text + word.text)
                    continue
                }
            }
            joined.append(word)
        }
        guard joined.count < line.words.count else { return line }
        var repaired = line
        repaired.words = joined
        repaired.text = joined.map(\.text).joined(separator: " ")
        return repaired
    }

    /// `text` (single-spaced) without the bars glued to the start or the end of its words,
    /// next to a letter or a digit.
    static func droppingBorderBars(_ text: String) -> String {
        guard text.contains("|") else { return text }
        return text.split(separator: " ").map { word in
            var word = Substring(word)
            // Only against a letter or a digit: a bar among symbols is a garbage line's (`|~;i`).
            while word.count > 1, word.first == "|", word.dropFirst().first.map({ $0.isLetter || $0.isNumber }) == true { word = word.dropFirst() }
            while word.count > 1, word.last == "|", word.dropLast().last.map({ $0.isLetter || $0.isNumber }) == true { word = word.dropLast() }
            return String(word)
        }.joined(separator: " ")
    }

    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func endsAndStartsWithHangul(_ left: String, _ right: String) -> Bool {
        guard let last = left.unicodeScalars.last, let first = right.unicodeScalars.first else { return false }
        return HangulWordRepair.isHangulSyllable(last) && HangulWordRepair.isHangulSyllable(first)
    }
}
