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
    /// The highest confidence of a value found by its shape alone, with no label to say
    /// which field it is.
    public static let shapeOnlyCap: Float = 0.45
    /// The confidence of a confirmed value.
    public static let confirmed: Float = 0.95

    /// Creates an extractor.
    public init() {}

    /// The receipt printed in `result`'s lines.
    public func extract(from result: OCRResult) -> Receipt {
        let lines = Self.rejoiningRowsReadApart(result.lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) })
        var receipt = Receipt()
        receipt.businessRegistrationNumber = Self.businessNumber(in: lines)
        receipt.phoneNumber = Self.phoneNumber(in: lines)
        receipt.date = Self.date(in: lines)
        receipt.merchantName = Self.merchant(in: lines)
        receipt.cardNumber = Self.cardNumber(in: lines)
        receipt.approvalNumber = Self.approvalNumber(in: lines)

        let summaryStart =
            lines.firstIndex { ($0.trailingAmount != nil && Self.isSummary($0)) || Self.paidMidRow($0) != nil } ?? lines.endIndex
        let hasUnitPriceColumn = lines[..<summaryStart].contains { $0.contains(anyOf: ["단가"]) }
        let body = lines[..<summaryStart].filter { !Self.isHeader($0) }
        // Item lines whose amount was lost, for the sums to settle.
        var lostAmounts: [ReceiptItem] = []
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
            } else if let item = Self.itemWithLostAmount(from: line) {
                lostAmounts.append(item)
            }
            index += 1
        }
        let summary = Array(lines[summaryStart...])
        receipt.vat = Self.labelledAmount(in: summary, labels: Keywords.vat, excluding: Keywords.taxFree)
        receipt.taxableAmount =
            Self.labelledAmount(in: summary, labels: Keywords.taxable, excluding: Keywords.taxFree)
            ?? Self.labelledAmount(in: summary, labels: Keywords.taxableShort, excluding: Keywords.taxFree + Keywords.untaxed)
        // The VAT is a tenth of the taxable amount: one larger than it was misread (`3,636` as `91686`).
        if let vat = receipt.vat, let taxable = receipt.taxableAmount, vat.value > taxable.value { receipt.vat = nil }
        // Discounts printed among the totals (`상품합계 27,500`, `자사할인 -1,370`, `판매금액 26,130`).
        let bodyDiscounts = receipt.discountTotal
        for line in summary where line.contains(anyOf: Keywords.discount) && !line.contains(anyOf: Keywords.discountTotal) {
            if let amount = line.trailingAmount, amount.amount != 0, receipt.discounts.isEmpty || abs(amount.amount) != bodyDiscounts {
                receipt.discounts.append(line.field(abs(amount.amount), range: amount.range))
            }
        }
        if receipt.discounts.isEmpty, let summed = Self.labelledAmount(in: summary, labels: Keywords.discountTotal, excluding: []),
            summed.value != 0
        {
            receipt.discounts = [summed.with(value: abs(summed.value))]
        }
        receipt.paymentMethod = Self.paymentMethod(in: summary, all: lines)
        if let card = receipt.cardNumber {
            if let method = receipt.paymentMethod, method.value == .card {
                receipt.paymentMethod?.confidence = Self.confirmed  // the label and a card number agree
            } else if receipt.paymentMethod == nil, let index = card.lineIndices.first, let label = Self.cardNumberLabel(ofLineAt: index, in: lines) {
                // A card number under its label says how it was paid, however unsurely its
                // digits were read: the label is the evidence.
                receipt.paymentMethod = label.field(.card, range: Keywords.cardNumber.lazy.compactMap { label.text.range(of: $0) }.first)
            }
        }
        Self.settleTotal(of: &receipt, amounts: Self.summaryAmounts(in: summary), lines: lines, lostAmounts: lostAmounts)
        return receipt
    }
}
