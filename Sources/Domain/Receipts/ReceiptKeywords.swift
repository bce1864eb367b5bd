/// The labels Korean receipts print, matched against line text without spaces.
enum Keywords {
    /// Labels of the amount to pay, most specific first (rank 0 wins over rank 2).
    static let total: [(label: String, rank: Int)] = [
        ("결제대상금액", 0), ("결제금액", 0), ("받을금액", 0), ("결제액", 0), ("청구금액", 0), ("결제합계", 0),
        ("합계금액", 1), ("합계액", 1), ("총합계", 1), ("총금액", 1), ("판매합계", 1), ("판매금액", 1),
        ("합계", 2), ("총액", 2), ("TOTAL", 2), ("Total", 2),
    ]
    /// Lines with these are never the total, though they may contain 합계 or 금액.
    static let notTotal = ["할인", "수량", "과세", "면세", "부가", "총구매", "공급", "받은금액", "거스름", "포인트"]
    static let subtotal = ["총구매액", "총구매금액", "소계", "상품합계", "판매총액"]
    static let vat = ["부가세", "부가가치세", "세액"]
    static let taxable = ["과세물품가액", "과세물품", "과세금액", "과세가액", "공급가액", "공급가"]
    static let taxFree = ["면세"]
    static let discount = ["할인", "쿠폰", "에누리"]
    static let discountTotal = ["할인합계", "총할인", "할인금액합계", "할인총액"]
    static let businessNumber = ["사업자", "등록번호", "사업자번호"]
    static let phone = ["TEL", "Tel", "tel", "전화", "☎", "고객센터", "연락처"]
    static let date = ["일시", "판매일", "거래일", "날짜", "일자"]
    static let payment: [(method: PaymentMethod, labels: [String])] = [
        (.mobile, ["카카오페이", "네이버페이", "삼성페이", "페이코", "PAYCO", "간편결제", "제로페이"]),
        (.card, ["신용카드", "체크카드", "카드결제", "카드"]),
        (.cash, ["현금"]),
    ]
    /// Lines above the items that are never items.
    static let header = [
        "사업자", "대표", "전화", "TEL", "Tel", "주소", "일시", "판매일", "거래일", "승인", "카드번호", "영수증",
        "상품명", "품명", "메뉴", "단가", "수량", "고객센터", "POS", "포스", "계산원", "감사합니다", "교환", "환불",
    ]
}
