import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Number tails of Korean lines: the English model asked about them")
struct NumberTailSecondOpinionTests {
    @Test(
        "The tail: the words after the last Hangul word, when one of them has a digit",
        arguments: [
            (["두부", "3009", "2", "26.000"], 1..<4), (["합계", "54.100"], 1..<2), (["02", "치약", "1209"], 2..<3),
            (["사업자번호", "170-93-24947"], 1..<2), (["카드승인", "40207034"], 1..<2),
            (["Netflix", "1", "9,500"], nil), (["감사합니다"], nil), (["건전지", "AA"], nil), (["12", "34"], nil),
        ] as [([String], Range<Int>?)])
    func tails(words: [String], expected: Range<Int>?) {
        #expect(NumberTailSecondOpinion.numberTail(of: words) == expected)
    }

    @Test(
        "Settled tails are not asked about: one-digit counts, thousands-grouped amounts, joined digit groups",
        arguments: [
            ("2", true), ("21", false), ("8,000", true), ("-1,370", true), ("9,000원", true), ("102,500", true),
            ("170-93-24947", true), ("2024/01/05", true), ("18:42", true),
            ("3009", false), ("26.000", false), ("13000", false), ("1,50", false), (",500", false), ("17093-", false),
            ("~600", false), ("300g", false), ("123", false),
        ])
    func settled(word: String, expected: Bool) {
        #expect(NumberTailSecondOpinion.isSettled(word) == expected)
    }

    @Test(
        "An unsure English unit is taken for the Korean model's extra digits after the same number",
        arguments: [
            ("500ml", "50001", true), ("300g", "3009", true), ("1.5kg", "1.560", true), ("20T", "201", true),
            ("500ml", "5000", false),  // one digit for two letters
            ("500ml", "60001", false),  // another number
            ("50xy", "5001", false),  // no unit
            ("500", "500", false),  // no unit at all
        ])
    func unitForDigits(english: String, korean: String, expected: Bool) {
        #expect(NumberTailSecondOpinion.isUnitForDigits(english, korean: korean) == expected)
    }

    @Test("The bundled sample receipt keeps its 500ml, which the English model reads unsure")
    func sampleReceiptUnit() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("receipt.png").data(), options: .suite)
        #expect(result.lines.contains { $0.text == "생수 500ml 900" }, "\(result.text)")
    }

    @Test(
        "Taken: units for digits, commas and hyphens for what the Korean model wrote",
        arguments: [
            (["300g", "2", "26,000"], ["3008", "2", "26,000"]), (["20T", "3"], ["2073"]), (["54,100"], ["54.100"]),
            (["170-93-24947"], ["17093-24947"]),
            (["1.5kg", "1", "12,700"], ["1.560", "1", "12,700"]), (["2L", "1"], ["21", "1"]), (["-600"], ["~600"]),
            (["AA", "2", "1,600"], ["AA", "2", "1.600"]),
        ] as [([String], [String])])
    func taken(english: [String], korean: [String]) {
        #expect(NumberTailSecondOpinion.accepts(english, insteadOf: korean))
    }

    @Test(
        "Refused: other digits, lost words, letters that are not units, split numbers, symbols",
        arguments: [
            (["4", "11,200"], ["1", "11,200"]),  // the English model's `1` in some fonts
            (["I", "13,800"], ["1", "13,800"]),  // a letter for a quantity
            (["AAL", "13,000"], ["AA", "1", "13,000"]),  // a word lost
            (["1.5k9", "1", "1,000"], ["1.5kg", "1", "1,000"]),  // a digit the Korean reading lacks
            (["20g"], ["1209"]),  // two digits left out for one letter
            (["134,", "300"], ["134,300"]),  // a number split at its comma
            (["3)", "33,900"], ["3", "33,900"]),  // a bracket
            (["40207034"], ["4020703+"]),  // a digit added
            (["3,000"], ["3,000"]),  // nothing new
            ([], ["3,000"]),
        ] as [([String], [String])])
    func refused(english: [String], korean: [String]) {
        #expect(!NumberTailSecondOpinion.accepts(english, insteadOf: korean))
    }

    @Test(
        "A full stop or comma the English model adds after the line's last digit is dropped",
        arguments: [("21,000.", "21,000", "21,000"), ("89,000,", "89,000", "89,000"), ("3.", "3.", "3."), ("300g", "3008", "300g")])
    func finalStop(word: String, korean: String, expected: String) {
        #expect(NumberTailSecondOpinion.withoutAddedFinalStop(word, korean: korean) == expected)
    }

    @Test(
        "Faded and plain receipts keep their units and punctuation",
        arguments: [
            ("07-mart-faded.png", "두부 300g"), ("01-store.png", "치약 120g"), ("11-mart-faint.png", "햇반 210g"),
            ("06-store-faded.png", "양파 1.5kg 1 12,700"), ("07-mart-faded.png", "생수 2L 1 12,600"),
            ("10-hypermart-faded.png", "커피믹스 20T"), ("05-mart.png", "할인합계 -600"),
        ])
    func receiptTails(name: String, expected: String) async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("receipts/\(name)").data(), options: .suite)
        #expect(result.lines.contains { $0.text.contains(expected) }, "\(result.text)")
    }
}

@Suite("Second opinions skip the lines the confidence filter drops")
struct SecondOpinionFloorTests {
    static func line(_ words: [String], confidence: Float) -> PreparedLine {
        let box = NormalizedRect(x: 0.1, y: 0.5, width: 0.8, height: 0.05)
        let recognized = words.enumerated().map { index, text in
            RecognizedWord(
                text: text, boundingBox: NormalizedRect(x: 0.1 + 0.2 * Double(index), y: 0.5, width: 0.15, height: 0.05),
                confidence: confidence)
        }
        return PreparedLine(
            line: RecognizedLine(text: words.joined(separator: " "), boundingBox: box, confidence: confidence, words: recognized),
            preparedBox: PixelRect(x: 10, y: 10, width: 400, height: 30))
    }

    @Test(
        "A line under the filter's threshold is not asked about its number tail again; the Korean model reads every suspect line (an unsure one is kept only when read surely)"
    )
    func floor() {
        let crew = EngineCrew(engines: EngineCache(locator: LanguageDataLocator()), helpers: nil)
        let control = RecognitionControl(progress: nil)
        let korean = KoreanSecondOpinion(crew: crew, control: control, minimumLineConfidence: 0.5)
        let tails = NumberTailSecondOpinion(crew: crew, control: control, minimumLineConfidence: 0.5)
        #expect(korean.looksAgain(at: Self.line(["공항으로", "WAL"], confidence: 0.7)))
        #expect(korean.looksAgain(at: Self.line(["공항으로", "WAL"], confidence: 0.3)))
        #expect(!korean.looksAgain(at: Self.line(["공항으로", "가는"], confidence: 0.3)))
        #expect(tails.looksAgain(at: Self.line(["두부", "3009"], confidence: 0.7)))
        #expect(!tails.looksAgain(at: Self.line(["두부", "3009"], confidence: 0.3)))
        #expect(!tails.looksAgain(at: Self.line(["합계", "2", "8,000"], confidence: 0.7)))
        #expect(tails.looksAgain(at: Self.line(["합계", "2", "8.000"], confidence: 0.7)))
        let everyLine = KoreanSecondOpinion(crew: crew, control: control)
        #expect(everyLine.looksAgain(at: Self.line(["공항으로", "WAL"], confidence: 0.3)))
    }
}
