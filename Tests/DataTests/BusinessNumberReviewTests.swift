import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Business registration numbers: read again alone when their check digit fails")
struct BusinessNumberReviewTests {
    @Test("A digit lost in the line (632-08-49689) comes back from the number read alone, and the check digit confirms it")
    func misreadDigit() async throws {
        let fixture = Fixture("business-number.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data())
        #expect(result.lines.contains { $0.text == "사업자번호 632-98-49689" }, "\(result.text)")
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.businessRegistrationNumber?.value == "632-98-49689")
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) == 0, "\(result.text)")
    }

    @Test("Only lines kept by the confidence filter with a number that fails its check digit are looked at again")
    func looksAgain() {
        let crew = EngineCrew(engines: EngineCache(locator: LanguageDataLocator()), helpers: nil)
        let review = BusinessNumberReview(
            crew: crew, setup: EngineSetup(languages: ["kor", "eng"]), control: RecognitionControl(progress: nil), minimumLineConfidence: 0.5)
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-08-49689"], confidence: 0.9)))
        // Split into words, the digits are no run of one word.
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자:", "63208", "49689"], confidence: 0.9)))
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["사업자:", "6320849689"], confidence: 0.9)))
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-08-49689"], confidence: 0.3)))
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-98-49689"], confidence: 0.9)))
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["TEL", "02-324-2442"], confidence: 0.9)))
    }
}
