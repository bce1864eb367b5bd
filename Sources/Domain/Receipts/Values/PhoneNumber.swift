/// Korean phone numbers as receipts print them: `02-123-4567`, `031-916-9200`,
/// `010-1234-5678`, `1544-4700`.
public enum PhoneNumber {
    /// Digits printed (or read) without separators, grouped as the area code demands:
    /// `0212345678` → `02-1234-5678`, `03277517246` → `032-7751-7246`; `nil` when the
    /// digits cannot be a number (wrong length for the area code).
    public static func grouped(_ digits: String) -> String? {
        guard digits.allSatisfy(\.isASCIIDigit), digits.hasPrefix("0") else { return nil }
        let area = digits.hasPrefix("02") ? 2 : 3
        let rest = digits.count - area
        guard rest == 7 || rest == 8 else { return nil }
        let characters = Array(digits)
        let middle = rest - 4
        return [String(characters[..<area]), String(characters[area..<area + middle]), String(characters[(area + middle)...])]
            .joined(separator: "-")
    }
}
