import Foundation

/// Fields found by format and label anywhere on the receipt: registration number,
/// phone, date, merchant, card and approval numbers.
extension ReceiptExtractor {
    static func businessNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let labelled = lines.filter { $0.contains(anyOf: Keywords.businessNumber) }
        for line in labelled + lines {
            let grouped = line.text.matches(of: Pattern.groupedRegistrationNumber, notAfter: "0123456789-").first?.range
            // Under its label, any ten digits in a row (separators misread or lost) are one.
            let bare =
                line.contains(anyOf: Keywords.businessNumber)
                ? line.text.matches(of: Pattern.tenDigits, notAfter: "0123456789").first?.range : nil
            guard let range = grouped ?? bare else {
                if line.contains(anyOf: Keywords.businessNumber), let completed = completedBusinessNumber(in: line) { return completed }
                continue
            }
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
        return unlabelledBusinessNumber(in: lines)
    }

    /// Ten digits in a row with no label or separators (`6138210300 / 이사장 / TEL …`): a
    /// registration number when its check digit holds (one run in ten passes by chance, so
    /// never confirmed) and it does not open with 0, as phone numbers do.
    static func unlabelledBusinessNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        for line in lines where !line.contains(anyOf: ["번호", "No", "NO"]) {
            for match in line.text.matches(of: Pattern.tenDigitRun, notAfter: "0123456789") {
                let digits = String(line.text[match.range])
                guard digits.first != "0", BusinessRegistrationNumber.isValid(digits) else { continue }
                return line.field(BusinessRegistrationNumber.formatted(digits), range: match.range, cap: unconfirmedCap)
            }
        }
        return nil
    }

    /// Under its label, ten slots in the number's groups (separators optional) of which one
    /// was read as no digit, completed by the check digit (`BusinessRegistrationNumber.completed`);
    /// or the three groups with one digit too many in one of them, the digit the check digit
    /// says is extra taken out (`BusinessRegistrationNumber.withoutExtraDigit`).
    /// Capped at 0.5: one digit is inferred, not read.
    static func completedBusinessNumber(in line: ReceiptLine) -> ReceiptField<String>? {
        let pattern = Pattern.registrationNumberShape
        for match in line.text.matches(of: pattern) {
            let slots = line.text[match.range].filter { !"-. ".contains($0) }
            guard slots.filter({ !$0.isASCIIDigit }).allSatisfy(BusinessRegistrationNumber.isUnreadDigit),
                let number = BusinessRegistrationNumber.completed(Array(slots))
            else { continue }
            return line.field(number, range: match.range, cap: 0.5)
        }
        for match in line.text.matches(of: Pattern.registrationNumberLoose, notAfter: "0123456789") {
            guard let number = BusinessRegistrationNumber.withoutExtraDigit([match.1, match.2, match.3]) else { continue }
            return line.field(number, range: match.range, cap: 0.5)
        }
        return nil
    }

    static func phoneNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        var found: [(line: ReceiptLine, number: String, range: Range<String.Index>)] = []
        // Not a card's, nor the card association's help line a slip prints (`여신금융협회 :
        // 02-2011-0777`, read `어신금융헌회`). The numbers are the data detector's
        // (`DataDetector.phoneNumbers`): under a phone label, also one printed (or read)
        // without separators, or with one lost (`032-77517246`, `070361-2329`).
        for line in lines where !line.contains(anyOf: ["카드", "승인"] + Keywords.cardAssociation) {
            for match in DataDetector.phoneNumbers(in: line.text, labelled: line.contains(anyOf: Keywords.phone)) {
                let start = line.text.index(line.text.startIndex, offsetBy: match.range.lowerBound)
                let range = start..<line.text.index(start, offsetBy: match.range.count)
                if ReceiptDateParser.date(in: String(line.text[range])) != nil { continue }
                found.append((line, match.value, range))
            }
        }
        let labelled = found.first { $0.line.contains(anyOf: Keywords.phone) }
        guard let chosen = labelled ?? found.first else { return nil }
        var field = chosen.line.field(chosen.number, range: chosen.range)
        if found.filter({ $0.number == chosen.number }).count > 1 { field.confidence = confirmed }
        return field
    }

    /// The sale's date: a labelled one (`거래일시`, `판매일`, …); else, of those not a start
    /// (`입차`, `승차`, `주문번호`) or a deadline (`교환/환불 기한`), the latest time of the day when all are on one day, or the
    /// first with a time, or the first. Confirmed when printed twice, time and all.
    static func date(in lines: [ReceiptLine]) -> ReceiptField<ReceiptDate>? {
        // A deadline (refunds until …) is never when the sale happened; a start (parking
        // entry, taxi boarding, an order's number) is not, when another date is printed.
        let all = lines.filter { !$0.contains(anyOf: Keywords.deadline) }.compactMap { line in
            ReceiptDateParser.date(in: line.text).map { (line, $0.date, $0.range) }
        }
        let isStart = { (line: ReceiptLine) in line.contains(anyOf: Keywords.startTime) && !line.contains(anyOf: Keywords.date) }
        let found = all.allSatisfy { isStart($0.0) } ? all : all.filter { !isStart($0.0) }
        let withTime = found.filter { $0.1.timeString != nil }
        // With no label read, of times printed on one day, the latest: a sale ends what it
        // follows (an exit after an entry, a payment after an order), whatever their labels
        // came out as (a faded `입차` and `출차` read as marks).
        let sameDay = Set(withTime.map(\.1.dateString)).count == 1
        let latest = sameDay ? withTime.max { ($0.1.hour ?? 0, $0.1.minute ?? 0) < ($1.1.hour ?? 0, $1.1.minute ?? 0) } : withTime.first
        guard let (line, date, range) = found.first(where: { $0.0.contains(anyOf: Keywords.date) }) ?? latest ?? found.first
        else { return nil }
        var field = line.field(date, range: range)
        if date.timeString != nil, all.contains(where: { $0.0.index != line.index && $0.1.description == date.description }) {
            field.confidence = confirmed  // printed twice (sale and card slip), date and time read the same
        }
        return field
    }

    /// The store's name: the value of a name label (가맹점명, 상호, 매장명, …, on its line
    /// or the next); else, among the lines at the top that read as a name (not a heading or
    /// copy marker, a label line, an address, a phone number or an e-mail address), the first
    /// with a company marker (`(주)`, `…점`, `…마트`), or the first of all. Lines the engine
    /// read with less than `ConfidenceFilter.defaultMinimumConfidence` are not candidates
    /// (the noise at the top of a photo).
    static func merchant(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        for (position, line) in lines.enumerated() {
            // The label opens the line (after at most one stray mark: `4상호:(주)한성운수`).
            guard
                let (label, offset) = Keywords.merchantLabel.lazy.compactMap({ label in
                    [0, 1].first { line.compact.dropFirst($0).hasPrefix(label) }.map { (label, $0) }
                }).first
            else { continue }
            let value = line.text(afterCompactPrefix: offset + label.count).drop { ": ".contains($0) }
            // Labels listed in a sentence (`가맹점명, 가맹점주소가 실제와 다른 경우 …`) name no store.
            guard !value.hasPrefix(",") else { continue }
            if let name = merchantName(String(value)) { return line.field(name, range: nil, cap: unconfirmedCap).withSource(line.text) }
            if value.isEmpty, position + 1 < lines.count, !lines[position + 1].text.contains(":"), !isHeader(lines[position + 1]),
                let name = merchantName(lines[position + 1].text)
            {
                return lines[position + 1].field(name, range: nil, cap: unconfirmedCap).withSource(lines[position + 1].text)
            }
        }
        // The header ends at the items: their labels, or a line ending in an amount (not one
        // digit: a speck after a name).
        let top = lines.prefix { line in
            // A numbered label (`교환권 번호 : 486`) ends in a number, not an item's amount.
            !line.contains(anyOf: ["상품명", "품명", "단가", "수량"])
                && (line.trailingAmount.map { $0.amount < 10 } ?? true || line.contains(anyOf: ["번호", "No", "NO"]))
        }.prefix(8)
        let candidates = top.filter { line in
            line.line.confidence >= ConfidenceFilter.defaultMinimumConfidence && !line.contains(anyOf: Keywords.heading) && !isHeader(line)
                && !line.contains(anyOf: ["번호", "주소", "@", "://"])
                && line.text.firstMatch(of: Pattern.labelLine) == nil && !isAddress(line) && !isLabelOnly(line)
                && !isCardBrand(line)
        }.compactMap { line in merchantName(line.text).map { (line, $0) } }
        let marked = candidates.first { $0.1.firstMatch(of: Pattern.companyMarker) != nil }
        guard let (line, name) = marked ?? candidates.first else { return nil }
        return line.field(name, range: nil, cap: marked != nil ? 0.8 : 0.7).withSource(line.text)
    }

    /// Whether a line is a card company's name alone (`신한카드`, `KB국민카드`, `IBK비씨카드`):
    /// what paid, not who was paid.
    static func isCardBrand(_ line: ReceiptLine) -> Bool {
        namesCard(line.compact) && !line.compact.contains(where: \.isNumber)
    }

    /// Whether `label` is a card company's name (`우리카드`, `KB국민카드`).
    static func namesCard(_ label: some StringProtocol) -> Bool {
        label.hasSuffix("카드") && (3...10).contains(label.count)
    }

    /// `text` as a store name, without decoration, copy markers and a trailing speck, or `nil` when it has
    /// fewer than two letters or is mostly digits.
    static func merchantName(_ text: String) -> String? {
        var text = text
        // The company marker opening the name as engines misread it: its bracket read into
        // the syllable (`(줘킹마트`), or another bracket (`(주}`, `[주]`).
        if let marker = text.prefixMatch(of: Pattern.companyMarkerAtStart) { text.replaceSubrange(marker.range, with: "(주)") }
        // Decoration is whatever surrounds the name that is not a letter, a digit or a bracket.
        let decoration = CharacterSet.letters.union(.decimalDigits).union(CharacterSet(charactersIn: "()")).inverted
        var name = text.replacingOccurrences(of: "영수증", with: "").trimmingCharacters(in: decoration)
        if name.hasPrefix("("), !["(주)", "(유)", "(사)"].contains(where: { name.hasPrefix($0) }) { name.removeFirst() }
        if name.hasSuffix(")"), name.filter({ $0 == "(" }).count < name.filter({ $0 == ")" }).count { name.removeLast() }
        name = name.trimmingCharacters(in: decoration)
        // Specks read as a lone letter or digit at either end (`i 하늘서점 광화문점 7`).
        var tokens = name.split(separator: " ")
        while tokens.count > 1, let last = tokens.last, Self.isSpeck(last) { tokens.removeLast() }
        while tokens.count > 1, let first = tokens.first, Self.isSpeck(first) { tokens.removeFirst() }
        name = tokens.joined(separator: " ")
        // A speck after the last syllable read as a lowercase letter or two (`365열린약국as`), or
        // a title's decoration before the first (`** 365열린약국` read `wt 365열린약국`).
        if let speck = name.firstMatch(of: Pattern.trailingSpeck) { name.removeSubrange(speck.output.1.startIndex...) }
        if let speck = name.prefixMatch(of: Pattern.leadingSpeck) { name.removeSubrange(speck.range) }
        if let first = name.split(separator: " ").first, let brand = Keywords.brands.first(where: { isMisread(first, of: $0) }) {
            name = brand + name.dropFirst(first.count)  // 6525 역삼타워점 is GS25 역삼타워점
        }
        let letters = name.filter(\.isLetter).count
        guard letters >= 2, letters >= name.filter(\.isNumber).count else { return nil }
        return name
    }

    /// Whether a token of a name is one letter or digit that is not a Hangul syllable.
    static func isSpeck(_ token: Substring) -> Bool {
        token.count == 1 && token.unicodeScalars.allSatisfy { !HangulWordRepair.isHangulSyllable($0) }
    }

    /// Whether `token` is `brand` with some of its letters read as the digits that look like
    /// them (`6525` for `GS25`, `0525` too; `04` for `CU`, read so in two fonts of the
    /// generated receipts); an exact spelling is not a misreading.
    static func isMisread(_ token: Substring, of brand: String) -> Bool {
        let lookalikes: [Character: Set<Character>] = [
            "G": ["6", "0", "C"], "S": ["5", "8"], "O": ["0"], "I": ["1", "l"], "B": ["8"], "U": ["0", "4"], "C": ["0"],
        ]
        guard token.count == brand.count, token != brand else { return false }
        return zip(token, brand).allSatisfy { read, printed in read == printed || lookalikes[printed]?.contains(read) == true }
    }

    /// Whether a line is a street address: a 시/도 or 구 name and a road or lot number.
    /// Each pattern has a fixed length, so the search is linear in the line (a `.*` between
    /// them, or a `\d+` before a suffix, backtracks over every digit of a long run).
    static func isAddress(_ line: ReceiptLine) -> Bool {
        if line.text.firstMatch(of: Pattern.numberedRoad) != nil { return true }
        guard let region = line.text.firstMatch(of: Pattern.regionName) else { return false }
        return line.text[region.range.upperBound...].firstMatch(of: Pattern.roadNumber) != nil
    }

    /// The masked card number (see `MaskedCardNumber`): on a line labelled as one (카드번호,
    /// CARD NO, a card or pay brand) or under a label line, up to `unconfirmedCap`; found
    /// by its shape alone elsewhere, below 0.5; confirmed when printed twice alike.
    static func cardNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let found = lines.filter { !$0.contains(anyOf: Keywords.pointsCard) }.compactMap { line in
            MaskedCardNumber.find(in: line.text).map { (line: line, number: $0.number, range: $0.range) }
        }
        let labelled = found.first { cardNumberLabel(ofLineAt: $0.line.index, in: lines) != nil }
        guard let chosen = labelled ?? found.first else { return nil }
        var field = chosen.line.field(chosen.number, range: chosen.range, cap: labelled == nil ? shapeOnlyCap : unconfirmedCap)
        if found.contains(where: { $0.line.index != chosen.line.index && $0.number == chosen.number }) { field.confidence = confirmed }
        return field
    }

    /// The line labelling a card number printed on line `index`: that line when it holds a
    /// card-number label (카드번호, CARD NO, a card or pay brand), or the line above when it is
    /// such a label without a number of its own.
    static func cardNumberLabel(ofLineAt index: Int, in lines: [ReceiptLine]) -> ReceiptLine? {
        if let line = lines.first(where: { $0.index == index }), line.contains(anyOf: Keywords.cardNumber) { return line }
        let above = index > 0 ? lines.first { $0.index == index - 1 } : nil
        return above.flatMap { $0.contains(anyOf: Keywords.cardNumber) && MaskedCardNumber.find(in: $0.text) == nil ? $0 : nil }
    }

    /// The approval number: six to twelve digits after a 승인번호 label, or alone on one of
    /// the two lines under a label line (slips printed as grids).
    static func approvalNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let pattern = Pattern.approvalDigits
        var numbers: [(line: ReceiptLine, number: String, range: Range<String.Index>)] = []
        // The label with one syllable misread counts too (`숭인번호`): the number is then the
        // first on the line.
        for (position, line) in lines.enumerated() where line.containsLabel(anyOf: Keywords.approval) {
            let labelEnd = Keywords.approval.compactMap { line.text.range(of: $0)?.upperBound }.min() ?? line.text.startIndex
            if let match = line.text.matches(of: pattern, notAfter: "0123456789").first(where: { $0.range.lowerBound >= labelEnd }) {
                numbers.append((line, String(match.output.filter(\.isASCIIDigit)), match.range))
                continue
            }
            for next in lines[(position + 1)...].prefix(2) where next.compact.allSatisfy(\.isASCIIDigit) && (6...12).contains(next.compact.count) {
                numbers.append((next, next.compact, next.text.startIndex..<next.text.endIndex))
                break
            }
        }
        if numbers.isEmpty {
            // A label the engine garbled: after 승인 or 숭인 (`승인40:`, `숭인지0:`), 승인 read as
            // marks before `No` (`#91No:`, for eight digits), or its first syllable lost at the
            // line's start (`인번호 :`); never a date or an amount under 승인일자 or 승인금액.
            let garbled = [
                Pattern.approvalLabel, Pattern.approvalNo,
                Pattern.approvalLabelTail,
            ]
            let notApproval = ["승인일자", "승인일시", "승인금액", "승인시간"]
            for line in lines where !line.contains(anyOf: ["승인일", "승인금액", "승인시"]) && !line.containsLabel(anyOf: notApproval) {
                if let match = garbled.lazy.compactMap({ line.text.firstMatch(of: $0) }).first {
                    let digits = match.output.1
                    numbers.append((line, String(digits), digits.startIndex..<digits.endIndex))
                    break
                }
            }
        }
        guard let (line, number, range) = numbers.first else { return nil }
        var field = line.field(number, range: range)
        if numbers.dropFirst().contains(where: { $0.number == number }) { field.confidence = confirmed }
        return field
    }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let groupedRegistrationNumber = #/\d{3}\s?[-.]\s?\d{2}\s?[-.]\s?\d{5}(?!\d)/#
    nonisolated(unsafe) static let tenDigits = #/\d(?:[-.\s]?\d){9}(?!\d)/#
    nonisolated(unsafe) static let tenDigitRun = #/\d{10}(?!\d)/#
    nonisolated(unsafe) static let registrationNumberShape =
        #/[0-9A-Za-z가-힣/|\\()\[\]{}!?']{3}[-. ]?[0-9A-Za-z가-힣/|\\()\[\]{}!?']{2}[-. ]?[0-9A-Za-z가-힣/|\\()\[\]{}!?']{5}/#
    nonisolated(unsafe) static let registrationNumberLoose = #/(\d{3,4})[-. ]?(\d{2,3})[-. ]?(\d{5,6})(?!\d)/#
    nonisolated(unsafe) static let labelLine = #/^[^\d:]{1,8}\s*:/#
    nonisolated(unsafe) static let companyMarker = #/\(주\)|㈜|주식회사|\(유\)|점$|마트|농협/#
    nonisolated(unsafe) static let companyMarkerAtStart = #/\s*[(\[{]\s?(?:주\s?[)\]}]|줘)/#
    nonisolated(unsafe) static let trailingSpeck = #/[가-힣](\s?[a-z]{1,2})$/#
    nonisolated(unsafe) static let leadingSpeck = #/[a-z]{1,2}\s(?=\S*[가-힣])/#
    nonisolated(unsafe) static let regionName = #/(시|도|구|군)\s/#
    nonisolated(unsafe) static let roadNumber = #/(로|길|동|층)\s?\d/#
    nonisolated(unsafe) static let numberedRoad = #/\d(번길|로|길)\s/#
    // Card approvals print 8 digits; debit (현금IC) and pay approvals up to 20.
    nonisolated(unsafe) static let approvalDigits = #/\d{6,20}(?!\d)|\d{4} \d{4}(?!\d)/#
    nonisolated(unsafe) static let approvalLabel = #/(?:^|\s)[승숭]인[^\s:]{0,3}\s?[:：]\s?(\d{6,12})(?!\d)/#
    nonisolated(unsafe) static let approvalNo = #/^[^\s가-힣A-Za-z]{1,3}No\s?[:：]\s?(\d{8})(?!\d)/#
    nonisolated(unsafe) static let approvalLabelTail = #/^인번호\s?[:：]\s?(\d{6,12})(?!\d)/#
}
