// The patterns of each kind `DataDetector` finds.

extension DataDetector {
    /// Korean area codes and mobile prefixes a phone number starts with.
    static let areaCodes: Set<String> = [
        "02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062", "063", "064",
        "070", "080", "010", "011", "016", "017", "018", "019", "050",
    ]
    /// Labels under which a number printed without separators is a phone number.
    static let phoneLabels = ["전화", "TEL", "T.", "☎", "연락처", "휴대폰", "핸드폰", "H.P", "HP", "FAX", "팩스"]
    /// Labels of a business registration number printed without separators.
    static let registrationLabels = ["사업자", "등록번호"]
    /// Endings of a domain written without `www.` or a scheme that mark it as one.
    static let domainEndings: Set<String> = ["com", "net", "org", "kr", "io", "info", "biz", "shop", "co", "me", "app", "dev"]

    static func phoneNumbers(in text: DetectedText) -> [Match] {
        phoneNumbers(in: text.string, labelled: text.contains(anyOf: phoneLabels))
    }

    /// The phone numbers in `text`, none overlapping another: numbers grouped by separators
    /// (a hyphen, a dot, a middle dot, a space, a parenthesis, or a hyphen read as the jamo
    /// `ㅡ`), after a Korean area code or mobile prefix, or a nationwide service number
    /// (`15xx`, `16xx`, `18xx`) or an international one; and, when `labelled` (the line
    /// names a phone), nine to eleven digits with at most one separator, grouped as their
    /// area code demands. The receipt extractor finds a receipt's phone number with these.
    package static func phoneNumbers(in string: String, labelled: Bool) -> [Match] {
        let text = DetectedText(string)
        var found: [Match] = []
        let add = { (range: Range<String.Index>, value: String) in
            let match = Match(kind: .phoneNumber, range: text.offsets(range), value: value)
            if !found.contains(where: { $0.range.overlaps(match.range) }) { found.append(match) }
        }
        for match in text.isolatedMatches(of: Pattern.areaCodePhone, alsoExcluding: "*") {
            let area = String(match.1 ?? match.2 ?? "")
            guard areaCodes.contains(area) || (area.hasPrefix("050") && area.count == 4) else { continue }
            add(match.range, [area, String(match.3), String(match.4)].joined(separator: "-"))
        }
        for match in text.isolatedMatches(of: Pattern.serviceNumber, alsoExcluding: "*") {
            add(match.range, "\(match.1)-\(match.2)")
        }
        for match in text.isolatedMatches(of: Pattern.internationalPhone) {
            add(match.range, "+" + [match.1, match.2, match.3, match.4].map(String.init).joined(separator: "-"))
        }
        if labelled {
            for match in text.isolatedMatches(of: Pattern.digitRun) {
                guard match.output.filter({ $0 == "-" }).count <= 1, let grouped = PhoneNumber.grouped(match.output.filter(\.isASCIIDigit)),
                    let area = grouped.split(separator: "-").first, areaCodes.contains(String(area))
                else { continue }
                add(match.range, grouped)
            }
        }
        return found
    }

    static func emailAddresses(in text: DetectedText) -> [Match] {
        text.string.matches(of: Pattern.email).map { match in
            Match(kind: .emailAddress, range: text.offsets(match.range), value: String(match.output).lowercased())
        }
    }

    static func links(in text: DetectedText) -> [Match] {
        var found: [Match] = []
        for match in text.string.matches(of: Pattern.link) {
            let range = text.trimmingTrailingPunctuation(match.range)
            let link = String(text.string[range])
            let hasScheme = link.lowercased().hasPrefix("http")
            if !hasScheme, !link.lowercased().hasPrefix("www.") {
                // A bare domain: not inside an address or a word, and with an ending domains have.
                if let before = text.character(before: range), before == "@" || before.isLetter || before.isNumber || before == "." { continue }
                let host = link.split(separator: "/").first.map(String.init) ?? link
                guard let ending = host.split(separator: ".").last, domainEndings.contains(ending.lowercased()),
                    host.contains(where: \.isLetter)
                else { continue }
            }
            found.append(Match(kind: .link, range: text.offsets(range), value: hasScheme ? link : "http://" + link))
        }
        return found
    }

    static func dates(in text: DetectedText) -> [Match] {
        // Not a date run into a longer number (`2023-08-20-49D345`, an order's).
        ReceiptDateParser.dates(in: text.string).filter { text.isolated($0.range) }.map {
            Match(kind: .date, range: text.offsets($0.range), value: $0.date.dateString)
        }
    }

    static func times(in text: DetectedText) -> [Match] {
        var found: [Match] = []
        for match in text.string.matches(of: Pattern.clockTime) where text.isolated(match.range, alsoExcluding: ":") {
            guard var hour = Int(match.2), let minute = Int(match.3), hour < 24, minute < 60 else { continue }
            if let second = match.4, Int(second).map({ $0 >= 60 }) ?? true { continue }
            if match.1 == "오후" || match.5?.uppercased() == "PM", hour < 12 { hour += 12 }
            found.append(Match(kind: .time, range: text.offsets(match.range), value: clock(hour, minute)))
        }
        for match in text.string.matches(of: Pattern.koreanTime) where text.isolated(match.range) {
            guard var hour = Int(match.2), let minute = Int(match.3 ?? "0"), hour < 24, minute < 60 else { continue }
            // `3시` alone is a time only after 오전/오후 (else it is as likely a count of hours).
            if match.3 == nil, match.1 == nil { continue }
            if match.1 == "오후", hour < 12 { hour += 12 }
            found.append(Match(kind: .time, range: text.offsets(match.range), value: clock(hour, minute)))
        }
        return found
    }

    static func moneyAmounts(in text: DetectedText) -> [Match] {
        var found: [Match] = []
        for match in text.string.matches(of: Pattern.currencyBefore) where text.isolated(match.range) {
            let symbol = match.1.trimmingCharacters(in: .whitespaces).uppercased()
            let currency = ["$", "USD"].contains(symbol) ? "USD" : ["€", "EUR"].contains(symbol) ? "EUR" : "KRW"
            guard let value = amount(String(match.2), currency: currency) else { continue }
            found.append(Match(kind: .moneyAmount, range: text.offsets(match.range), value: value, currency: currency))
        }
        for match in text.string.matches(of: Pattern.wonAfter) where text.isolated(match.range) {
            if let next = text.character(after: match.range), HangulWordRepair.isHangulSyllable(next), !"이을은의에씩도과와부".contains(next) {
                continue
            }
            guard let won = koreanAmount(String(match.1)) else { continue }
            found.append(Match(kind: .moneyAmount, range: text.offsets(match.range), value: String(won), currency: "KRW"))
        }
        return found
    }

    static func businessRegistrationNumbers(in text: DetectedText) -> [Match] {
        var found: [Match] = []
        for match in text.isolatedMatches(of: Pattern.registrationNumber) {
            let digits = String(match.output.filter(\.isASCIIDigit))
            let separated = match.output.contains { !$0.isASCIIDigit }
            guard BusinessRegistrationNumber.isValid(digits), separated || text.contains(anyOf: registrationLabels) else { continue }
            found.append(
                Match(kind: .businessRegistrationNumber, range: text.offsets(match.range), value: BusinessRegistrationNumber.formatted(digits)))
        }
        return found
    }

    static func postalCodes(in text: DetectedText) -> [Match] {
        var found: [Match] = []
        for match in text.string.matches(of: Pattern.labelledPostalCode) {
            guard let range = text.string.range(of: match.1, range: match.range), text.isolated(range) else { continue }
            found.append(Match(kind: .postalCode, range: text.offsets(range), value: String(match.1).filter(\.isASCIIDigit)))
        }
        if text.string.contains(Pattern.addressPart) {
            for match in text.string.matches(of: Pattern.bracketedPostalCode) {
                guard let range = text.string.range(of: match.1, range: match.range) else { continue }
                found.append(Match(kind: .postalCode, range: text.offsets(range), value: String(match.1)))
            }
        }
        return found
    }

    private static func clock(_ hour: Int, _ minute: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// An amount after a currency sign, in its units: won as a whole number, dollars and
    /// euros with their cents.
    private static func amount(_ number: String, currency: String) -> String? {
        if currency == "KRW" { return KoreanAmount.parse(number).map(String.init) }
        guard number.filter({ $0 == "." }).count <= 1,
            let value = Double(number.replacingOccurrences(of: ",", with: "")), value >= 0, value < 1e12
        else { return nil }
        return number.contains(".") ? String(format: "%.2f", value) : String(Int(value))
    }

    /// Won written with Korean units: `3만 5천`, `1억 2,000만`, `12,500`.
    private static func koreanAmount(_ written: String) -> Int? {
        let units: [Character: Int] = ["억": 100_000_000, "만": 10_000, "천": 1_000]
        var total = 0
        var number = ""
        var sawUnit = false
        for character in written where !character.isWhitespace {
            if let unit = units[character] {
                guard let value = KoreanAmount.parse(number.isEmpty ? "1" : number) else { return nil }
                total += value * unit
                number = ""
                sawUnit = true
            } else {
                number.append(character)
            }
        }
        if !number.isEmpty {
            guard let value = KoreanAmount.parse(number), !sawUnit || value < 10_000 else { return nil }
            total += value
        }
        return total <= KoreanAmount.maximum ? total : nil
    }
}

extension DetectedText {
    /// Whether `range` is not part of a longer run of digits (or hyphenated groups, or
    /// `alsoExcluding`): no digit or hyphen directly before or after it.
    func isolated(_ range: Range<String.Index>, alsoExcluding extra: String = "") -> Bool {
        let excluded = "0123456789-" + extra
        if let before = character(before: range), excluded.contains(before) { return false }
        if let after = character(after: range), excluded.contains(after) { return false }
        return true
    }

    /// The matches of `regex` that are `isolated`: where a match is not (it runs on from a
    /// longer number), the search goes on from its second character, so that a number
    /// right after another (`458-66-80382  053-2101-7181`) is not lost in a match that
    /// straddles both.
    func isolatedMatches<Output>(of regex: Regex<Output>, alsoExcluding extra: String = "") -> [Regex<Output>.Match] {
        var found: [Regex<Output>.Match] = []
        var start = string.startIndex
        while start < string.endIndex, let match = string[start...].firstMatch(of: regex) {
            if isolated(match.range, alsoExcluding: extra) {
                found.append(match)
                start = match.range.upperBound > match.range.lowerBound ? match.range.upperBound : string.index(after: match.range.lowerBound)
            } else {
                start = string.index(after: match.range.lowerBound)
            }
        }
        return found
    }

    /// `range` without the sentence punctuation that follows a link (`…example.com.`).
    func trimmingTrailingPunctuation(_ range: Range<String.Index>) -> Range<String.Index> {
        var end = range.upperBound
        while end > range.lowerBound, ".,;:!?)]}'\"".contains(string[string.index(before: end)]) { end = string.index(before: end) }
        return range.lowerBound..<end
    }
}

/// The regular expressions, built once (see `ReceiptDateParser`'s).
private enum Pattern {
    nonisolated(unsafe) static let areaCodePhone =
        #/(?:\((0\d{1,3})\)\s?|(0\d{1,3})(?:-ㅡ|ㅡ-|[-.·)\sㅡ])\s?)(\d{3,4})(?:-ㅡ|ㅡ-|[-.·\sㅡ])(\d{4})/#
    nonisolated(unsafe) static let serviceNumber = #/(1[5-9]\d{2})-(\d{4})/#
    nonisolated(unsafe) static let internationalPhone = #/\+(\d{1,3})[-.\s]?(?:\(0\))?(\d{1,4})[-.\s](\d{3,4})[-.\s](\d{4})/#
    nonisolated(unsafe) static let digitRun = #/0\d{1,3}-?\d{3,7}-?\d{4}/#
    nonisolated(unsafe) static let email = #/[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}/#
    nonisolated(unsafe) static let link =
        #/(?:https?://|www\.)[^\s<>"]+|[A-Za-z0-9][A-Za-z0-9\-]*(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}(?:/[^\s<>"]*)?/#
    nonisolated(unsafe) static let clockTime = #/(?:(오전|오후)\s?)?(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s?([AaPp][Mm]))?/#
    nonisolated(unsafe) static let koreanTime = #/(?:(오전|오후)\s?)?(\d{1,2})\s?시(?:\s?(\d{1,2})\s?분)?/#
    nonisolated(unsafe) static let currencyBefore = #/(₩|\\|KRW\s?|\$|USD\s?|€|EUR\s?)\s?(\d(?:[\d,]*\d)?(?:\.\d{1,2})?)/#
    nonisolated(unsafe) static let wonAfter = #/((?:\d(?:[\d,]*\d)?\s?[억만천]\s?)*\d(?:[\d,]*\d)?\s?[억만천]?)\s?원/#
    nonisolated(unsafe) static let registrationNumber = #/\d{3}\s?[-.]\s?\d{2}\s?[-.]\s?\d{5}|\d{10}/#
    nonisolated(unsafe) static let labelledPostalCode = #/(?:우편번호|\(우\)|우\)|우\s?:|〒)\s?[:.]?\s?(\d{5}|\d{3}-\d{3})(?![\d-])/#
    nonisolated(unsafe) static let bracketedPostalCode = #/[(\[](\d{5})[)\]]/#
    nonisolated(unsafe) static let addressPart = #/[가-힣]+(?:시|도|군|구)\s.*[가-힣\d]+(?:로|길|동)(?:\s|\d|$)/#
}
