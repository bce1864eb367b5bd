/// The labels Korean receipts print, matched against line text without spaces.
enum Keywords {
    /// Labels of the amount to pay, most specific first (rank 0 wins over rank 2).
    static let total: [(label: String, rank: Int)] = [
        ("결제대상금액", 0), ("결제금액", 0), ("받을금액", 0), ("결제액", 0), ("청구금액", 0), ("결제합계", 0), ("실결제금액", 0),
        ("내실금액", 0), ("총결제금액", 0),
        ("합계금액", 1), ("합계액", 1), ("총합계", 1), ("총금액", 1), ("판매합계", 1), ("판매금액", 1), ("매출합계", 1),
        ("합계", 2), ("총액", 2), ("TOTAL", 2), ("Total", 2),
    ]
    /// Lines with these are never the total, though they may contain 합계 or 금액.
    static let notTotal = ["할인", "수량", "과세", "면세", "부가", "총구매", "공급", "받은금액", "거스름", "포인트"]
    /// Labels of what the payment method was charged: the amount paid.
    static let paid = [
        "신용카드", "카드결제", "카드지불", "카드금액", "카드청구액", "승인금액", "매출금액", "신용액", "현금IC", "현금", "간편결제",
        "카카오페이", "네이버페이", "삼성페이", "페이코", "제로페이",
    ]
    /// Lines with these are never an amount paid.
    static let notPaid = ["번호", "포인트", "잔액", "할인", "영수증"]
    static let cash = ["현금"]
    /// Lines that show cash handed over and change given: the cash line is then the
    /// money handed over, not the amount paid.
    static let change = ["거스름", "잔돈", "받은금액", "받은돈"]
    static let subtotal = [
        "총구매액", "총구매금액", "소계", "상품합계", "판매총액", "구매합계", "주문합계", "SubTotal", "SUBTOTAL", "Subtotal", "총판매액",
    ]
    static let vat = ["부가세", "부가가치세", "세액", "VAT"]
    static let taxable = ["과세물품가액", "과세물품", "과세금액", "과세가액", "과세합계", "공급가액", "공급가", "공급금액"]
    /// The taxable amount's label at its shortest, in the summary only (an item may be marked
    /// `과세-링코`); never in `비과세`, goods not taxed.
    static let taxableShort = ["과세"]
    static let untaxed = ["비과세"]
    /// The labels of a summary's amounts, one of which may follow another's on its row.
    static let summaryLabels = total.map(\.label) + paid + subtotal + vat + taxable + taxableShort + taxFree + discount
    /// What a card slip prints its supply amount under (`금 액 6,818 원`).
    static let supply = ["금액", "공급금액", "물품가액", "과세금액"]
    static let taxFree = ["면세"]
    /// Labels of the tax-free goods' sum, a summary line (`(#)면세물품 : 1,980`); a tax-free
    /// item may say `면세` among the items.
    static let taxFreeTotal = ["면세물품", "면세가액", "면세금액", "면세합계", "면세매출"]
    static let discount = ["할인", "쿠폰", "에누리", "포인트사용", "사용포인트"]
    static let discountTotal = ["할인합계", "총할인", "할인금액합계", "할인총액"]
    /// Labels of the registration number; card slips print `사업 No`.
    static let businessNumber = ["사업자", "등록번호", "사업자번호", "사업No", "사업NO"]
    static let phone = ["TEL", "Tel", "tel", "전화", "☎", "고객센터", "연락처"]
    /// The card association (여신금융협회), whose help line card slips print: never the shop.
    static let cardAssociation = ["신금융", "금융협회"]
    /// Lines whose date and time are when something started (parking entry, taxi boarding,
    /// an order placed earlier), not the sale.
    static let startTime = ["입차", "승차", "입실", "입장", "주문번호"]
    /// Lines whose date is a deadline (exchanges and refunds until, valid until).
    static let deadline = ["기한", "유효기간", "만료", "까지"]
    static let date = ["일시", "판매일", "거래일", "날짜", "일자"]
    static let payment: [(method: PaymentMethod, labels: [String])] = [
        (.mobile, ["카카오페이", "네이버페이", "삼성페이", "페이코", "PAYCO", "간편결제", "제로페이"]),
        // 현금IC is a bank card read at the terminal: a card payment, though it says 현금.
        (.card, ["신용카드", "체크카드", "카드결제", "현금IC", "카드"]),
        (.cash, ["현금"]),
    ]
    /// Labels of the store's name; the name follows on the line or on the next.
    static let merchantLabel = ["가맹점명", "가맹점", "상호명", "상호", "매장명", "매장:", "점포명", "판매점", "판매처", "업체명"]
    /// Cards that collect points or membership: never the card charged.
    static let pointsCard = ["포인트", "멤버십", "적립"]
    /// Receipt headings and copy markers: never a store's name.
    static let heading = [
        "영수증", "고객용", "회원용", "보관용", "가맹점용", "카드매출전표", "매출전표", "신용승인", "승인전표", "재발행", "재출력",
        "거래명세", "공급받는자", "RECEIPT", "Receipt", "교환권", "주문서",
    ]
    /// Labels that name a card number alone (not a brand or the word 카드).
    static let cardNumberLabels = ["카드번호", "카드No", "카드NO", "CARDNO", "CardNo"]
    /// Lines that label a masked card number (a card or pay brand names one too).
    static let cardNumber = cardNumberLabels + ["카드", "pay", "PAY", "Pay", "페이"]
    /// Labels of the approval number.
    static let approval = ["승인번호", "승인No", "승인NO", "승인no", "ApprovalNo", "APPROVALNO", "AuthNo", "승인 No"]
    /// Store brands printed with Latin letters and digits, which engines misread as digits.
    static let brands = ["GS25", "CU", "emart24", "GS THE FRESH", "7-ELEVEn"]
    /// Lines above the items that are never items.
    static let header = [
        "사업자", "대표", "전화", "TEL", "Tel", "주소", "일시", "판매일", "거래일", "승인", "카드번호", "영수증",
        "상품명", "품명", "메뉴", "단가", "수량", "고객센터", "POS", "포스", "계산원", "감사합니다", "교환", "환불",
    ]
}
