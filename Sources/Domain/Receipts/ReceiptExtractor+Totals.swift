import Foundation

/// The amounts below the items, and the consistency solver that settles the total.
extension ReceiptExtractor {
    /// The amounts the summary prints, each from its own line.
    struct SummaryAmounts {
        /// Lines labelled as the amount to pay (합계, 판매금액, 결제금액, …).
        var totals: [ReceiptField<Int>] = []
        /// Lines that say what the payment method was charged (신용카드, 승인금액, 현금, …).
        var paid: [ReceiptField<Int>] = []
        /// The subtotal before discounts (상품합계, 총구매액, 소계, …).
        var subtotal: ReceiptField<Int>?
        /// Amounts whose label was not recognised (misread, or a word not in the vocabulary).
        var unlabelled: [ReceiptField<Int>] = []
    }

    /// The labelled totals, amounts paid and subtotal among `summary`'s lines. A line that
    /// is a subtotal, a discount, a tax line or cash handed over is never a total.
    static func summaryAmounts(in summary: [ReceiptLine]) -> SummaryAmounts {
        var amounts = SummaryAmounts()
        let givesChange = summary.contains { $0.contains(anyOf: Keywords.change) }
        for line in summary {
            guard let amount = line.trailingAmount ?? paidMidRow(line), amount.amount > 0 else { continue }
            let field = line.field(amount.amount, range: amount.range)
            // Exact labels first, so one misread character never turns one label into another
            // (판매금액 is a total, 판매총액 a subtotal).
            for exact in [true, false] {
                func has(_ labels: [String]) -> Bool { exact ? line.contains(anyOf: labels) : line.containsLabel(anyOf: labels) }
                if has(Keywords.subtotal) {
                    if amounts.subtotal == nil { amounts.subtotal = field }
                } else if has(Keywords.paid) || isCardIssuer(line) {
                    if !line.contains(anyOf: Keywords.notPaid), !(givesChange && line.contains(anyOf: Keywords.cash)) { amounts.paid.append(field) }
                } else if has(Keywords.total.map(\.label)) {
                    if !line.contains(anyOf: Keywords.notTotal) { amounts.totals.append(field) }
                } else {
                    if !exact, !line.containsLabel(anyOf: Keywords.vat + Keywords.taxable + Keywords.discount + Keywords.taxFree) {
                        amounts.unlabelled.append(field)
                    }
                    continue
                }
                break
            }
        }
        return amounts
    }

    /// Whether `line` names a card issuer before its amount (`우리카드 13,300`, `BC카드`): what
    /// the card was charged. Not a points card.
    static func isCardIssuer(_ line: ReceiptLine) -> Bool {
        let label = line.compact.prefix { !$0.isASCIIDigit }.filter(\.isLetter)
        return namesCard(label) && !line.contains(anyOf: Keywords.notPaid + Keywords.pointsCard)
    }

    /// The last amount with `원` on a line naming what paid (a pay brand, a card) that does
    /// not end in an amount: a web receipt's payment table prints it mid-row
    /// (`2023.08.20 카카오페이 … (주)이마트 8,980원 신용카드전표`).
    static func paidMidRow(_ line: ReceiptLine) -> (amount: Int, range: Range<String.Index>)? {
        guard line.trailingAmount == nil, line.contains(anyOf: Keywords.paid), !line.contains(anyOf: Keywords.notPaid),
            let match = line.text.matches(of: Pattern.wonAmount).last,
            let value = Int(match.output.1.filter(\.isASCIIDigit))
        else { return nil }
        return (value, match.output.1.startIndex..<match.output.1.endIndex)
    }

    /// Chooses the total by agreement. Every candidate (each labelled total, each amount
    /// paid, the subtotal or the items less the discounts, taxable + VAT) is scored by the
    /// independent lines that agree with it; the best is taken from a line that prints it.
    /// The total reaches high confidence only when the lines and checks that confirm it
    /// outnumber, by two, the printed totals and payments that contradict it. The checks are recorded, and every other
    /// amount is confirmed or marked down by whether it agrees with the total.
    ///
    /// `lostAmounts` are item lines whose amount was lost (`itemWithLostAmount`): one is an
    /// item when it alone makes up what the items lack of a printed total.
    static func settleTotal(of receipt: inout Receipt, amounts: SummaryAmounts, lines: [ReceiptLine], lostAmounts: [ReceiptItem]) {
        let vat = receipt.vat?.value
        // Tax-free goods (면세) carry no VAT: when they are printed, the VAT is a tenth of the
        // rest of the total, and the total holds them beside the taxable amount and the VAT
        // (else an item lost with them and the taxes agree on a total printed nowhere).
        let taxFree = labelledAmount(in: lines, labels: Keywords.taxFree, excluding: Keywords.vat)?.value ?? 0
        let taxablePlusVAT = receipt.taxableAmount.flatMap { taxable in vat.map { KoreanAmount.sum([taxable.value, $0, taxFree]) } }
        func vatFits(_ total: Int) -> Bool {
            guard let vat else { return false }
            return isVAT(vat, of: total - taxFree) || taxablePlusVAT == total
        }
        // A VAT whose label was misread (`oop al 3,546`): an unlabelled amount that is a tenth
        // of the total's taxed part, and with the taxable amount makes the total.
        func unlabelledVAT(for total: Int) -> ReceiptField<Int>? {
            guard vat == nil else { return nil }
            return amounts.unlabelled.first { candidate in
                candidate.value > 0 && candidate.value < total / 5
                    && isVAT(candidate.value, of: total - taxFree)
                    && receipt.taxableAmount.map { KoreanAmount.sum([$0.value, candidate.value, taxFree]) == total } ?? false
            }
        }
        // The taxable amount and the VAT both read, a tenth of the total apart and making it:
        // two lines that agree on it (a condensed font's `21,000` read `71,008` beside them).
        func taxesMake(_ total: Int) -> Bool {
            guard let vat else { return false }
            return isVAT(vat, of: total - taxFree) && taxablePlusVAT == total
        }
        // What the items and the discount may be mended to make: a printed total or amount
        // paid; with none read, an amount whose label was not (`Sr FA: 10, 540`); and the
        // total the taxes make (`taxesMake`).
        let printed = amounts.totals + amounts.paid
        let mendTargets = Set((printed.isEmpty ? amounts.unlabelled : printed).map(\.value) + [taxablePlusVAT].compactMap { $0 }.filter(taxesMake))
        mendItemAmounts(of: &receipt, toMake: mendTargets)
        mendLostItemAmount(of: &receipt, from: lostAmounts, toMake: mendTargets)
        mendDiscount(of: &receipt, subtotal: amounts.subtotal?.value, toMake: mendTargets)
        let discounts = receipt.discountTotal
        let itemsNet = receipt.items.isEmpty ? nil : KoreanAmount.sum(receipt.items.map(\.amount) + [-discounts])
        let subtotalNet = amounts.subtotal.map { KoreanAmount.sum([$0.value, -discounts]) }
        /// The distinct lines and checks that agree with `total`.
        func evidence(for total: Int) -> Int {
            let printing = Set(printed.filter { $0.value == total }.flatMap(\.lineIndices)).count
            return printing + [itemsNet, subtotalNet].filter { $0 == total }.count + (vatFits(total) || unlabelledVAT(for: total) != nil ? 1 : 0)
        }
        if printed.isEmpty,
            let found = unlabelledTotal(amounts.unlabelled, lines: lines, vat: vat, taxable: receipt.taxableAmount?.value, evidence: evidence)
        {
            receipt.total = found.checked(nil)  // confirmed by the sums, but its label was not read
            settleOthers(of: &receipt, total: found.value, lines: lines, itemsNet: itemsNet, taxFree: taxFree, vatFits: vatFits)
            return
        }
        // In order, so that ties are broken the same way every time.
        let candidates = Set(printed.map(\.value) + [itemsNet, subtotalNet, taxablePlusVAT].compactMap { $0 }).filter { $0 > 0 }.sorted()
        // The most specific label printing a total (받을금액 over 합계: rank 0 over 2).
        func labelRank(_ total: Int) -> Int {
            let printing = amounts.totals.filter { $0.value == total }.flatMap(\.lineIndices)
            let ranks = lines.filter { printing.contains($0.index) }.flatMap { line in
                Keywords.total.filter { line.compact.contains($0.label) }.map(\.rank)
            }
            return ranks.min() ?? Keywords.total.map(\.rank).max()! + 1
        }
        // The taxes making a total count as two lines in choosing it, one in confirming it:
        // the sums alone never make a total sure.
        func preference(_ total: Int) -> (Int, Int, Int) {
            (
                evidence(for: total) + (taxesMake(total) ? 1 : 0),
                amounts.totals.contains { $0.value == total } ? 2 : amounts.paid.contains { $0.value == total } ? 1 : 0,
                -labelRank(total)
            )
        }
        guard let best = candidates.max(by: { preference($0) < preference($1) }) else { return }
        let support = evidence(for: best)
        let source = amounts.totals.first { $0.value == best } ?? amounts.paid.first { $0.value == best }
        let contradictions = Set(printed.filter { $0.value != best }.flatMap(\.lineIndices)).count
        if let source {
            if support - contradictions >= 2 {
                receipt.total = source.checked(true)  // confirmed by another line, and outweighing any that disagree
            } else if support >= 2 {
                receipt.total = source.checked(nil)
            } else {
                receipt.total = source.checked(candidates.count > 1 ? false : nil)
            }
        } else if support >= 2 || taxesMake(best), let misread = amounts.totals.first ?? amounts.paid.first ?? amounts.subtotal {
            // The printed total was misread; the items, the subtotal or the taxes agree on another.
            receipt.total = misread.with(value: best).checked(nil)
        } else {
            return
        }

        var checks: [ReceiptCheck] = []
        if let itemsNet { checks.append(ReceiptCheck(kind: .itemsMatchTotal, passed: itemsNet == best)) }
        if let subtotalNet { checks.append(ReceiptCheck(kind: .subtotalMatchesTotal, passed: subtotalNet == best)) }
        if vat != nil { checks.append(ReceiptCheck(kind: .vatMatchesTotal, passed: vatFits(best))) }
        if !amounts.paid.isEmpty { checks.append(ReceiptCheck(kind: .paymentMatchesTotal, passed: amounts.paid.allSatisfy { $0.value == best })) }
        let priced = receipt.items.filter { $0.unitPrice != nil }
        if !priced.isEmpty {
            checks.append(
                ReceiptCheck(kind: .itemArithmetic, passed: priced.allSatisfy { multiplies($0.unitPrice!, by: $0.quantity, to: $0.amount) }))
        }
        receipt.checks = checks

        let foundVAT = unlabelledVAT(for: best)
        if let foundVAT {
            receipt.vat = foundVAT
            receipt.checks.append(ReceiptCheck(kind: .vatMatchesTotal, passed: true))
        }
        settleOthers(of: &receipt, total: best, lines: lines, itemsNet: itemsNet, taxFree: taxFree, vatFits: vatFits)
        if let foundVAT { receipt.vat = foundVAT.checked(nil) }  // confirmed by the sums, but its label was not read
    }

    /// Confirms or marks down the VAT, the taxable amount, the items and the discounts by
    /// whether they agree with the settled `total`.
    static func settleOthers(
        of receipt: inout Receipt, total best: Int, lines: [ReceiptLine], itemsNet: Int?, taxFree: Int, vatFits: (Int) -> Bool
    ) {
        let taxed = KoreanAmount.sum([best, -taxFree])
        settleTaxes(of: &receipt, taxed: taxed, total: best, lines: lines, vatFits: vatFits(best))
        let vat = receipt.vat?.value
        // An amount the sums mended is what they demanded: they cannot confirm it too.
        receipt.vat = receipt.vat.map { $0.checked(isMended($0) ? nil : vatFits(best)) }
        if let vat {
            receipt.taxableAmount = receipt.taxableAmount.map { $0.checked(isMended($0) ? nil : KoreanAmount.sum([$0.value, vat]) == best) }
        } else if let taxable = receipt.taxableAmount {
            // No VAT read: the taxable amount is still the total (less tax-free goods) less
            // the eleventh that is its VAT, or it disagrees with the total (`14,727` read `1 472`).
            if !isVAT(KoreanAmount.sum([taxed, -taxable.value]), of: taxed) { receipt.taxableAmount = taxable.checked(false) }
        }
        if itemsNet == best {  // the amounts add up; an item whose own arithmetic fails stays marked down
            // (Not an item whose amount the sums gave: its line reads none.)
            for (index, item) in receipt.items.enumerated() where !isSuspect(item) && amountConfidence(of: item, in: lines) != nil {
                receipt.items[index].confidence = max(receipt.items[index].confidence, confirmed)
            }
            for index in receipt.discounts.indices where !isMended(receipt.discounts[index]) {
                receipt.discounts[index].confidence = confirmed
            }
        } else if let itemsNet, !mendUnsureItem(of: &receipt, toMake: best, from: itemsNet, lines: lines) {
            for index in receipt.items.indices { receipt.items[index].confidence *= 0.6 }
        }
    }

    /// Whether `vat` is the VAT a total of `total` includes: a tenth of its supply amount,
    /// one eleventh of it, to the won.
    static func isVAT(_ vat: Int, of total: Int) -> Bool {
        abs(Int((Double(total) / 11).rounded()) - vat) <= 1
    }

    /// A total printed under a label that was not read (`합 Al 48,800 원`), recognised by the
    /// sums alone: an amount that two independent checks (taxable amount or supply + VAT,
    /// VAT one eleventh, the items, the subtotal) make the total; or the largest unlabelled
    /// amount, when one of them does (a card slip's `한 계 7. 500` whose VAT is a tenth of it;
    /// a receipt's `제 39,000` its items add up to).
    static func unlabelledTotal(
        _ unlabelled: [ReceiptField<Int>], lines: [ReceiptLine], vat: Int?, taxable: Int?, evidence: (Int) -> Int
    ) -> ReceiptField<Int>? {
        let largest = unlabelled.map(\.value).max()
        return unlabelled.filter { $0.value > 0 }.first { candidate in
            // The supply amount and the VAT make it: a card slip's `금액`, or the taxable
            // amount under its own label (`공급가액`, its total's amount misread) when the VAT
            // is also a tenth of it (so the two checks are not one counted twice).
            let supplied =
                vat.map { vat in
                    let tenth = isVAT(vat, of: candidate.value)
                    return supplyAmount(in: lines, plus: vat, makes: candidate.value) != nil
                        || (tenth && taxable.map { KoreanAmount.sum([$0, vat]) == candidate.value } == true)
                } ?? false
            let checks = evidence(candidate.value) + (supplied ? 1 : 0)
            return checks >= 2 || (checks >= 1 && candidate.value == largest)
        }
    }

    /// A card slip's supply amount, labelled only `금액` (`금 액 6,818 원`), recognised by
    /// making the total with the VAT.
    static func supplyAmount(in lines: [ReceiptLine], plus vat: Int, makes total: Int) -> ReceiptField<Int>? {
        for line in lines {
            guard let amount = line.trailingAmount, KoreanAmount.sum([amount.amount, vat]) == total else { continue }
            let label = line.compact.prefix { !$0.isASCIIDigit }.filter(\.isLetter)
            if Keywords.supply.contains(String(label)) { return line.field(amount.amount, range: amount.range) }
        }
        return nil
    }

    /// Whether an item's own reading is in doubt: its arithmetic fails, or a price was
    /// left in its name (misread columns). The total adding up does not vouch for it.
    static func isSuspect(_ item: ReceiptItem) -> Bool {
        if let unitPrice = item.unitPrice, !multiplies(unitPrice, by: item.quantity, to: item.amount) { return true }
        return item.name.split(separator: " ").contains { $0.contains(",") && KoreanAmount.parse($0) != nil }
    }

    /// The amount of the first of `lines` labelled with one of `labels` and none of
    /// `excluding`: the one after its label on a row of two labelled amounts (`공급가액
    /// 68,818 부가세 6,882`), else the line's last.
    static func labelledAmount(in lines: [ReceiptLine], labels: [String], excluding: [String]) -> ReceiptField<Int>? {
        for line in lines where line.containsLabel(anyOf: labels) && !line.contains(anyOf: excluding) {
            if let amount = line.amount(after: labels, before: Keywords.summaryLabels) ?? line.trailingAmount {
                return line.field(amount.amount, range: amount.range)
            }
        }
        return nil
    }

    /// How the receipt was paid: a payment label in the summary, or anywhere on the
    /// receipt (a card slip names the card above its amounts), below the summary's.
    static func paymentMethod(in summary: [ReceiptLine], all lines: [ReceiptLine]) -> ReceiptField<PaymentMethod>? {
        func method(of line: ReceiptLine) -> PaymentMethod? {
            // Nor does a sentence (a disclaimer's `…처리됩니다`).
            guard !line.contains(anyOf: ["번호", "승인", "포인트", "니다", "세요"]) else { return nil }
            // Documents' names (`신용카드전표`, `현금영수증`) say what was or can be issued,
            // not how it was paid.
            let text = ["신용카드전표", "카드전표", "매출전표", "현금영수증"].reduce(line.compact) { $0.replacingOccurrences(of: $1, with: " ") }
            // `현금IC` with its IC read as digits (`현금16`): a word of its own, not cash and an amount.
            if line.tokens.contains(where: { $0.wholeMatch(of: Pattern.cashICMisread) != nil }) { return .card }
            return Keywords.payment.first { $0.labels.contains { text.contains($0) } }?.method
        }
        if let line = summary.first(where: { method(of: $0) != nil }), let found = method(of: line) { return line.field(found, range: nil) }
        // Change given for money handed over (`받은금액 50,000`, `거스름돈 8,000`): paid in cash.
        if let line = summary.first(where: { $0.contains(anyOf: ["거스름", "잔돈"]) && $0.trailingAmount != nil }) {
            return line.field(.cash, range: nil, cap: unconfirmedCap)
        }
        if let line = lines.first(where: { method(of: $0) != nil && !$0.contains(anyOf: Keywords.heading) }), let found = method(of: line) {
            return line.field(found, range: nil, cap: 0.7)
        }
        return nil
    }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let wonAmount = #/(\d{1,3}(?:[,.]\d{3})+)\s?원/#
    nonisolated(unsafe) static let cashICMisread = #/현금[1Il|!][C6cG(0]/#
}
