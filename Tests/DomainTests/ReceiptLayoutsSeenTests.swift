import Testing

@testable import Domain

/// What real terminals print that the extractor once missed (issue 48): labels and values in
/// the forms found on the real receipts and the rendered bug reports.
@Suite("Receipt fields as real terminals print them")
struct ReceiptLayoutsSeenTests {
    static func read(_ lines: [String]) -> Receipt {
        ReceiptExtractor().extract(from: receipt(lines))
    }

    @Test("A refund deadline is never the sale's date, though it is the only date read")
    func deadlineIsNotTheSale() {
        let read = Self.read(["알파문구 종로점", "거래일자: 2925.19.28 시간: 20:43:58", "합계 21,000", "교환/환불 기한: 2025-11-04"])
        #expect(read.date == nil)
        let both = Self.read(["알파문구 종로점", "거래일자: 2025.10.28 시간: 20:43:58", "합계 21,000", "교환/환불 기한: 2025-11-04"])
        #expect(both.date?.value.description == "2025-10-28 20:43")
    }

    @Test(
        "현금IC is a bank card at the terminal: paid by card, its IC misread too; cash is cash",
        arguments: [
            ("현금IC 21,000", PaymentMethod.card), ("현금16 21,000", .card), ("현금1C 21,000", .card), ("현금lC 21,000", .card),
            ("현금 16,000", .cash), ("현금16,000", .cash),
        ])
    func cashICIsACard(line: String, method: PaymentMethod) {
        let read = Self.read(["판매금액 21,000", line, "카드번호 : 53028278********"])
        #expect(read.paymentMethod?.value == method)
    }

    @Test("Change given for money handed over means cash; a sentence about cards says nothing of the payment")
    func changeMeansCash() {
        let read = Self.read(["※반품시 반드시 카드를 지참해주세요.", "합계 42,700", "에누리 -700", "받을금액 42,000", "받은금액 50,000", "거스름돈 8,000"])
        #expect(read.paymentMethod?.value == .cash)
        #expect(read.total?.value == 42_000)
    }

    @Test("Approval numbers of pay and debit payments run to 20 digits, and slips print 8 as two groups of four")
    func approvalNumbers() {
        #expect(Self.read(["결제금액 1,200", "승인번호: 20220927336021781"]).approvalNumber?.value == "20220927336021781")
        #expect(Self.read(["합 계 : 43,500원", "승인 번호 : 7730 9156"]).approvalNumber?.value == "77309156")
    }

    @Test("`매장:` labels the store; labels listed in a sentence name none")
    func storeLabels() {
        #expect(Self.read(["Starfield", "사업자번호: 120-81-79358", "매장: 링코", "합 계 17,600"]).merchantName?.value == "링코")
        let slip = Self.read(["가맹점명, 가맹점주소가 실제와 다른", "경우 신고안내 (포상금 10만원 지급)", "가맹점명: 가족약국", "합 계 : 43,500원"])
        #expect(slip.merchantName?.value == "가족약국")
    }

    @Test("A points card's number is never the card charged")
    func pointsCardIsNotTheCard() {
        let read = Self.read(["카드결제액 17,600", "롯데마스터 51055400****962*", "신세계포인트카드 93501682****654*"])
        #expect(read.cardNumber?.value == "51055400****962*")
        let onlyPoints = Self.read(["카드결제액 17,600", "신세계포인트카드 93501682****654*"])
        #expect(onlyPoints.cardNumber == nil)
    }

    @Test("Labels misread a jamo off: `합게 금애` (two syllables of four), `합게액` (the middle of three)")
    func labelsAJamoOff() {
        let farm = Self.read(["맑은농장", "*대파 1,500 4 6,000", "*야채 4,000 1 4,000", "합게 금애 10,000", "받을 금액 10,000"])
        #expect(farm.total?.value == 10_000)
        #expect(farm.items.map(\.amount) == [6_000, 4_000])
        let store = Self.read(["GS25 역삼타워점", "바나나우유 1,700 1 1,700", "허니버터칩 1,800 1 1,800", "합게액 3,500", "우리카드 3,500"])
        #expect(store.total?.value == 3_500)
        #expect(store.items.count == 2)
        #expect(store.checks.contains { $0.kind == .paymentMatchesTotal && $0.passed }, "a card issuer's name labels what it charged")
    }

    @Test("Ten digits with no label are a registration number when the check digit holds and no 0 opens them; never confirmed")
    func unlabelledRegistrationNumber() {
        let read = Self.read(["경상대학교 중앙1식당", "6138210300 / 이사장 / TEL : 055-772-0944", "합 계 2,000"])
        #expect(read.businessRegistrationNumber?.value == "613-82-10300")
        #expect(read.businessRegistrationNumber?.isHighConfidence == false)
        #expect(Self.read(["맑은마트", "6138210301", "합 계 2,000"]).businessRegistrationNumber == nil, "the check digit fails")
        #expect(Self.read(["맑은마트", "0557720944", "합 계 2,000"]).businessRegistrationNumber == nil, "a phone number")
    }

    @Test("A numbered label above the store's name does not end the header")
    func numberedLabelInHeader() {
        let read = Self.read(["[영수증]", "교환권 번호 : 486", "경상대학교 중앙1식당", "경상남도 진주시 진주대로 501", "합 계 2,000"])
        #expect(read.merchantName?.value == "경상대학교 중앙1식당")
    }
}
