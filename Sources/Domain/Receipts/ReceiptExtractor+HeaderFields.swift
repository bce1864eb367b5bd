import Foundation

/// Fields found by format and label anywhere on the receipt: registration number,
/// phone, date, merchant, card and approval numbers.
extension ReceiptExtractor {
    static func businessNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let labelled = lines.filter { $0.contains(anyOf: Keywords.businessNumber) }
        for line in labelled + lines {
            let grouped = line.text.matches(of: #/\d{3}\s?[-.]\s?\d{2}\s?[-.]\s?\d{5}(?!\d)/#, notAfter: "0123456789-").first?.range
            // Under its label, any ten digits in a row (separators misread or lost) are one.
            let bare = line.contains(anyOf: Keywords.businessNumber)
                ? line.text.matches(of: #/\d(?:[-.\s]?\d){9}(?!\d)/#, notAfter: "0123456789").first?.range : nil
            guard let range = grouped ?? bare else { continue }
            let read = BusinessRegistrationNumber.formatted(String(line.text[range].filter(\.isASCIIDigit)))
            if BusinessRegistrationNumber.isValid(read) {
                var field = line.field(read, range: range, cap: 1)
                field.confidence = field.confidence >= 0.6 ? confirmed : max(field.confidence, 0.7)
                return field
            }
            if let repaired = BusinessRegistrationNumber.repaired(read) {
                return line.field(repaired, range: range, cap: 0.6)
            }
            return line.field(read, range: range, cap: 0.3)
        }
        return nil
    }

    static func phoneNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        var found: [(line: ReceiptLine, number: String, range: Range<String.Index>)] = []
        for line in lines where !line.contains(anyOf: ["카드", "승인"]) {
            let pattern = #/(0\d{1,2}|1\d{3})[-)\s.]\s?(\d{3,4})(?:[-\s.](\d{4}))?(?![\d*-])/#
            for match in line.text.matches(of: pattern, notAfter: "0123456789*-") {
                let parts = [match.1, match.2, match.3].compactMap { $0.map(String.init) }
                let isServiceNumber = parts.count == 2 && parts[0].hasPrefix("1") && parts[1].count == 4
                guard parts.count == 3 || isServiceNumber else { continue }
                if ReceiptDateParser.date(in: String(line.text[match.range])) != nil { continue }
                found.append((line, parts.joined(separator: "-"), match.range))
            }
        }
        let labelled = found.first { $0.line.contains(anyOf: Keywords.phone) }
        guard let chosen = labelled ?? found.first else { return nil }
        var field = chosen.line.field(chosen.number, range: chosen.range)
        if found.filter({ $0.number == chosen.number }).count > 1 { field.confidence = confirmed }
        return field
    }

    static func date(in lines: [ReceiptLine]) -> ReceiptField<ReceiptDate>? {
        let found = lines.compactMap { line in ReceiptDateParser.date(in: line.text).map { (line, $0.date, $0.range) } }
        guard let (line, date, range) = found.first(where: { $0.0.contains(anyOf: Keywords.date) }) ?? found.first else { return nil }
        var field = line.field(date, range: range)
        if found.contains(where: { $0.0.index != line.index && $0.1.dateString == date.dateString }) {
            field.confidence = confirmed  // printed twice (sale and card slip) and read the same
        }
        return field
    }

    static func merchant(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        for line in lines.prefix(3) where !isHeader(line) && ReceiptDateParser.date(in: line.text) == nil {
            let decoration = CharacterSet(charactersIn: "[]<>*=-#() ")
            let name = line.text.trimmingCharacters(in: decoration).replacingOccurrences(of: "영수증", with: "")
                .trimmingCharacters(in: decoration)
            guard name.filter(\.isLetter).count >= 2 else { continue }
            var field = line.field(name, range: nil)
            field.sourceText = line.text
            return field
        }
        return nil
    }

    /// A masked card number: four digits, maybe two or four more, masking characters
    /// (`*`, read as `%`, `#`, `+`, `¥`, `x` …), and the last four digits; rebuilt as the
    /// 16-digit `1234-56**-****-7890` form.
    static func cardNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let labelled = lines.filter { $0.contains(anyOf: ["카드번호", "카드No", "CARD", "카드NO"]) }
        for line in labelled + lines {
            guard let match = line.text.firstMatch(of: #/(\d{4})([^\d]{0,3}(?:\d{4}|\d{2}))?([^\d]{3,}?)(\d{4})(?!\d)/#) else { continue }
            let masking = match.3.filter { !$0.isWhitespace && !"-–—_.".contains($0) }
            guard masking.count >= 2 else { continue }
            let visible = String(match.1) + (match.2.map { $0.filter(\.isASCIIDigit) } ?? "")
            let digits = Array(visible + String(repeating: "*", count: max(0, 12 - visible.count)) + match.4)
            guard digits.count == 16 else { continue }
            let number = stride(from: 0, to: 16, by: 4).map { String(digits[$0..<$0 + 4]) }.joined(separator: "-")
            return line.field(number, range: match.range)
        }
        return nil
    }

    static func approvalNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let numbers = lines.filter { $0.contains(anyOf: ["승인번호", "승인No", "승인"]) }.compactMap { line in
            line.text.matches(of: #/\d{6,12}(?!\d)/#, notAfter: "0123456789").first.map { (line, String(line.text[$0.range]), $0.range) }
        }
        guard let (line, number, range) = numbers.first else { return nil }
        var field = line.field(number, range: range)
        if numbers.dropFirst().contains(where: { $0.1 == number }) { field.confidence = confirmed }
        return field
    }
}
