import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// A block whose found rows Tesseract read as one line is read row by row.
@Suite("Rows found in a block stay rows when read")
struct RowReadingTests {
    static func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    static func read(_ text: String, confidence: Float, box: PixelRect) -> PreparedLine {
        let rect = NormalizedRect(x: 0.1, y: 0.5, width: 0.2, height: 0.05)
        let word = RecognizedWord(text: text, boundingBox: rect, confidence: confidence)
        return PreparedLine(line: RecognizedLine(text: text, boundingBox: rect, confidence: confidence, words: [word]), preparedBox: box)
    }

    @Test("A block's rows: its lines on one row in one box, specks and rules left out")
    func rowsOfABlock() {
        let lines = [
            Self.box(35, 708, 76, 19), Self.box(545, 708, 75, 20),  // 과세금액 … 11,955원
            Self.box(36, 738, 35, 19), Self.box(555, 738, 65, 19),  // 세액 … 1,195원
            Self.box(565, 753, 5, 5),  // a speck
            Self.box(33, 790, 590, 8),  // a rule of = signs
        ]
        var layout = PageLayout(blocks: [Self.box(26, 701, 604, 100)])
        layout.blockLines = [lines]
        #expect(layout.rows(of: 0, textHeight: 14) == [Self.box(35, 708, 585, 20), Self.box(36, 738, 584, 19)])
    }

    @Test("A doubtful line read across two rows (a quarter of each, at least) merges them; a sure one, one row, or overlapping rows do not")
    func mergedRows() {
        let rows = [Self.box(35, 708, 585, 20), Self.box(36, 738, 584, 19)]
        let across = Self.read("he 14,9552", confidence: 0.51, box: Self.box(40, 706, 560, 50))
        #expect(PageReader.mergesRows([across], rows: rows))
        #expect(!PageReader.mergesRows([Self.read("과세금액 11,955원", confidence: 0.95, box: Self.box(40, 706, 560, 50))], rows: rows))
        #expect(!PageReader.mergesRows([Self.read("과세금액", confidence: 0.5, box: Self.box(35, 708, 76, 19))], rows: rows))
        #expect(!PageReader.mergesRows([across], rows: [rows[0], Self.box(36, 720, 584, 19)]))
        // Down into the next row by more than a quarter of its height, or by less.
        #expect(PageReader.mergesRows([Self.read("tei 13,4001", confidence: 0.39, box: Self.box(300, 708, 300, 36))], rows: rows))
        #expect(!PageReader.mergesRows([Self.read("13,400원", confidence: 0.39, box: Self.box(300, 708, 300, 33))], rows: rows))
    }

    @Test("The rows read one by one are kept when they read better, in characters and on average")
    func keptWhenBetter() {
        let block = [
            Self.read("과세금액", confidence: 0.95, box: Self.box(35, 708, 76, 19)),
            Self.read("he 14,9552", confidence: 0.51, box: Self.box(40, 706, 560, 50)),
        ]
        let rows = [
            Self.read("과세금액 11,955원", confidence: 0.93, box: Self.box(35, 708, 585, 20)),
            Self.read("세액 1,195원", confidence: 0.92, box: Self.box(36, 738, 584, 19)),
        ]
        #expect(PageReader.reading(block, orByRows: rows).map(\.line.text) == ["과세금액 11,955원", "세액 1,195원"])
        let worse = [Self.read("과세금액 1", confidence: 0.6, box: Self.box(35, 708, 585, 20))]
        #expect(PageReader.reading(block, orByRows: worse).map(\.line.text) == ["과세금액", "he 14,9552"])
    }

    @Test(
        "A row of text above a row of dashes, read as two broken lines in its block, comes out whole",
        .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared"), .timeLimit(.minutes(15)))
    func rowBesideDashes() async throws {
        let texts = try await SharedRepository.lines(of: ReceiptRereadingImageTests.examples.appendingPathComponent("s99_rcpt_14.png"))
        #expect(texts.contains("부가세 포함 1,209"), "\(texts)")
    }

    @Test(
        "Labels and their amounts far apart on grainy paper come out one row each",
        .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared"), .timeLimit(.minutes(15)))
    func summaryRowsOnGrainyPaper() async throws {
        let texts = try await SharedRepository.lines(of: ReceiptRereadingImageTests.examples.appendingPathComponent("s23_rcpt_04.png"))
            .map { $0.replacingOccurrences(of: " ", with: "") }
        for row in ["과세금액11,955원", "세액1,195원", "합계13,150원"] {
            #expect(texts.contains(row), "\(row) in \(texts)")
        }
    }

    @Test(
        "A lone 0 far right of its label, which the block's reading drops, comes back on its row",
        .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared"), .timeLimit(.minutes(15)))
    func loneAmountOnItsRow() async throws {
        let texts = try await SharedRepository.lines(of: ReceiptRereadingImageTests.examples.appendingPathComponent("s23_rcpt_07.png"))
        for row in ["공급가액 0", "세액 0"] {
            #expect(texts.contains(row), "\(row) in \(texts)")
        }
    }
}
