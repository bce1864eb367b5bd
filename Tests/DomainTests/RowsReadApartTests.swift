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
