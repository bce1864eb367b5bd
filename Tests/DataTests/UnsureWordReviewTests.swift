import CTesseract
import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Words the rules would drop: read again alone with the Korean model, kept when read surely")
struct UnsureWordReviewTests {
    static let control = RecognitionControl(progress: nil)

    static func review(minimumLineConfidence: Float = 0.5, minimumWordConfidence: Float = 0.4) -> UnsureWordReview {
        UnsureWordReview(
            crew: EngineCrew(engines: EngineCache(locator: LanguageDataLocator()), helpers: nil), control: control,
            minimumLineConfidence: minimumLineConfidence, minimumWordConfidence: minimumWordConfidence)
    }

    static func page(_ name: String) throws -> PreparedImage {
        let image = try Fixture(name).grayscaleImage()
        return PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
    }

    @Test("A Hangul word read under the word filter's threshold is read again alone and kept, read surely")
    func unsureWordReadAgain() throws {
        let page = try Self.page("three-lines.png")
        let engine = try EngineCache(locator: LanguageDataLocator()).engine(for: ["kor", "eng"])
        let lines = try #require(engine.recognize(page, segmentation: PSM_SINGLE_BLOCK, monitor: RecognitionMonitor(control: Self.control)))
        let first = try #require(lines.first)
        let index = try #require(first.line.words.firstIndex { $0.text == "누구나" }, "\(first.line.text)")
        var unsure = first
        var words = unsure.line.words
        words[index].confidence = 0.2
        unsure.line = unsure.line.withWords(words)
        let reviewed = try Self.review().review([unsure], in: page)
        let word = try #require(reviewed.first?.line.words[index])
        #expect(word.text == "누구나")
        #expect(word.confidence >= UnsureWordReview.keptConfidence)
    }

    @Test("A word over blank paper stays as unsure as it was; so does every word when no rule drops words")
    func nothingToRead() throws {
        let page = try Self.page("blank.png")
        let box = NormalizedRect(x: 0.2, y: 0.4, width: 0.3, height: 0.1)
        let word = RecognizedWord(text: "가나다", boundingBox: box, confidence: 0.2)
        let size = page.image.size
        let line = PreparedLine(
            line: RecognizedLine(text: "가나다", boundingBox: box, confidence: 0.6, words: [word]),
            preparedBox: PixelRect(x: size.width / 5, y: size.height * 5 / 10, width: size.width * 3 / 10, height: size.height / 10))
        #expect(try Self.review().review([line], in: page).first?.line.words.first?.confidence == 0.2)
        #expect(!Self.review(minimumWordConfidence: 0).looksAgain(at: line), "no word filter: nothing to save from it")
        #expect(!Self.review(minimumLineConfidence: 0.7).looksAgain(at: line), "the line itself is dropped")
    }

    @Test(
        "Only Hangul words under the threshold are unsure",
        arguments: [("누구나", 0.3, true), ("누구나", 0.5, false), ("ABC", 0.3, false), ("12,000", 0.1, false)] as [(String, Float, Bool)])
    func unsure(text: String, confidence: Float, expected: Bool) {
        let word = RecognizedWord(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 0.1, height: 0.1), confidence: confidence)
        #expect(Self.review().isUnsure(word) == expected)
    }
}
