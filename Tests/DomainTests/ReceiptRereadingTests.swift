import Testing

@testable import Domain

/// Where a receipt is read again (rows whose value was lost, bands of amount rows) and
/// when the second reading is kept: the receipt's own fields and sums decide.
@Suite("Receipt rereading: which rows, how merged, when kept")
struct ReceiptRereadingTests {
    /// Lines on rows of a page 30 rows high (row 0 at the top), across most of its width.
    static func page(_ rows: [(text: String, row: Int)]) -> OCRResult {
        OCRResult(
            lines: rows.map { text, row in
                let box = NormalizedRect(x: 0.05, y: 1 - Double(row + 1) / 30, width: 0.9, height: 0.025)
                return RecognizedLine(
                    text: text, boundingBox: box, confidence: 0.9, words: [RecognizedWord(text: text, boundingBox: box, confidence: 0.9)])
            })
    }

    static let slip: [(text: String, row: Int)] = [
        ("맑은마트", 0), ("사업자번호: 120", 1), ("2025-04-23 13:47", 2), ("상품명 수량 금액", 4), ("우유 1 2,000", 5),
        ("빵 1 3,500", 6), ("과세물품가액 5,000", 8), ("부가세 500", 9), ("합계", 10), ("5,500", 11), ("신용카드 5,500", 12),
        ("감사합니다", 20),
    ]

    @Test("A row whose label was read without its value is read again alone, across the page")
    func rowOfLabelWithoutValue() throws {
        let result = Self.page(Self.slip)
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.businessRegistrationNumber == nil)
        let rows = ReceiptRereading.rows(of: result, missingIn: receipt)
        let row = try #require(rows.first { $0.line == 1 })
        let line = result.lines[1].boundingBox
        #expect(row.region.minY < line.minY && row.region.maxY > line.maxY)
        #expect(row.region.maxY - row.region.minY < 2 * line.height, "the row alone, not its neighbours")
        #expect(row.region.minX <= line.minX && row.region.maxX >= line.maxX)
        // Read again, the number is whole: it replaces the line, and its check digit confirms it.
        let reread = OCRResult(lines: [RecognizedLine(text: "사업자번호 : 120-81-79358", boundingBox: line, confidence: 0.9)])
        let merged = ReceiptRereading.result(result, rereadingLine: 1, as: reread)
        let mended = ReceiptExtractor().extract(from: merged)
        #expect(mended.businessRegistrationNumber?.value == "120-81-79358")
        #expect(ReceiptRereading.isBetter(mended, than: receipt))
    }

    @Test("With no date, a time read alone marks the date's row")
    func timeAloneMarksTheDateRow() {
        let result = Self.page([("맑은마트", 0), ("23027 12:33 POS-0002", 1), ("합계 1,200", 5)])
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.date == nil)
        #expect(ReceiptRereading.rows(of: result, missingIn: receipt).map(\.line).contains(1))
    }

    @Test("A band holds every labelled amount row and the rows between, with a row and a half of margin")
    func bandsOfAmountRows() throws {
        let result = Self.page(Self.slip)
        let band = try #require(ReceiptRereading.bands(in: result).first)
        let labelled = [6, 7, 10].map { result.lines[$0].boundingBox }  // 과세물품가액, 부가세, 신용카드
        #expect(labelled.allSatisfy { band.minY < $0.minY && band.maxY > $0.maxY })
        #expect(band.minY < result.lines[9].boundingBox.minY, "the unlabelled amount under the total's label is inside")
        #expect(!(band.minY...band.maxY).contains(result.lines[11].boundingBox.midY), "the farewell ten rows below is not")
    }

    @Test("Lines inside a band are replaced by its reading, in place; lines outside stay")
    func bandMerge() {
        let result = Self.page(Self.slip)
        let band = NormalizedRect(x: 0, y: 1 - 12.5 / 30, width: 1, height: 5 / 30)  // rows 8 to 11
        let reread = Self.page([("과세물품가액 5,000", 8), ("부가세 500", 9), ("합계 5,500", 10)])
        let merged = ReceiptRereading.result(result, rereading: band, as: reread)
        #expect(
            merged.lines.map(\.text) == [
                "맑은마트", "사업자번호: 120", "2025-04-23 13:47", "상품명 수량 금액", "우유 1 2,000", "빵 1 3,500", "과세물품가액 5,000", "부가세 500",
                "합계 5,500", "신용카드 5,500", "감사합니다",
            ])
    }

    @Test("A second reading is kept when its sums agree better, never when it changes a field that names the sale")
    func keptWhenSumsAgree() {
        let first = ReceiptExtractor().extract(from: Self.page([("맑은마트", 0), ("사업자번호 120-81-79358", 1), ("부가세 500", 9), ("합 a 5,5002", 10)]))
        let better = ReceiptExtractor().extract(
            from: Self.page([("맑은마트", 0), ("사업자번호 120-81-79358", 1), ("과세물품가액 5,000", 8), ("부가세 500", 9), ("합계 5,500", 10)]))
        #expect(ReceiptRereading.isDoubtful(first))
        #expect(better.checks.contains { $0.kind == .vatMatchesTotal && $0.passed })
        #expect(ReceiptRereading.isBetter(better, than: first))
        #expect(!ReceiptRereading.isBetter(first, than: better))
        let renamed = ReceiptExtractor().extract(
            from: Self.page([("맑은마트", 0), ("사업자번호 220-81-62517", 1), ("과세물품가액 5,000", 8), ("부가세 500", 9), ("합계 5,500", 10)]))
        #expect(!ReceiptRereading.isBetter(renamed, than: first), "another registration number is another shop")
    }

    @Test("A second reading that loses the total is never better, though it loses the failing checks with it")
    func keepsTheTotal() {
        let first = ReceiptExtractor().extract(from: Self.page([("가족약국", 0), ("부 가 세: 3.064원", 9), ("밥계: 43. 500%", 10)]))
        #expect(first.total?.value == 43_500)
        #expect(first.checks.contains { !$0.passed })
        let lost = ReceiptExtractor().extract(from: Self.page([("가족약국", 0), ("iat. Le 3.0954원", 9), ("fee 43. 50031 ©", 10)]))
        #expect(lost.total == nil)
        #expect(!ReceiptRereading.isBetter(lost, than: first))
    }
}
