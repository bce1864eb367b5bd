import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Doubtful lines: read again alone, and widened when still too unsure to keep")
struct DoubtfulLineReviewTests {
    @Test("A condensed line the filter would drop is read widened, its box mapped back to where it is printed")
    func condensedLine() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("condensed.png").data(), options: .suite)
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

    @Test("Items and a total printed double height under small print: the page scaled by the small print, the tall lines read widened")
    func doubleHeight() async throws {
        let fixture = Fixture("double-height.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), options: .suite)
        let expected = try fixture.expectedLines()
        // The five double-height lines (items and the total), each read nearly right: read as
        // printed, `8,000` came out `8,080`, `8,600` and `18000`, and the total `40,060`.
        for line in expected[4..<9] {
            let best = result.lines.map { CharacterErrorRate.between($0.text, line) }.min() ?? 1
            #expect(best <= 0.2, "\(line): \(result.text)")
        }
        #expect(result.text.contains("16,000") && result.text.contains("40,000"), "\(result.text)")
    }

    @Test("The body text of a page printed in two sizes is the smaller; a page of one size keeps its measured height")
    func bodyTextHeight() {
        func lines(_ height: Int, count: Int, characters: Int) -> [TextLineFinder.Chain] {
            (0..<count).map { (PixelRect(x: 0, y: $0 * 100, width: 400, height: height), characters, nil) }
        }
        // Double-height items (70 px) beside small print (40 px) holding a third of the characters.
        #expect(ImagePreparation.bodyTextHeight(measured: 70, lines: lines(70, count: 8, characters: 12) + lines(40, count: 4, characters: 12)) == 40)
        // One size: lines a little taller than their characters' measured height.
        #expect(ImagePreparation.bodyTextHeight(measured: 30, lines: lines(34, count: 10, characters: 12)) == 30)
        // Digits and marks (under three characters) do not make a second size.
        #expect(
            ImagePreparation.bodyTextHeight(measured: 30, lines: lines(34, count: 10, characters: 12) + lines(12, count: 20, characters: 2)) == 30)
    }

    @Test("A page read mostly as noise gets no second looks; a page read with confidence does")
    func noisyPageNotReviewed() {
        func line(_ text: String, _ confidence: Float) -> PreparedLine {
            PreparedLine(
                line: RecognizedLine(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 0.2, height: 0.05), confidence: confidence),
                preparedBox: PixelRect(x: 0, y: 0, width: 200, height: 30))
        }
        let bricks = ["eeercemen", "oro ae", "Beret ek", "sc yee ee"].map { line($0, 0.2) } + [line("ATE", 0.92)]
        #expect(!DoubtfulLineReview.isWorthReviewing(bricks))
        #expect(DoubtfulLineReview.isWorthReviewing([line("합계 12,600", 0.95), line("부가세 1,145", 0.62)]))
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
