import Domain
import Testing

@Suite("Won sign repair: 원 after an amount misread as digits or brackets")
struct WonAmountRepairTests {
    static func word(_ text: String, _ x: Double, _ width: Double, _ confidence: Float) -> RecognizedWord {
        HangulWordRepairTests.word(text, x, width, confidence)
    }

    @Test(
        "An amount with a broken tail is a candidate; well-formed amounts and plain numbers are not",
        arguments: [
            ("33,6002)", true), ("36,1004", true), ("36,100-2)", true), ("1,2009]", true),
            ("12,500", false), ("2,500원", false), ("1004", false), ("2025-01-17", false), ("36,100.", false),
        ])
    func candidates(text: String, candidate: Bool) {
        #expect(WonAmountRepair.isCandidate(text) == candidate)
    }

    @Test("The Korean model's 원 replaces the tail when its digits are the amount's")
    func repairsTail() {
        let mixed = HangulWordRepairTests.line([Self.word("대파", 0.0, 0.1, 0.93), Self.word("33,6002)", 0.7, 0.2, 0.76)])
        let korean = [Self.word("대파", 0.0, 0.1, 0.9), Self.word("33.600원", 0.69, 0.21, 0.85)]
        let repaired = WonAmountRepair.repair(mixed, koreanWords: korean)
        #expect(repaired.text == "대파 33,600원")
        #expect(repaired.words[1].confidence == 0.76)
    }

    @Test("An amount split at its comma is joined and repaired")
    func repairsSplitAmount() {
        let mixed = HangulWordRepairTests.line([
            Self.word("결제금액", 0.1, 0.2, 0.94), Self.word("36,", 0.6, 0.08, 0.57), Self.word("100-2)", 0.69, 0.15, 0.57),
        ])
        let korean = [Self.word("결제금액", 0.1, 0.2, 0.9), Self.word("36.100원", 0.6, 0.24, 0.8)]
        let repaired = WonAmountRepair.repair(mixed, koreanWords: korean)
        #expect(repaired.text == "결제금액 36,100원")
        #expect(repaired.words.count == 2)
    }

    @Test("A 원 read as a word of its own at the line's end (`682 9`) is repaired when the Korean reading says so")
    func repairsSeparateTail() {
        let mixed = HangulWordRepairTests.line([
            Self.word("부가세", 0.1, 0.2, 0.94), Self.word("682", 0.6, 0.1, 0.8), Self.word("9", 0.75, 0.05, 0.7),
        ])
        let korean = [Self.word("부가세", 0.1, 0.2, 0.9), Self.word("682원", 0.6, 0.2, 0.85)]
        #expect(WonAmountRepair.repair(mixed, koreanWords: korean).text == "부가세 682원")
        let disagreeing = [Self.word("부가세", 0.1, 0.2, 0.9), Self.word("6829", 0.6, 0.2, 0.85)]
        #expect(WonAmountRepair.repair(mixed, koreanWords: disagreeing) == mixed)
        #expect(WonAmountRepair.candidates(in: mixed.words.map(\.text)) == [1, 2])
        #expect(WonAmountRepair.candidates(in: ["수량", "2", "1"]).isEmpty, "only after an amount of three digits or more")
    }

    @Test(
        "Kept when the Korean reading has other digits, no 원, or nothing there",
        arguments: [["36.800원"], ["36100"], ["36,100원", "3"], []] as [[String]])
    func keeps(koreanTexts: [String]) {
        let mixed = HangulWordRepairTests.line([Self.word("36,1004", 0.6, 0.2, 0.7)])
        let korean = koreanTexts.enumerated().map { Self.word($1, 0.6 + 0.1 * Double($0), 0.1, 0.9) }
        #expect(WonAmountRepair.repair(mixed, koreanWords: korean) == mixed)
    }
}
