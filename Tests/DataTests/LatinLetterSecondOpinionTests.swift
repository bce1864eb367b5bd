import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Latin letters in Hangul words: the English model asked about a digit beside syllables")
struct LatinLetterSecondOpinionTests {
    @Test("A brand's capital read as a digit is mended; digits beside syllables that are digits stay")
    func brandLetter() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("latin-in-hangul.png").data(), options: .suite)
        #expect(result.lines.contains { $0.text.contains("카카오T") }, "\(result.text)")
        #expect(result.lines.contains { $0.text.contains("제1회") }, "\(result.text)")
        #expect(result.lines.contains { $0.text.contains("서울12사3150") }, "\(result.text)")
    }

    @Test("Only lines with a suspect run, kept by the confidence filter, are looked at again")
    func looksAgain() {
        let crew = EngineCrew(engines: EngineCache(locator: LanguageDataLocator()), helpers: nil)
        let opinion = LatinLetterSecondOpinion(crew: crew, control: RecognitionControl(progress: nil), minimumLineConfidence: 0.5)
        #expect(opinion.looksAgain(at: SecondOpinionFloorTests.line(["상호:", "카카오7", "블루"], confidence: 0.9)))
        #expect(!opinion.looksAgain(at: SecondOpinionFloorTests.line(["상호:", "카카오7", "블루"], confidence: 0.3)))
        #expect(!opinion.looksAgain(at: SecondOpinionFloorTests.line(["주차장", "3층", "12,000원"], confidence: 0.9)))
    }
}
