import Foundation

/// Line items, and which lines are headers or totals.
extension ReceiptExtractor {
    /// An item line: a name, then optionally a unit price and a quantity (or a quantity and
    /// a unit price that make the amount), then the amount.
    /// A number before the quantity is the unit price only when the receipt has a 단가
    /// column or quantity × that number is the amount (otherwise it is part of the name,
    /// like the 300 of `두부 300 1 2,500`).
    ///
    /// With `nameLine`, `line` holds only numbers (a product code or barcode, then the
    /// prices), as large stores print each item on two lines, and the name is `nameLine`'s.
    static func item(from line: ReceiptLine, hasUnitPriceColumn: Bool, nameLine: ReceiptLine? = nil) -> ReceiptItem? {
        var tokens = line.amountTokens
        guard tokens.count >= 2, line.trailingAmount != nil, let last = tokens.popLast(), let amount = ReceiptLine.amount(last),
            amount >= 100 || last.contains(","), !isLabelledValue(line), !isAddress(line)
        else { return nil }
        var quantity: Int?
        var unitPrice: Int?
        // Tokens left for the name (on a line of numbers under its name line, none).
        let nameTokens = nameLine == nil ? 1 : 0
        if let candidate = tokens.last, let count = Self.quantity(candidate) {
            quantity = count
            tokens.removeLast()
            // A price under 10 won is a misread or a column slip (`1 800 800` is not 800 at 1 won).
            if tokens.count >= 1 + nameTokens, let price = tokens.last.flatMap({ ReceiptLine.amount($0) }), price >= 10,
                hasUnitPriceColumn || multiplies(price, by: count, to: amount)
            {
                unitPrice = price
                tokens.removeLast()
            }
        } else if tokens.count >= 2 + nameTokens, let price = ReceiptLine.amount(tokens[tokens.count - 1]), price >= 10,
            let count = Self.quantityOrBar(tokens[tokens.count - 2]),
            multiplies(price, by: count, to: amount)
        {
            // Quantity first, then the unit price (`수량 단가 금액`: `왕돈까스 2 8000 16,000`),
            // taken only when they make the amount.
            quantity = count
            unitPrice = price
            tokens.removeLast(2)
        }
        if let nameLine {
            guard !tokens.joined().contains(where: \.isLetter) else { return nil }
            tokens = nameLine.tokens
        }
        if tokens.count > 1, let first = tokens.first, first.count <= 3, first.allSatisfy(\.isASCIIDigit) {
            tokens.removeFirst()  // a sequence number: `01 서울우유 1L`
        }
        let name = tokens.joined(separator: " ")
        guard name.contains(where: \.isLetter), !Keywords.supply.contains(name.filter(\.isLetter)) else { return nil }
        let count = quantity ?? 1
        let confidence = min(line.confidence(of: nil), nameLine?.confidence(of: nil) ?? 1, unconfirmedCap)
        var item = ReceiptItem(
            name: name, quantity: count, unitPrice: unitPrice, amount: amount, confidence: confidence, lineIndex: line.index,
            boundingBox: nameLine.map { $0.line.boundingBox.union(line.line.boundingBox) } ?? line.line.boundingBox)
        if isSuspect(item) {
            item.confidence *= 0.6
        } else if unitPrice != nil, count > 1 {
            item.confidence = confirmed  // quantity × unit price = amount (with one, the price is only printed twice)
        }
        return item
    }

    /// An item line whose amount was lost (`규동(쇠고기덩밥) ㅣ 8.000 0 00`: read as specks): a
    /// name, a quantity and a unit price in either order, then only digits and separators
    /// that make no amount. Its amount would be quantity × unit price, which only the
    /// receipt's sums can confirm (`mendLostItemAmount`); `nil` for any other line.
    static func itemWithLostAmount(from line: ReceiptLine) -> ReceiptItem? {
        let tokens = line.amountTokens
        guard line.trailingAmount == nil, !isLabelledValue(line), !isAddress(line) else { return nil }
        let isSpeck = { (token: Substring) in token.allSatisfy { $0.isASCIIDigit || $0 == "," || $0 == "." } }
        // The quantity and the unit price: the last pair before a tail of specks.
        for start in stride(from: tokens.count - 3, through: 1, by: -1) where tokens[(start + 2)...].allSatisfy(isSpeck) {
            guard let pair = quantityAndPrice(tokens[start], tokens[start + 1]), pair.price >= 100,
                let amount = product(of: pair.price, by: pair.count)
            else { continue }
            let name = tokens[..<start].joined(separator: " ")
            guard name.contains(where: \.isLetter) else { return nil }
            return ReceiptItem(
                name: name, quantity: pair.count, unitPrice: pair.price, amount: amount,
                confidence: min(line.confidence(of: nil), mendedItemCap), lineIndex: line.index, boundingBox: line.line.boundingBox)
        }
        return nil
    }

    /// A quantity and a unit price, in either order (`ㅣ 8.000`, `8,000 2`).
    private static func quantityAndPrice(_ first: Substring, _ second: Substring) -> (count: Int, price: Int)? {
        if let count = quantityOrBar(first), let price = ReceiptLine.amount(second) { return (count, price) }
        if let price = ReceiptLine.amount(first), let count = quantityOrBar(second) { return (count, price) }
        return nil
    }

    /// Whether `price` × `count` is `amount` (never trapping: a product past `Int` is not).
    static func multiplies(_ price: Int, by count: Int, to amount: Int) -> Bool {
        product(of: price, by: count) == amount
    }

    /// `price` × `count`, or `nil` past `Int`.
    static func product(of price: Int, by count: Int) -> Int? {
        let (product, overflow) = price.multipliedReportingOverflow(by: count)
        return overflow ? nil : product
    }

    /// A quantity token: `2`, `x2`, `X2`, `×2`, `2.` (1 to 999, no thousands separator).
    static func quantity(_ token: Substring) -> Int? {
        var digits = token
        while let last = digits.last, ".,:".contains(last) { digits = digits.dropLast() }
        if let first = digits.first, "xX×*".contains(first) { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits), value > 0 else {
            return nil
        }
        return value
    }

    /// A quantity token, or a 1 read as a bar (`readsAsOne`).
    static func quantityOrBar(_ token: Substring) -> Int? {
        quantity(token) ?? (readsAsOne(token) ? 1 : nil)
    }

    /// Whether `token` is a 1 as engines misread it in a quantity column: a bar, the vowel
    /// `ㅣ`, a small L or a capital I.
    static func readsAsOne(_ token: Substring) -> Bool {
        ["|", "ㅣ", "l", "I"].contains(token)
    }

    /// Whether a line is a label and its value (`주문번호: 13`, `가맹 : 798606607`): the
    /// number after a colon is that label's, not an item's amount.
    static func isLabelledValue(_ line: ReceiptLine) -> Bool {
        let tokens = line.amountTokens
        guard tokens.count >= 2 else { return false }
        return tokens[tokens.count - 2].hasSuffix(":") || tokens.last!.hasPrefix(":")
    }

    static func isSummary(_ line: ReceiptLine) -> Bool {
        line.containsLabel(
            anyOf: Keywords.total.map(\.label) + Keywords.vat + Keywords.taxable + Keywords.taxFreeTotal + Keywords.subtotal + Keywords.discountTotal)
    }

    static func isHeader(_ line: ReceiptLine) -> Bool {
        line.contains(anyOf: Keywords.header)
            || line.text.firstMatch(of: Pattern.registrationOrPhoneNumber) != nil
            || ReceiptDateParser.date(in: line.text) != nil
    }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let registrationOrPhoneNumber = #/\d{3}-\d{2}-\d{5}|\d{2,4}-\d{3,4}-\d{4}/#
}
