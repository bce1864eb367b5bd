import Domain
import Testing

@Suite("Model choice: the first model's doubtful words put to the other models, word by word")
struct ModelChoiceTests {
    static func word(_ text: String, _ x: Double, _ width: Double, _ confidence: Float) -> RecognizedWord {
        RecognizedWord(text: text, boundingBox: NormalizedRect(x: x, y: 0.5, width: width, height: 0.05), confidence: confidence)
    }

    static func line(_ words: [RecognizedWord]) -> RecognizedLine {
        let box = words.dropFirst().reduce(words[0].boundingBox) { $0.union($1.boundingBox) }
        return RecognizedLine(text: words.map(\.text).joined(separator: " "), boundingBox: box, confidence: 0.8, words: words)
    }

    struct Doubt: Sendable, CustomTestStringConvertible {
        let text: String
        let confidence: Float
        let doubtful: Bool
        var testDescription: String { "\(text) at \(confidence): \(doubtful ? "doubted" : "kept")" }
    }

    @Test(
        "Hangul read fairly surely is kept; digits, jamo, marks and what Latin letters become are doubted unless sure",
        arguments: [
            Doubt(text: "회의실", confidence: 0.62, doubtful: false),
            Doubt(text: "얘길", confidence: 0.57, doubtful: true),
            Doubt(text: "3층", confidence: 0.7, doubtful: false),
            Doubt(text: "12,500", confidence: 0.85, doubtful: false),
            Doubt(text: "120", confidence: 0.71, doubtful: true),
            Doubt(text: "ㅣ", confidence: 0.82, doubtful: true),
            Doubt(text: "*", confidence: 0.79, doubtful: false),
            Doubt(text: "(", confidence: 0.2, doubtful: true),
        ])
    func doubtsByForm(_ doubt: Doubt) {
        #expect(ModelChoice.isDoubtful(Self.word(doubt.text, 0, 0.1, doubt.confidence)) == doubt.doubtful)
    }

    @Test("Runs are the consecutive doubtful words")
    func runs() {
        let line = Self.line([
            Self.word("회의", 0.0, 0.1, 0.95), Self.word("(8002", 0.12, 0.1, 0.45), Self.word("ㅁ302)", 0.24, 0.1, 0.3),
            Self.word("고객센터", 0.36, 0.2, 0.92), Self.word("?", 0.6, 0.02, 0.1),
        ])
        #expect(ModelChoice.doubtfulRuns(in: line) == [1..<3, 4..<5])
    }

    @Test("A surer reading of the same ink replaces the doubted words; the rest of the line stays")
    func surerReadingReplaces() {
        let line = Self.line([Self.word("회의실", 0.0, 0.2, 0.9), Self.word("(8002ㅁ302)", 0.25, 0.3, 0.45)])
        let english = [Self.word("(Room", 0.25, 0.16, 0.95), Self.word("302)", 0.43, 0.12, 0.95)]
        let (chosen, replaced) = ModelChoice.choosing(in: line, runs: [1..<2], otherWords: english)
        #expect(chosen.text == "회의실 (Room 302)")
        #expect(replaced.map(\.text) == ["(8002ㅁ302)"])
        #expect(chosen.confidence > line.words[1].confidence)
    }

    @Test("More characters made of the same ink, barely surer, do not replace a Hangul word (Tesseract's rating)")
    func costKeepsTheShorterReading() {
        let line = Self.line([Self.word("같은", 0.0, 0.1, 0.97), Self.word("얘길", 0.12, 0.1, 0.57)])
        let english = [Self.word("ofZ]", 0.12, 0.1, 0.61)]
        let (chosen, replaced) = ModelChoice.choosing(in: line, runs: [1..<2], otherWords: english)
        #expect(chosen == line)
        #expect(replaced.isEmpty)
    }

    @Test("Words the first model ran together are cut at the other reading's breaks, and each piece is chosen alone")
    func runTogetherWordIsCut() {
        // `왕파스2800016000`: three syllables and ten digits, the syllables a little wider, and a
        // space the model did not write between the two amounts.
        let texts = ["왕", "파", "스"] + Array("2800016000").map(String.init)
        var characters: [RecognizedWord] = []
        var x = 0.0
        for (index, text) in texts.enumerated() {
            let width = text.unicodeScalars.first.map(HangulWordRepair.isHangulSyllable) == true ? 0.05 : 0.03
            if index == 8 { x += 0.02 }
            characters.append(Self.word(text, x, width, 0.9))
            x += width + 0.002
        }
        let first = Self.word(texts.joined(), 0, x, 0.38)
        let line = Self.line([first])
        let english = [Self.word("SEMA", 0.0, 0.14, 0.18), Self.word("28,000", 0.16, 0.15, 0.66), Self.word("16,000", 0.34, 0.16, 0.94)]
        let (chosen, replaced) = ModelChoice.choosing(in: line, characters: characters, runs: [0..<1], otherWords: english)
        #expect(chosen.text == "왕파스 28,000 16,000")
        #expect(replaced.map(\.text) == ["28000", "16000"])
    }

    @Test("A masked card number read as one word is not cut at another reading's fragments")
    func evenlySpacedNumberIsNotCut() {
        let text = "7896-934*-****-0344"
        let characters = Array(text).enumerated().map { Self.word(String($1), 0.25 + Double($0) * 0.026, 0.024, 0.9) }
        let line = Self.line([Self.word("카드번호", 0.0, 0.2, 0.93), Self.word(text, 0.25, 0.494, 0.19)])
        let english = [Self.word("7806-93", 0.25, 0.18, 0.77), Self.word("4K", 0.44, 0.05, 0), Self.word("seK-4-344", 0.51, 0.23, 0)]
        #expect(ModelChoice.choosing(in: line, characters: characters, runs: [1..<2], otherWords: english).line == line)
    }
}
