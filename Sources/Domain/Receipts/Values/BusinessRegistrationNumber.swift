/// Korean business registration numbers (사업자등록번호): ten digits, `###-##-#####`, the
/// last a check digit.
public enum BusinessRegistrationNumber {
    private static let weights = [1, 3, 7, 1, 3, 7, 1, 3, 5]

    /// Digits an OCR engine confuses with each digit, most likely first.
    public static let confusableDigits: [Character: [Character]] = [
        "0": ["8", "6", "9"], "1": ["7", "4"], "2": ["7"], "3": ["8", "9"], "4": ["1"],
        "5": ["6", "8"], "6": ["5", "8", "0"], "7": ["1", "2"], "8": ["0", "3", "6", "9", "5"], "9": ["8", "0"],
    ]

    /// Whether ten digits (hyphens ignored) carry a valid check digit.
    public static func isValid(_ number: String) -> Bool {
        let digits = number.compactMap(\.wholeNumberValue)
        guard digits.count == 10, number.filter({ $0 != "-" }).count == 10 else { return false }
        var sum = zip(digits, weights).reduce(0) { $0 + $1.0 * $1.1 }
        sum += digits[8] * 5 / 10
        return (10 - sum % 10) % 10 == digits[9]
    }

    /// The valid number one likely OCR confusion away from `number` (ten digits), when
    /// exactly one such number exists; `nil` when none or several do.
    public static func repaired(_ number: String) -> String? {
        let digits = Array(number.filter(\.isASCIIDigit))
        guard digits.count == 10 else { return nil }
        var found: Set<String> = []
        for index in digits.indices {
            for replacement in confusableDigits[digits[index]] ?? [] {
                var candidate = digits
                candidate[index] = replacement
                let text = String(candidate)
                if isValid(text) { found.insert(text) }
            }
        }
        guard found.count == 1, let only = found.first else { return nil }
        return formatted(only)
    }

    /// The valid number ten slots spell when one of them was read as no digit at all
    /// (`/30-89-13222`, `357-134234그`): the one digit there that makes the check digit
    /// hold, when exactly one does.
    /// - Parameter slots: Ten characters, nine of them digits.
    public static func completed(_ slots: [Character]) -> String? {
        guard slots.count == 10, let gap = slots.firstIndex(where: { !$0.isASCIIDigit }),
            slots.filter({ !$0.isASCIIDigit }).count == 1
        else { return nil }
        let candidates = (0...9).map { digit -> String in
            var filled = slots
            filled[gap] = Character(String(digit))
            return String(filled)
        }.filter(isValid)
        guard candidates.count == 1, let only = candidates.first else { return nil }
        return formatted(only)
    }

    /// Characters an OCR engine leaves where it could not read a digit (`/` for 7, `그` for 2,
    /// `'` for a faded 0).
    public static func isUnreadDigit(_ character: Character) -> Bool {
        character.isLetter || "/|\\()[]{}!?'".contains(character)
    }

    /// The valid number three groups spell when one group has one digit too many
    /// (`7566-80-52729`, `4970.34-15629`): the one deletion from that group that makes the
    /// check digit hold, when exactly one does.
    public static func withoutExtraDigit(_ groups: [Substring]) -> String? {
        let expected = [3, 2, 5]
        let groups = groups.map { Array($0) }
        let long = groups.indices.filter { groups[$0].count != expected[$0] }
        guard groups.count == 3, groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), long.count == 1, let group = long.first,
            groups[group].count == expected[group] + 1
        else { return nil }
        var candidates: Set<String> = []
        for position in groups[group].indices {
            var shortened = groups
            shortened[group].remove(at: position)
            let digits = String(shortened.joined())
            if isValid(digits) { candidates.insert(digits) }
        }
        guard candidates.count == 1, let only = candidates.first else { return nil }
        return formatted(only)
    }

    /// Ten digits as `###-##-#####`.
    public static func formatted(_ digits: String) -> String {
        let plain = Array(digits.filter(\.isASCIIDigit))
        guard plain.count == 10 else { return digits }
        return String(plain[0..<3]) + "-" + String(plain[3..<5]) + "-" + String(plain[5...])
    }
}
