import CTesseract
import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

@Suite("Models read in turn: the Korean model first, the English model where it doubts")
struct ModelSplitReaderTests {
    @Test("The fast level splits kor+eng; the accurate level and one language read with one engine")
    func whoSplits() {
        let fast = EngineSetup(languages: ["kor", "eng"], options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit))
        #expect(fast.split?.first.languages == ["kor"])
        #expect(fast.split?.others.languages == ["eng"])
        #expect(fast.split?.first.readsFirstModelAlone == false, "the first model's engine is the one every look shares")
        #expect(EngineSetup(languages: ["kor", "eng"], options: RecognitionOptions.suite).split == nil)
        #expect(EngineSetup(languages: ["kor"], options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit)).split == nil)
        #expect(
            EngineSetup(languages: ["eng", "kor"], options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit)).split
                == nil)
    }

    @Test("Latin words in Korean lines come from the English model, which the Korean one cannot write")
    func latinWordsFromTheEnglishModel() throws {
        let image = try Fixture("mixed.png").grayscaleImage()
        let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
        let engines = EngineCache(locator: LanguageDataLocator(explicitDirectory: nil))
        let control = RecognitionControl(progress: nil)
        let fast = EngineSetup(languages: ["kor", "eng"], options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit))
        let split = try #require(try engines.reader(for: fast).look(at: prepared, PSM_SINGLE_BLOCK, control: control))
        let korean = try #require(try engines.engine(for: ["kor"]).look(at: prepared, PSM_SINGLE_BLOCK, control: control))
        let text = split.map(\.line.text).joined(separator: "\n")
        for word in ["Swift", "OCR", "Tesseract", "Leptonica"] {
            #expect(text.contains(word), "\(word): \(text)")
            #expect(!korean.map(\.line.text).joined().contains(word))
        }
        // The Korean words stay the Korean model's.
        #expect(text.contains("라이브러리를") && text.contains("엔진과"), "\(text)")
    }

    @Test("A line Tesseract read with a word it returned empty is as sure as the words it holds, and keeps them")
    func lineFollowsItsWords() async throws {
        let image = try Fixture("hidden-word.png").grayscaleImage()
        let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
        let engines = EngineCache(locator: LanguageDataLocator(explicitDirectory: nil))
        let read = try #require(
            try engines.engine(for: ["kor"]).look(at: prepared, PSM_SINGLE_BLOCK, control: RecognitionControl(progress: nil)))
        let market = try #require(read.first { $0.line.text.hasPrefix("시장에서") }?.line)
        let least = try #require(market.words.map(\.confidence).min())
        #expect(market.confidence >= least, "\(market.text): \(market.confidence), its words from \(least)")
        #expect(market.confidence >= 0.5, "\(market.text): \(market.confidence)")

        let fast = try await SharedRepository.get().recognizeText(
            in: Fixture("hidden-word.png").data(), rotation: .upright,
            options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit), progress: nil)
        #expect(fast.text.contains("시장에서 사과 한 봉지와 배추 두 포기를"), "\(fast.text)")
    }
}
