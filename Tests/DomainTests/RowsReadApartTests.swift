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

    @Test("A column drifting further below its rows down a photograph follows the drift from the first row it plainly belongs to")
    func driftingColumn() throws {
        // As read from a photographed store receipt (x, top and bottom from the top): each
        // amount 0.012 below its item at the top, 0.023 below its label at the bottom, where
        // the line below is nearer than its own.
        let read: [(String, Double, Double, Double)] = [
            ("푸른채소가게", 0.178, 0.145, 0.175), ("사업자번호 878-58-12628", 0.180, 0.188, 0.220), ("2025-02-28 15:20", 0.180, 0.275, 0.301),
            ("상품명 수량", 0.184, 0.357, 0.392), ("서울우유1L 1", 0.185, 0.380, 0.447), ("신라면5입 1", 0.188, 0.438, 0.477),
            ("건전지 AA 1", 0.190, 0.474, 0.524), ("과세물품가액", 0.188, 0.560, 0.594), ("부가세", 0.189, 0.601, 0.630), ("합계", 0.192, 0.641, 0.669),
            ("신용카드", 0.193, 0.680, 0.711), ("카드번호 1117-16**-****-8333", 0.218, 0.721, 0.761), ("승인번호 68865471", 0.195, 0.759, 0.797),
            ("감사합니다", 0.197, 0.798, 0.831), ("금액", 0.782, 0.367, 0.398), ("700", 0.793, 0.413, 0.437), ("3,800", 0.766, 0.455, 0.483),
            ("16,200", 0.750, 0.498, 0.526), ("18,818", 0.752, 0.581, 0.609), ("1,882", 0.767, 0.623, 0.651), ("20,700", 0.743, 0.664, 0.692),
            ("20,700", 0.743, 0.704, 0.732),
        ]
        let result = OCRResult(
            lines: read.map { text, x, top, bottom in
                let box = NormalizedRect(x: x, y: 1 - bottom, width: x > 0.5 ? 0.09 : 0.3, height: bottom - top)
                return RecognizedLine(
                    text: text, boundingBox: box, confidence: 0.9, words: [RecognizedWord(text: text, boundingBox: box, confidence: 0.9)])
            })
        let extracted = ReceiptExtractor().extract(from: result)
        #expect(extracted.items.map(\.amount) == [700, 3_800, 16_200])
        #expect(extracted.taxableAmount?.value == 18_818)
        #expect(extracted.vat?.value == 1_882)
        #expect(try #require(extracted.total).value == 20_700)
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
