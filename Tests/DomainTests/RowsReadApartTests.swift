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

    @Test("On a photograph taken at a slant, a column of quantities and amounts half a row above its items still joins them")
    func slantedColumn() throws {
        // Items at rows 4, 5, 6 (y of their centres 0.7, 0.65, 0.6); their amounts 0.015 higher.
        let rows: [(String, Double, Bool)] = [
            ("GS25 역삼점", 0.9, false), ("사업자번호 220-81-62517", 0.85, false), ("삼각김밥 참치마요", 0.70, false), ("초코바", 0.65, false),
            ("바나나우유 240ml", 0.60, false), ("2 3,200", 0.715, true), ("1 3,400", 0.665, true), ("3 3,000", 0.615, true),
            ("합계 9,600", 0.5, false), ("신용카드 9,600", 0.45, false),
        ]
        let result = OCRResult(
            lines: rows.map { text, midY, right in
                let box = NormalizedRect(x: right ? 0.6 : 0.15, y: midY - 0.015, width: right ? 0.25 : 0.3, height: 0.03)
                return RecognizedLine(
                    text: text, boundingBox: box, confidence: 0.95, words: [RecognizedWord(text: text, boundingBox: box, confidence: 0.95)])
            })
        let read = ReceiptExtractor().extract(from: result)
        #expect(read.items.map(\.name) == ["삼각김밥 참치마요", "초코바", "바나나우유 240ml"])
        #expect(read.items.map(\.amount) == [3_200, 3_400, 3_000])
        #expect(read.total?.value == 9_600)
    }

    @Test("A column half a row off whose nearest rows lie both ways is not shifted: labels never take their neighbours' amounts")
    func columnHalfARowOffBothWays() {
        // Labels at 0.385, 0.350, 0.315, 0.279; amounts 0.017 lower, except where a line
        // below is nearer (as read on a photographed store receipt).
        let rows: [(String, Double, Bool)] = [
            ("과세물품가액", 0.3848, false), ("부가세", 0.3504, false), ("합계", 0.315, false), ("신용카드", 0.2787, false),
            ("카드번호 8619-25**-****-,", 0.2363, false), ("80,545", 0.368, true), ("8,055", 0.3299, true), ("88,600", 0.2933, true),
            ("88,600", 0.2554, true),
        ]
        let shift = ReceiptExtractor.columnShift(
            rows.enumerated().map { index, row in
                let (text, midY, right) = row
                let box = NormalizedRect(x: right ? 0.74 : 0.13, y: midY - 0.0125, width: right ? 0.11 : 0.15, height: 0.025)
                return ReceiptLine(index: index, line: RecognizedLine(text: text, boundingBox: box, confidence: 0.9))
            }, movable: ReceiptExtractor.isAmountOnly)
        #expect(shift == 0)
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
