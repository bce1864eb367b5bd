@testable import Data
import Domain
import OCRTestSupport
import Testing

@Suite("Units after Korean words: the English model asked about the number")
struct UnitSecondOpinionTests {
    @Test(
        "Candidates: two to six digits right after a word with Hangul",
        arguments: [
            ("3009", "두부", true), ("5008", "삼겹살", true), ("40207034", "카드승인", false), ("1", "식빵", false),
            ("8,400", "두부", false), ("3009", "1", false), ("120", "Netflix", false),
        ] as [(String, String, Bool)])
    func candidates(text: String, previous: String, expected: Bool) {
        #expect(UnitSecondOpinion.isNumberAfterKorean(text, after: previous) == expected)
    }

    @Test(
        "A unit reading keeps the digits and ends in one to three letters",
        arguments: [
            ("300g", "3009", true), ("20T", "201", true), ("500ml", "50001", true), ("2L", "22", true),
            ("3009", "3009", false), ("400g", "3009", false), ("300", "3009", false), ("30gram", "3009", false),
            ("g300", "3009", false),
        ] as [(String, String, Bool)])
    func unitReadings(reading: String, number: String, expected: Bool) {
        #expect(UnitSecondOpinion.isUnitReading(reading, of: number) == expected)
    }

    @Test(
        "Faded and plain receipts keep their units",
        arguments: [("07-mart-faded.png", "두부 300g"), ("01-store.png", "치약 120g"), ("11-mart-faint.png", "햇반 210g")])
    func receiptUnits(name: String, expected: String) async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("receipts/\(name)").data())
        #expect(result.lines.contains { $0.text.contains(expected) }, "\(result.text)")
    }
}
