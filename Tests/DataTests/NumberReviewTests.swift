import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Numbers read again alone: business numbers by their check digit, card numbers by their mask's shape, others when two models agree")
struct NumberReviewTests {
    static func review(languages: [String] = ["kor", "eng"]) -> NumberReview {
        let crew = EngineCrew(engines: EngineCache(locator: LanguageDataLocator()), helpers: nil)
        return NumberReview(
            crew: crew, setup: EngineSetup(languages: languages), control: RecognitionControl(progress: nil), minimumLineConfidence: 0.5)
    }

    @Test("A digit lost in the line (632-08-49689) comes back from the number read alone, and the check digit confirms it")
    func misreadBusinessNumber() async throws {
        let fixture = Fixture("business-number.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), options: .suite)
        #expect(result.lines.contains { $0.text == "사업자번호 632-98-49689" }, "\(result.text)")
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.businessRegistrationNumber?.value == "632-98-49689")
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) == 0, "\(result.text)")
    }

    @Test("A date's digit lost under a print-head streak (2021 for 2024) comes back when both models read it alone")
    func misreadDate() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("faded-date.png").data(), options: .suite)
        #expect(result.lines.contains { $0.text == "주문일시 2024-04-24 13:39:29" }, "\(result.text)")
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.date?.value.year == 2024, "\(String(describing: receipt.date))")
    }

    @Test("A card number whose mask the line model read out of shape (****_-90164) gets its shape back from the number read alone")
    func maskOutOfShape() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("card-mask.png").data(), options: .suite)
        #expect(result.lines.contains { $0.text.hasSuffix("4468-42**-****-0164") }, "\(result.text)")
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.cardNumber?.value == "4468-42**-****-0164", "\(String(describing: receipt.cardNumber))")
    }

    @Test("A card number whose mask the line model split into words (9752-99* *-* ** *_7246) is read again as one run and gets its shape back")
    func maskSplitIntoWords() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("card-mask-split.png").data(), options: .suite)
        #expect(result.lines.contains { $0.text == "카드번호 9752-99**-****-7246" }, "\(result.text)")
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.cardNumber?.value == "9752-99**-****-7246", "\(String(describing: receipt.cardNumber))")
    }

    @Test("Lines kept by the confidence filter with a failing business number or an unsure number are looked at again")
    func looksAgain() {
        let review = Self.review()
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-08-49689"], confidence: 0.95)))
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["사업자:", "6320849689"], confidence: 0.95)))
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["주문일시", "2021-04-24"], confidence: 0.7)))
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["카드번호", "4468-42**-****_-90164"], confidence: 0.95)))
        // Split into words, the digits are no run of one word; a valid number is sure enough.
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자:", "63208", "49689"], confidence: 0.95)))
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-98-49689"], confidence: 0.95)))
        // Under the filter's threshold, or sure, or no number of four digits.
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-08-49689"], confidence: 0.3)))
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["TEL", "02-324-2442"], confidence: 0.95)))
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["수량", "12"], confidence: 0.7)))
        // A registration number its check digit confirms, read unsurely, is read right.
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-98-49689"], confidence: 0.7)))
    }

    @Test("Without English beside another language there is no second model: only business numbers are looked at again")
    func oneModel() {
        let review = Self.review(languages: ["kor"])
        #expect(!review.looksAgain(at: SecondOpinionFloorTests.line(["주문일시", "2021-04-24"], confidence: 0.7)))
        #expect(review.looksAgain(at: SecondOpinionFloorTests.line(["사업자번호", "632-08-49689"], confidence: 0.95)))
    }
}
