/// Amounts of money as Korean receipts print them: `12,500`, `12,500원`, `₩12,500`,
/// `-3,980`, `900`.
public enum KoreanAmount {
    /// The largest amount a receipt prints (just under 10^12 won). Larger numbers are
    /// misreads or hostile input, not amounts; with this bound no sum of a receipt's
    /// amounts, nor a unit price times a quantity, can overflow `Int`.
    public static let maximum = 999_999_999_999

    /// The amount in won, or `nil` when `token` is not an amount. Thousands separators
    /// must group by three (a misread `.` is accepted as one: `12.500`); a number without
    /// separators has at most 9 digits; the magnitude is at most `maximum`.
    public static func parse(_ token: some StringProtocol) -> Int? {
        var text = Substring(token)
        var negative = false
        // A minus as engines read it too: a tilde or a dash (`상품할인 ~1,100`).
        if let sign = text.first, "-−~–—".contains(sign) {
            negative = true
            text = text.dropFirst()
        }
        if text.hasPrefix("₩") || text.hasPrefix("\\") { text = text.dropFirst() }
        if text.hasSuffix("원") { text = text.dropLast() }
        guard let first = text.first, first.isASCIIDigit else { return nil }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        if groups.count == 1 {
            guard text.count <= 9 else { return nil }
        } else {
            guard groups[0].count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        guard let value = Int(groups.joined()), value <= maximum else { return nil }
        return negative ? -value : value
    }

    /// The sum of amounts, saturating at ±`Int.max` instead of trapping (amounts are at
    /// most `maximum` each, so only millions of them could reach it).
    public static func sum(_ amounts: some Sequence<Int>) -> Int {
        amounts.reduce(0) { total, amount in
            let (result, overflow) = total.addingReportingOverflow(amount)
            return overflow ? (amount > 0 ? Int.max : -Int.max) : max(result, -Int.max)
        }
    }
}
