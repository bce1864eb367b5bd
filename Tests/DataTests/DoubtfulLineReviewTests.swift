import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Doubtful lines: read again alone, and widened when still too unsure to keep")
struct DoubtfulLineReviewTests {
    @Test("A condensed line the filter would drop is read widened, its box mapped back to where it is printed")
    func condensedLine() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("condensed.png").data())
        let line = try #require(result.lines.first { $0.text.contains("규동(쇠고기") }, "\(result.text)")
        // The third of three lines: the bottom third of the image (origin bottom-left), and
        // across the print, not widened past it.
        #expect(line.boundingBox.maxY < 0.4)
        #expect(line.boundingBox.minX >= 0 && line.boundingBox.maxX <= 1)
        #expect(line.boundingBox.width > 0.5)
        for word in line.words {
            #expect(word.boundingBox.minX >= line.boundingBox.minX - 0.01 && word.boundingBox.maxX <= line.boundingBox.maxX + 0.01)
        }
    }

    @Test(
        "A reading that leaves most of its line empty is sparse: not looked at widened",
        arguments: [("3762-60**-****-**** A-0310", true), ("- “ 7 ue 00 로", false)])
    func sparse(text: String, dense: Bool) {
        // A line 30 px high and 600 px wide: twenty line heights.
        let line = PreparedLine(
            line: RecognizedLine(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1), confidence: 0.4),
            preparedBox: PixelRect(x: 0, y: 0, width: 600, height: 30))
        #expect((line.characterDensity(of: line.line) >= DoubtfulLineReview.sparseReading) == dense)
    }

    @Test(
        "A mask read unsurely and out of a card number's shape calls for other views; one in shape, or read surely, does not",
        arguments: [
            ("2760-24*-*_1383", Float(0.18), true), ("2936-75-*-9743", 0.32, true), ("2760-24**-****-1383", 0.18, false),
            ("2760-24*-*_1383", 0.7, false), ("김*순", 0.2, false),
        ])
    func unreadMask(number: String, confidence: Float, calls: Bool) {
        let box = NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.1)
        let words = [
            RecognizedWord(text: "카드번호", boundingBox: box, confidence: 0.93), RecognizedWord(text: number, boundingBox: box, confidence: confidence),
        ]
        let line = RecognizedLine(text: "카드번호 \(number)", boundingBox: box, confidence: 0.8, words: words)
        #expect(DoubtfulLineReview.holdsUnreadMask(line) == calls)
    }

    @Test("A piece read widened maps its x coordinates back by the widening")
    func widenedFrame() {
        var frame = PreparedFrame(identityOf: ImageSize(width: 200, height: 100))
        frame.origin = (50, 20)
        frame.widening = 2
        // 40 px into a piece twice as wide is 20 px into the original, from x = 50.
        let rect = frame.uprightRect(PixelRect(x: 40, y: 0, width: 60, height: 10))
        #expect(abs(rect.x - 70.0 / 200) < 1e-9)
        #expect(abs(rect.width - 30.0 / 200) < 1e-9)
    }
}
