import Foundation

/// Reads the fields of a Korean store receipt from recognised lines.
///
/// ```swift
/// let result = try await repository.recognizeText(in: photo)
/// let receipt = ReceiptExtractor().extract(from: result)
/// if let total = receipt.total, total.isHighConfidence { print(total.value) }
/// ```
///
/// Fields are found by their labels (합계, 부가세, 승인번호, …) and formats (dates, phone and
/// registration numbers, amounts); line items are the lines above the totals that end in
/// an amount. Then the fields are checked against each other: the items less the
/// discounts should make the total, the VAT should be a tenth of the taxable amount,
/// quantity × unit price should be each amount, and the card should be charged the total.
/// A value reaches `Receipt.highConfidence` only when such a check, a check digit, or a
/// second printing confirms it; a value read once and confirmed by nothing is capped at
/// `unconfirmedCap`, and a value that fails its checks is marked down.
public struct ReceiptExtractor: Sendable {
    /// The highest confidence of a value nothing confirms.
    public static let unconfirmedCap: Float = 0.85
    /// The confidence of a confirmed value.
    public static let confirmed: Float = 0.95

    /// Creates an extractor.
    public init() {}

    /// The receipt printed in `result`'s lines.
    public func extract(from result: OCRResult) -> Receipt {
        let lines = result.lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) }
        var receipt = Receipt()
        receipt.businessRegistrationNumber = Self.businessNumber(in: lines)
        receipt.phoneNumber = Self.phoneNumber(in: lines)
        receipt.date = Self.date(in: lines)
        receipt.merchantName = Self.merchant(in: lines)
        receipt.cardNumber = Self.cardNumber(in: lines)
        receipt.approvalNumber = Self.approvalNumber(in: lines)

        let summaryStart = lines.firstIndex { $0.trailingAmount != nil && Self.isSummary($0) } ?? lines.endIndex
        let hasUnitPriceColumn = lines[..<summaryStart].contains { $0.contains(anyOf: ["단가"]) }
        let body = lines[..<summaryStart].filter { !Self.isHeader($0) }
        var index = body.startIndex
        while index < body.endIndex {
            let line = body[index]
            let next = index + 1 < body.endIndex ? body[index + 1] : nil
            if let amount = line.trailingAmount, amount.amount < 0 || line.contains(anyOf: Keywords.discount) {
                receipt.discounts.append(line.field(abs(amount.amount), range: amount.range))
            } else if let next, line.text.contains(where: \.isLetter), next.trailingAmount.map({ $0.amount > 0 }) == true,
                !next.contains(anyOf: Keywords.discount),
                let item = Self.item(from: next, hasUnitPriceColumn: hasUnitPriceColumn, nameLine: line)
            {
                receipt.items.append(item)  // a name line, then a line of code and numbers
                index += 2
                continue
            } else if let item = Self.item(from: line, hasUnitPriceColumn: hasUnitPriceColumn) {
                receipt.items.append(item)
            }
            index += 1
        }
        let summary = Array(lines[summaryStart...])
        receipt.vat = Self.labelledAmount(in: summary, labels: Keywords.vat, excluding: Keywords.taxFree)
        receipt.taxableAmount = Self.labelledAmount(in: summary, labels: Keywords.taxable, excluding: Keywords.taxFree)
        if receipt.discounts.isEmpty, let summed = Self.labelledAmount(in: summary, labels: Keywords.discountTotal, excluding: []) {
            receipt.discounts = [summed.with(value: abs(summed.value))]
        }
        let payment = Self.payment(in: summary)
        receipt.paymentMethod = payment.method
        if receipt.cardNumber != nil, let method = receipt.paymentMethod, method.value == .card {
            receipt.paymentMethod?.confidence = Self.confirmed  // the label and a card number agree
        }
        let subtotal = Self.labelledAmount(in: summary, labels: Keywords.subtotal, excluding: Keywords.discount)
        Self.settleTotal(
            of: &receipt, labelled: Self.total(in: summary), subtotal: subtotal, paid: payment.amount)
        return receipt
    }

    // MARK: Totals and cross-checks

    /// Chooses the total by agreement between the labelled total, the amount paid, the
    /// items less discounts, the subtotal less discounts and taxable + VAT; records the
    /// checks and raises or lowers each field's confidence.
    private static func settleTotal(
        of receipt: inout Receipt, labelled: ReceiptField<Int>?, subtotal: ReceiptField<Int>?, paid: ReceiptField<Int>?
    ) {
        let discounts = receipt.discountTotal
        let itemsNet = receipt.items.isEmpty ? nil : receipt.items.reduce(0) { $0 + $1.amount } - discounts
        let subtotalNet = subtotal.map { $0.value - discounts }
        let vat = receipt.vat?.value
        let taxablePlusVAT = receipt.taxableAmount.flatMap { taxable in vat.map { taxable.value + $0 } }

        func vatFits(_ total: Int) -> Bool {
            guard let vat else { return false }
            return abs(Int((Double(total) / 11).rounded()) - vat) <= 1 || taxablePlusVAT == total
        }
        func evidence(for total: Int) -> Int {
            [labelled?.value, paid?.value, itemsNet, subtotalNet].filter { $0 == total }.count + (vatFits(total) ? 1 : 0)
        }
        let candidates = [labelled?.value, paid?.value, itemsNet, subtotalNet].compactMap { $0 }.filter { $0 > 0 }
        guard let best = candidates.max(by: { evidence(for: $0) < evidence(for: $1) || (evidence(for: $0) == evidence(for: $1) && $1 == labelled?.value) }) else {
            return
        }
        let support = evidence(for: best)
        let chosen: ReceiptField<Int>
        if let labelled, labelled.value == best {
            chosen = labelled
        } else if let paid, paid.value == best {
            chosen = paid
        } else if support >= 2, let source = labelled ?? paid {
            chosen = source.with(value: best)  // the printed total misread; the others agree
        } else {
            return
        }
        // Votes beside the chosen line's own: confirmed by another source; alone but
        // contradicted by one; or simply alone.
        let printedVote = chosen.value == labelled?.value || chosen.value == paid?.value ? 1 : 0
        let independent = support - printedVote
        receipt.total = chosen.checked(independent >= 1 ? true : (candidates.count > 1 ? false : nil))

        var checks: [ReceiptCheck] = []
        if let itemsNet { checks.append(ReceiptCheck(kind: .itemsMatchTotal, passed: itemsNet == best)) }
        if let subtotalNet { checks.append(ReceiptCheck(kind: .subtotalMatchesTotal, passed: subtotalNet == best)) }
        if vat != nil { checks.append(ReceiptCheck(kind: .vatMatchesTotal, passed: vatFits(best))) }
        if let paid { checks.append(ReceiptCheck(kind: .paymentMatchesTotal, passed: paid.value == best)) }
        let priced = receipt.items.filter { $0.unitPrice != nil }
        if !priced.isEmpty {
            checks.append(ReceiptCheck(kind: .itemArithmetic, passed: priced.allSatisfy { $0.unitPrice! * $0.quantity == $0.amount }))
        }
        receipt.checks = checks

        receipt.vat = receipt.vat?.checked(vatFits(best))
        if let vat { receipt.taxableAmount = receipt.taxableAmount.map { $0.checked($0.value + vat == best) } }
        if itemsNet == best {  // the amounts add up; an item whose own arithmetic fails stays marked down
            for (index, item) in receipt.items.enumerated() where !isSuspect(item) {
                receipt.items[index].confidence = max(receipt.items[index].confidence, confirmed)
            }
            for index in receipt.discounts.indices { receipt.discounts[index].confidence = confirmed }
        } else if itemsNet != nil {
            for index in receipt.items.indices { receipt.items[index].confidence *= 0.6 }
        }
    }

    /// Whether an item's own reading is in doubt: its arithmetic fails, or a price was
    /// left in its name (misread columns). The total adding up does not vouch for it.
    private static func isSuspect(_ item: ReceiptItem) -> Bool {
        if let unitPrice = item.unitPrice, unitPrice * item.quantity != item.amount { return true }
        return item.name.split(separator: " ").contains { $0.contains(",") && KoreanAmount.parse($0) != nil }
    }

    private static func total(in summary: [ReceiptLine]) -> ReceiptField<Int>? {
        var best: (rank: Int, field: ReceiptField<Int>)?
        for line in summary where !line.contains(anyOf: Keywords.notTotal) {
            guard let amount = line.trailingAmount, amount.amount > 0,
                let rank = Keywords.total.firstIndex(where: { line.containsLabel(anyOf: [$0.label]) }).map({ Keywords.total[$0].rank })
            else { continue }
            if best == nil || rank < best!.rank { best = (rank, line.field(amount.amount, range: amount.range)) }
        }
        return best?.field
    }

    private static func labelledAmount(in lines: [ReceiptLine], labels: [String], excluding: [String]) -> ReceiptField<Int>? {
        for line in lines where line.containsLabel(anyOf: labels) && !line.contains(anyOf: excluding) {
            if let amount = line.trailingAmount { return line.field(amount.amount, range: amount.range) }
        }
        return nil
    }

    private static func payment(in summary: [ReceiptLine]) -> (method: ReceiptField<PaymentMethod>?, amount: ReceiptField<Int>?) {
        for line in summary {
            guard let method = Keywords.payment.first(where: { line.contains(anyOf: $0.labels) })?.method,
                !line.contains(anyOf: ["번호", "승인"])
            else { continue }
            let amount = line.trailingAmount.map { line.field($0.amount, range: $0.range) }
            return (line.field(method, range: nil), amount)
        }
        return (nil, nil)
    }

    // MARK: Header fields

    private static func businessNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
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

    private static func phoneNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
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

    private static func date(in lines: [ReceiptLine]) -> ReceiptField<ReceiptDate>? {
        let found = lines.compactMap { line in ReceiptDateParser.date(in: line.text).map { (line, $0.date, $0.range) } }
        guard let (line, date, range) = found.first(where: { $0.0.contains(anyOf: Keywords.date) }) ?? found.first else { return nil }
        var field = line.field(date, range: range)
        if found.contains(where: { $0.0.index != line.index && $0.1.dateString == date.dateString }) {
            field.confidence = confirmed  // printed twice (sale and card slip) and read the same
        }
        return field
    }

    private static func merchant(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        for line in lines.prefix(3) where !isHeader(line) && ReceiptDateParser.date(in: line.text) == nil {
            let name = line.text.trimmingCharacters(in: "[]<>*=-#() ").replacingOccurrences(of: "영수증", with: "")
                .trimmingCharacters(in: "[]<>*=-#() ")
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
    private static func cardNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
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

    private static func approvalNumber(in lines: [ReceiptLine]) -> ReceiptField<String>? {
        let numbers = lines.filter { $0.contains(anyOf: ["승인번호", "승인No", "승인"]) }.compactMap { line in
            line.text.matches(of: #/\d{6,12}(?!\d)/#, notAfter: "0123456789").first.map { (line, String(line.text[$0.range]), $0.range) }
        }
        guard let (line, number, range) = numbers.first else { return nil }
        var field = line.field(number, range: range)
        if numbers.dropFirst().contains(where: { $0.1 == number }) { field.confidence = confirmed }
        return field
    }

    // MARK: Items

    /// An item line: a name, then optionally a unit price and a quantity, then the amount.
    /// A number before the quantity is the unit price only when the receipt has a 단가
    /// column or quantity × that number is the amount (otherwise it is part of the name,
    /// like the 300 of `두부 300 1 2,500`).
    ///
    /// With `nameLine`, `line` holds only numbers (a product code or barcode, then the
    /// prices), as large stores print each item on two lines, and the name is `nameLine`'s.
    private static func item(from line: ReceiptLine, hasUnitPriceColumn: Bool, nameLine: ReceiptLine? = nil) -> ReceiptItem? {
        var tokens = line.tokens
        guard tokens.count >= 2, let last = tokens.popLast(), let amount = KoreanAmount.parse(last),
            amount >= 100 || last.contains(",")
        else { return nil }
        var quantity: Int?
        var unitPrice: Int?
        if let candidate = tokens.last, let count = Self.quantity(candidate) {
            quantity = count
            tokens.removeLast()
            if tokens.count >= 2, let price = tokens.last.flatMap({ KoreanAmount.parse($0) }), price > 0,
                hasUnitPriceColumn || price * count == amount
            {
                unitPrice = price
                tokens.removeLast()
            }
        }
        if let nameLine {
            guard !tokens.joined().contains(where: \.isLetter) else { return nil }
            tokens = nameLine.tokens
        }
        if tokens.count > 1, let first = tokens.first, first.count <= 3, first.allSatisfy(\.isASCIIDigit) {
            tokens.removeFirst()  // a sequence number: `01 서울우유 1L`
        }
        let name = tokens.joined(separator: " ")
        guard name.contains(where: \.isLetter) else { return nil }
        let count = quantity ?? 1
        let confidence = min(line.confidence(of: nil), nameLine?.confidence(of: nil) ?? 1, unconfirmedCap)
        var item = ReceiptItem(
            name: name, quantity: count, unitPrice: unitPrice, amount: amount, confidence: confidence, lineIndex: line.index,
            boundingBox: nameLine.map { $0.line.boundingBox.union(line.line.boundingBox) } ?? line.line.boundingBox)
        if isSuspect(item) {
            item.confidence *= 0.6
        } else if unitPrice != nil {
            item.confidence = confirmed  // quantity × unit price = amount
        }
        return item
    }

    /// A quantity token: `2`, `x2`, `X2`, `×2`, `2.` (1 to 999, no thousands separator).
    private static func quantity(_ token: Substring) -> Int? {
        var digits = token
        while let last = digits.last, ".,:".contains(last) { digits = digits.dropLast() }
        if let first = digits.first, "xX×*".contains(first) { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits), value > 0 else {
            return nil
        }
        return value
    }

    // MARK: Line kinds

    private static func isSummary(_ line: ReceiptLine) -> Bool {
        line.containsLabel(anyOf: Keywords.total.map(\.label) + Keywords.vat + Keywords.taxable + Keywords.subtotal + Keywords.discountTotal)
    }

    private static func isHeader(_ line: ReceiptLine) -> Bool {
        line.contains(anyOf: Keywords.header)
            || line.text.firstMatch(of: #/\d{3}-\d{2}-\d{5}|\d{2,4}-\d{3,4}-\d{4}/#) != nil
            || ReceiptDateParser.date(in: line.text) != nil
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        var characters = Substring(self)
        while let first = characters.first, set.contains(first) { characters.removeFirst() }
        while let last = characters.last, set.contains(last) { characters.removeLast() }
        return String(characters)
    }
}
