import Domain
import Testing

@Suite("A line's confidence and its words'")
struct LineConfidenceTests {
    static func word(_ text: String, _ confidence: Float) -> RecognizedWord {
        RecognizedWord(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 0.1, height: 0.1), confidence: confidence)
    }

    static func line(_ confidence: Float, _ words: [RecognizedWord]) -> RecognizedLine {
        RecognizedLine(
            text: words.map(\.text).joined(separator: " "), boundingBox: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1),
            confidence: confidence, words: words)
    }

    @Test("A line less sure than its least sure word counted a word it did not return: it takes its words' mean")
    func lineBelowEveryWord() {
        // Tesseract averaged in a word it read as nothing (`샀` → empty): 0.44 for words of 0.46–0.97.
        let words = [Self.word("시장에서", 0.95), Self.word("사과", 0.97), Self.word("한", 0.93), Self.word("다.", 0.46)]
        let mended = Self.line(0.44, words).withConfidenceOfItsWords()
        let expected: Float = (0.95 * 4 + 0.97 * 2 + 0.93 * 1 + 0.46 * 2) / 9
        #expect(abs(mended.confidence - expected) < 0.0001)
        #expect(mended.words == words && mended.text == "시장에서 사과 한 다.")
    }

    @Test(
        "A line at or above its least sure word, or with no words, keeps the engine's confidence",
        arguments: [(Float(0.46), 2), (0.7, 2), (0.2, 0)])
    func lineKept(confidence: Float, wordCount: Int) {
        let words = Array([Self.word("사과", 0.97), Self.word("다.", 0.46)].prefix(wordCount))
        let line = Self.line(confidence, words)
        #expect(line.withConfidenceOfItsWords() == line)
    }
}
