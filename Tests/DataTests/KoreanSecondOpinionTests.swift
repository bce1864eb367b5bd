import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

@Suite("Lines the mixed reading got wrong, read by the Korean model")
struct KoreanSecondOpinionTests {
    private static let box = NormalizedRect(x: 0.1, y: 0.5, width: 0.8, height: 0.05)

    private static func line(_ confidence: Float, _ words: [(String, Float)]) -> RecognizedLine {
        RecognizedLine(
            text: words.map(\.0).joined(separator: " "), boundingBox: box, confidence: confidence,
            words: words.map { RecognizedWord(text: $0.0, boundingBox: box, confidence: $0.1) })
    }

    @Test("The lines the filter drops are read again while they hold at most twice the kept lines' characters, or 200")
    func droppedLinesReadWithinBounds() {
        let kept = Self.line(0.9, [("김치찌개", 0.9), ("8,000", 0.9)])  // 9 characters
        let garbage = { (count: Int) in Self.line(0.1, [(String(repeating: "e", count: count), 0.1)]) }
        #expect(KoreanSecondOpinion.readsDroppedLines([kept, garbage(150)], filteredBelow: 0.4))
        #expect(!KoreanSecondOpinion.readsDroppedLines([kept, garbage(250)], filteredBelow: 0.4))
        #expect(KoreanSecondOpinion.readsDroppedLines(Array(repeating: kept, count: 20) + [garbage(350)], filteredBelow: 0.4))
        #expect(!KoreanSecondOpinion.readsDroppedLines([kept] + Array(repeating: garbage(75), count: 52), filteredBelow: 0.4))
    }

    @Test("A line the filter would drop is taken when the Korean model read all of it surely, no less sure than its words")
    func unsureLineTakenWhenReadSurely() {
        let garbage = Self.line(0, [("S", 0), ("0/9}", 0), ("/sqo|", 0), ("ef", 0.37)])
        let korean = Self.line(0, [("흑미밥/백미밥", 0.79)])
        let taken = KoreanSecondOpinion.taken(korean, for: garbage, filteredBelow: 0.5)
        #expect(taken.text == "흑미밥/백미밥")
        #expect(abs(taken.confidence - 0.79) < 0.001)
        // A word left unsure, or a reading under the kept confidence: the line stays as read.
        let partly = Self.line(0, [("흑미밥", 0.9), ("/sqo|", 0)])
        #expect(KoreanSecondOpinion.taken(partly, for: garbage, filteredBelow: 0.5) == garbage)
        let unsure = Self.line(0, [("흑미밥/백미밥", 0.6)])
        #expect(KoreanSecondOpinion.taken(unsure, for: garbage, filteredBelow: 0.5) == garbage)
        // A line the filter keeps takes the repair as it is.
        let kept = Self.line(0.7, [("합계", 0.8), ("Sa", 0.2)])
        let repaired = Self.line(0.7, [("합계", 0.8), ("원", 0.6)])
        #expect(KoreanSecondOpinion.taken(repaired, for: kept, filteredBelow: 0.5) == repaired)
    }

    @Test(
        "Menu lines printed in a heavy font, read as Latin garbage by the mixed model, are read in Korean",
        .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared"), .timeLimit(.minutes(15)))
    func heavyFontMenu() async throws {
        let texts = try await SharedRepository.lines(
            of: RealReceiptFixture.developmentSet.appendingPathComponent("menu_cafeteria_daily_printed_sheet.jpeg"))
        for part in ["미밥/백미밥", "오리엔탈", "가든샐러드"] {
            #expect(texts.contains { $0.contains(part) }, "\(part) in \(texts)")
        }
    }
}
