import Testing

@testable import Domain

/// A photographed slip whose labels and amounts stand far apart is sometimes read as a
/// column of labels, then a column of amounts.
@Suite("Receipt rows read apart: labels, then their amounts")
struct RowsReadApartTests {
    static let parking = [
        "주차 영수증", "AJ파크 여의도점", "사업자등록번호 550-94-84372", "입차 2023-08-07 16:06", "출차 2023-08-07 18:06",
        "차량번호 148가4284",
    ]

    /// Lines at the heights they were printed at (row `row` of 20, origin bottom-left), the
    /// left column's text from x = 0.05, the amounts' at x = 0.75.
    static func printed(_ rows: [(text: String, row: Int, right: Bool)]) -> OCRResult {
        OCRResult(
            lines: rows.map { text, row, right in
                let box = NormalizedRect(x: right ? 0.75 : 0.05, y: 1 - Double(row + 1) / 20, width: right ? 0.15 : 0.4, height: 0.03)
                return RecognizedLine(
                    text: text, boundingBox: box, confidence: 0.95, words: [RecognizedWord(text: text, boundingBox: box, confidence: 0.95)])
            })
    }

    @Test("A column of amounts read after everything else joins the lines printed on the same rows, whatever their count")
    func pairsByPosition() throws {
        let rows: [(text: String, row: Int, right: Bool)] = [
            ("푸른채소가게", 0, false), ("사업자번호 878-58-12628", 1, false), ("2025-02-28 15:20", 2, false), ("상품명 수량", 3, false),
            ("서울우유1L 1", 4, false), ("신라면5입 1", 5, false), ("건전지 AA 1", 6, false), ("과세물품가액", 7, false), ("부가세", 8, false),
            ("합계", 9, false), ("신용카드", 10, false), ("감사합니다", 12, false), ("금액", 3, true), ("700", 4, true), ("3,800", 5, true),
            ("16,200", 6, true), ("18,818", 7, true), ("1,882", 8, true), ("20,700", 9, true), ("20,700", 10, true),
        ]
        let read = ReceiptExtractor().extract(from: Self.printed(rows))
        #expect(read.items.map(\.amount) == [700, 3_800, 16_200])
        #expect(read.taxableAmount?.value == 18_818)
        #expect(read.vat?.value == 1_882)
        #expect(try #require(read.total).value == 20_700)
        #expect(read.total?.isHighConfidence == true, "the total and the card payment agree")
    }

    @Test("Quantities and amounts read apart from their two-line items (2 10,600) join the barcode line on their row")
    func quantitiesAndAmountsByPosition() throws {
        let rows: [(text: String, row: Int, right: Bool)] = [
            ("홈마트 월드컵점", 0, false), ("사업자등록번호 478-12-57543", 1, false), ("상품명 단가 수량 금액", 2, false),
            ("04 서울우유 1L", 3, false), ("8803000010068 7,000", 4, false), ("05 삼겹살 500g", 5, false), ("8807470470214 5,300", 6, false),
            ("1 7,000", 4, true), ("2 10,600", 6, true), ("합계 17,600", 8, false), ("신용카드 17,600", 9, false),
        ]
        let read = ReceiptExtractor().extract(from: Self.printed(rows))
        #expect(read.items.map(\.amount) == [7_000, 10_600])
        #expect(read.items.map(\.quantity) == [1, 2])
        #expect(read.total?.value == 17_600)
    }

    @Test("Labels read as a column before their amounts are paired with them, in order")
    func pairsInOrder() throws {
        let read = ReceiptExtractor().extract(
            from: receipt(Self.parking + ["주차요금", "받을금액", "현금", "28,100", "28,100", "28,100"]))
        #expect(read.total?.value == 28_100)
        #expect(read.paymentMethod?.value == .cash)
        #expect(read.total?.lineIndices.first == 7, "the total comes from the 받을금액 line")
    }

    @Test("Equal amounts are everybody's, whatever was lost between the columns")
    func equalAmounts() throws {
        let read = ReceiptExtractor().extract(from: receipt(Self.parking + ["주차요금", "받을금액", "27,400", "27,400", "27,400 은"]))
        #expect(read.total?.value == 27_400)

        let taxi = [
            "택시 영수증", "상호: 카카오T 블루", "사업자번호: 461-05-56664", "승차: 2026-03-28 17:20", "요금", "요금", "결제금액",
            "카드번호: 1063-77**-****-0743", "승인번호: 35480655", "이용해 주셔서 감사합니다", "9,000원", "9,000원",
        ]
        #expect(ReceiptExtractor().extract(from: receipt(taxi)).total?.value == 9_000)
    }

    @Test("Different amounts whose count does not match the labels are not guessed")
    func unmatched() {
        let read = ReceiptExtractor().extract(from: receipt(Self.parking + ["주차요금", "받을금액", "28,100", "2,810"]))
        #expect(read.total == nil || read.total?.isHighConfidence == false)
        let lines = ReceiptExtractor.rejoiningRowsReadApart(
            receipt(["받을금액", "부가세", "현금", "28,100", "2,810"]).lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) })
        #expect(lines.map(\.text) == ["받을금액", "부가세", "현금", "28,100", "2,810"])
    }

    @Test("A label and its amount on the next line are one row; an item's name above its numbers is not touched")
    func nextLine() {
        let lines = ReceiptExtractor.rejoiningRowsReadApart(
            receipt(["합계", "12,000", "바나나우유", "2 3,000"]).lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) })
        #expect(lines.map(\.text) == ["합계 12,000", "바나나우유", "2 3,000"])
        #expect(lines.map(\.index) == [0, 2, 3])
    }
}
