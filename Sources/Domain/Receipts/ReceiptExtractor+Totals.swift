import Foundation

/// The amounts below the items, and the cross-checks that settle the total.
extension ReceiptExtractor {
    /// Chooses the total by agreement between the labelled total, the amount paid, the
    /// items less discounts, the subtotal less discounts and taxable + VAT; records the
    /// checks and raises or lowers each field's confidence.
    static func settleTotal(
        of receipt: inout Receipt, labelled: ReceiptField<Int>?, subtotal: ReceiptField<Int>?, paid: ReceiptField<Int>?
    ) {
        let discounts = receipt.discountTotal
        let itemsNet = receipt.items.isEmpty ? nil : KoreanAmount.sum(receipt.items.map(\.amount) + [-discounts])
        let subtotalNet = subtotal.map { KoreanAmount.sum([$0.value, -discounts]) }
        let vat = receipt.vat?.value
        let taxablePlusVAT = receipt.taxableAmount.flatMap { taxable in vat.map { KoreanAmount.sum([taxable.value, $0]) } }

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
            checks.append(ReceiptCheck(kind: .itemArithmetic, passed: priced.allSatisfy { multiplies($0.unitPrice!, by: $0.quantity, to: $0.amount) }))
        }
        receipt.checks = checks

        receipt.vat = receipt.vat?.checked(vatFits(best))
        if let vat { receipt.taxableAmount = receipt.taxableAmount.map { $0.checked(KoreanAmount.sum([$0.value, vat]) == best) } }
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
    static func isSuspect(_ item: ReceiptItem) -> Bool {
        if let unitPrice = item.unitPrice, !multiplies(unitPrice, by: item.quantity, to: item.amount) { return true }
        return item.name.split(separator: " ").contains { $0.contains(",") && KoreanAmount.parse($0) != nil }
    }

    static func total(in summary: [ReceiptLine]) -> ReceiptField<Int>? {
        var best: (rank: Int, field: ReceiptField<Int>)?
        for line in summary where !line.contains(anyOf: Keywords.notTotal) {
            guard let amount = line.trailingAmount, amount.amount > 0,
                let rank = Keywords.total.firstIndex(where: { line.containsLabel(anyOf: [$0.label]) }).map({ Keywords.total[$0].rank })
            else { continue }
            if best == nil || rank < best!.rank { best = (rank, line.field(amount.amount, range: amount.range)) }
        }
        return best?.field
    }

    static func labelledAmount(in lines: [ReceiptLine], labels: [String], excluding: [String]) -> ReceiptField<Int>? {
        for line in lines where line.containsLabel(anyOf: labels) && !line.contains(anyOf: excluding) {
            if let amount = line.trailingAmount { return line.field(amount.amount, range: amount.range) }
        }
        return nil
    }

    static func payment(in summary: [ReceiptLine]) -> (method: ReceiptField<PaymentMethod>?, amount: ReceiptField<Int>?) {
        for line in summary {
            guard let method = Keywords.payment.first(where: { line.contains(anyOf: $0.labels) })?.method,
                !line.contains(anyOf: ["번호", "승인"])
            else { continue }
            let amount = line.trailingAmount.map { line.field($0.amount, range: $0.range) }
            return (line.field(method, range: nil), amount)
        }
        return (nil, nil)
    }
}
