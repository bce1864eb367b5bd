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

    /// Lines of space-separated words on rows of a page 30 rows high, each word its own box
    /// (a tenth of the width), the line starting at the left.
    static func pageOfWords(_ rows: [(text: String, row: Int)]) -> OCRResult {
        OCRResult(
            lines: rows.map { text, row in
                let y = 1 - Double(row + 1) / 30
                let words = text.split(separator: " ").enumerated().map { index, word in
                    RecognizedWord(
                        text: String(word), boundingBox: NormalizedRect(x: 0.05 + 0.15 * Double(index), y: y, width: 0.1, height: 0.025),
                        confidence: 0.9)
                }
                return RecognizedLine(text: text, boundingBox: NormalizedRect(x: 0.05, y: y, width: 0.9, height: 0.025), confidence: 0.9)
                    .replacingWords(with: words)
            })
    }

    /// s23_rcpt_15 as read: a condensed font's dotted zeros read 8, 6, 9 or `@`, and a 1 read 4.
    static let dottedZeros: [(text: String, row: Int)] = [
        ("알파문구 종로점", 0), ("상품명 단 가 수량 금 액", 4), ("001 포스트잇 3x3", 5), ("2,300 2 4,600", 6), ("002 A4 복사용지", 7), ("6,900 1 6,900", 8), ("003 지우개", 9),
        ("4,008 2 2,960", 10), ("004 수정테이프", 11), ("2,508 1 2,506", 12), ("005 3공 바인더", 13), ("3,500 1 3,500", 14),
        ("006 스카치 테이프", 15), ("1,50@ 1 1,560", 16), ("과세합 19,091", 18), ("부가세 1,909", 19), ("판매금액 71,008", 20),
    ]

    @Test("Item numbers the arithmetic doubts are read again alone, and their second reading kept when the sums then agree")
    func itemNumbersReadAgain() throws {
        let result = Self.pageOfWords(Self.dottedZeros)
        let first = ReceiptExtractor().extract(from: result)
        #expect(first.total?.value == 21_000, "the taxes make the total")
        #expect(first.checks.contains { $0.kind == .itemArithmetic && !$0.passed })
        let runs = ReceiptRereading.itemNumberRuns(of: result, in: first)
        #expect(runs.map(\.line) == [7, 9, 13], "the prices unlike their amounts, and a price read with a mark in it")
        let run = try #require(runs.first)
        #expect(run.words == 0..<3)
        let numbers = result.lines[run.line].words.map(\.boundingBox)
        #expect(run.region.minX <= numbers[0].minX && run.region.maxX >= numbers[2].maxX)
        #expect(run.region.minY < numbers[0].minY && run.region.maxY > numbers[0].maxY)
        // Read again, alone, by a model that reads the zeros: the sums agree.
        var candidate = result
        for (run, text) in zip(runs, ["1,000 2 2,900", "2,508 1 2,500", "1,500 1 1,500"]) {
            let reread = Self.pageOfWords([(text, 0)])
            candidate = ReceiptRereading.result(candidate, replacingWords: run.words, ofLine: run.line, with: reread)
        }
        #expect(candidate.lines[7].text == "1,000 2 2,900")
        let second = ReceiptExtractor().extract(from: candidate)
        #expect(second.items.map(\.amount) == [4_600, 6_900, 2_000, 2_500, 3_500, 1_500])
        #expect(ReceiptRereading.isBetter(second, than: first))
        // A second reading that is no number leaves the line as it was.
        let words = ReceiptRereading.result(result, replacingWords: runs[0].words, ofLine: runs[0].line, with: Self.pageOfWords([("ne SA", 0)]))
        #expect(words.lines[runs[0].line].text == result.lines[runs[0].line].text)
    }

    @Test("Items whose numbers agree are not read again")
    func agreeingItemsNotReadAgain() {
        let result = Self.pageOfWords([("가게", 0), ("우유", 2), ("1,000 2 2,000", 3), ("합계 2,000", 5)])
        #expect(ReceiptRereading.itemNumberRuns(of: result, in: ReceiptExtractor().extract(from: result)).isEmpty)
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
