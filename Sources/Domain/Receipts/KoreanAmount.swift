/// Amounts of money as Korean receipts print them: `12,500`, `12,500원`, `₩12,500`,
/// `-3,980`, `900`.
public enum KoreanAmount {
    /// The amount in won, or `nil` when `token` is not an amount. Thousands separators
    /// must group by three (a misread `.` is accepted as one: `12.500`); a number without
    /// separators has at most 9 digits.
    public static func parse(_ token: some StringProtocol) -> Int? {
        var text = Substring(token)
        var negative = false
        if text.hasPrefix("-") || text.hasPrefix("−") {
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
        guard let value = Int(groups.joined()) else { return nil }
        return negative ? -value : value
    }
}
