import Foundation

/// Amounts read a digit off what the receipt's sums demand, mended to what they demand:
/// a VAT or taxable amount the total and the other make (`31546` for `3,546`), a supply
/// amount whose label was lost (`6.8318` for `6,818`), an item whose quantity × unit price
/// and the total agree on its amount (`295,200` for `25,200`), a discount the subtotal and
/// the total make (`200` for `100`). What the sums mended keeps the text it was read from
/// (`isMended`), and the sums that mended it do not confirm it too; an item is confirmed
/// by its own arithmetic besides.
extension ReceiptExtractor {
    /// Mends the one discount when it is a digit off what the subtotal (or the items) less
    /// one of `totals` demands (`자사할인 -100` read `200`) and as read makes none of them. The
    /// sums are its only confirmation, so it stays under `unconfirmedCap`.
    static func mendDiscount(of receipt: inout Receipt, subtotal: Int?, toMake totals: Set<Int>) {
        guard receipt.discounts.count == 1, let discount = receipt.discounts.first else { return }
        let bases = [subtotal, receipt.items.isEmpty ? nil : KoreanAmount.sum(receipt.items.map(\.amount))].compactMap { $0 }
        guard !bases.contains(where: { totals.contains(KoreanAmount.sum([$0, -discount.value])) }) else { return }
        for base in bases {
            for total in totals.sorted() {
                if let value = amountADigitOff(discount.value, demanded: KoreanAmount.sum([base, -total])) {
                    receipt.discounts = [discount.with(value: value).checked(nil)]
                    return
                }
            }
        }
    }

    /// Whether an amount's value is not what its source text reads: the sums mended it.
    package static func isMended(_ field: ReceiptField<Int>) -> Bool {
        ReceiptLine.amount(Substring(field.sourceText)).map(abs) != field.value
    }

    /// Mends a VAT or taxable amount read a digit off what the total (`taxed` of it) and the
    /// other demand, and finds a taxable amount not read under its own label: a card slip's
    /// supply amount (`금액`), or one whose label was lost (`unlabelledSupply`). What the sums
    /// mended keeps the text it was read from (`isMended`).
    static func settleTaxes(of receipt: inout Receipt, taxed: Int, total: Int, lines: [ReceiptLine], vatFits: Bool) {
        if !vatFits, let read = receipt.vat,
            let value = amountADigitOff(read.value, demanded: demandedVAT(of: taxed, taxable: receipt.taxableAmount?.value))
        {
            receipt.vat = read.with(value: value)
        }
        guard let vat = receipt.vat?.value else { return }
        if let taxable = receipt.taxableAmount {
            if isVAT(vat, of: taxed), KoreanAmount.sum([taxable.value, vat]) != taxed,
                let value = amountADigitOff(taxable.value, demanded: KoreanAmount.sum([taxed, -vat]))
            {
                receipt.taxableAmount = taxable.with(value: value)
            }
        } else if let supply = supplyAmount(in: lines, plus: vat, makes: total) {
            receipt.taxableAmount = supply
        } else if isVAT(vat, of: taxed) {
            receipt.taxableAmount = unlabelledSupply(in: lines, demanded: KoreanAmount.sum([taxed, -vat]))
        }
    }

    /// The VAT a taxed total of `taxed` demands: what the taxable amount leaves of it, when
    /// that is its VAT; with no taxable amount, its eleventh.
    static func demandedVAT(of taxed: Int, taxable: Int?) -> Int? {
        guard let taxable else { return Int((Double(taxed) / 11).rounded()) }
        let rest = KoreanAmount.sum([taxed, -taxable])
        return isVAT(rest, of: taxed) ? rest : nil
    }

    /// Mends the items whose arithmetic fails with their amount a digit off quantity × unit
    /// price (`25,200` read `295,200`; `1,600` read `4,600`), when the items so mended, less
    /// the discounts, make one of `totals` (the totals and amounts paid printed, or with
    /// none read the unlabelled amounts) and as read do not: their arithmetic and the sum
    /// then both confirm them. Else, prices and amounts both misread with look-alike digits
    /// (`mendingLookAlikeDigits`) are mended the same way.
    static func mendItemAmounts(of receipt: inout Receipt, toMake totals: Set<Int>) {
        let discounts = receipt.discountTotal
        let net = { (items: [ReceiptItem]) in KoreanAmount.sum(items.map(\.amount) + [-discounts]) }
        guard !totals.contains(net(receipt.items)) else { return }
        var mended = receipt.items
        for (index, item) in mended.enumerated() {
            guard let unitPrice = item.unitPrice, !multiplies(unitPrice, by: item.quantity, to: item.amount) else { continue }
            if let amount = amountADigitOff(item.amount, demanded: product(of: unitPrice, by: item.quantity)) { mended[index].amount = amount }
        }
        if mended != receipt.items, totals.contains(net(mended)) {
            receipt.items = mended
        } else if let mended = mendingLookAlikeDigits(of: receipt.items, toMake: Set(totals.map { KoreanAmount.sum([$0, discounts]) })) {
            receipt.items = mended
        }
    }

    /// The most combinations of items' readings the sums are tried against.
    static let mostReadingsTried = 4096

    /// `items` with the price and amount of each whose arithmetic fails read again with
    /// look-alike digits (`LookAlikeDigits`: `1,708 1 1,796` for `1,700 1 1,700`): the one
    /// reading of all of them whose own arithmetic holds and whose amounts, with the other
    /// items', make one of `sums`. `nil` when no reading does, or more than one.
    static func mendingLookAlikeDigits(of items: [ReceiptItem], toMake sums: Set<Int>) -> [ReceiptItem]? {
        var choices: [(index: Int, readings: [(price: Int, amount: Int)])] = []
        var fixed = 0
        for (index, item) in items.enumerated() {
            guard let price = item.unitPrice, !multiplies(price, by: item.quantity, to: item.amount) else {
                fixed = KoreanAmount.sum([fixed, item.amount])
                continue
            }
            let amounts = LookAlikeDigits.candidates(for: item.amount)
            let readings = LookAlikeDigits.candidates(for: price).sorted().compactMap { price in
                product(of: price, by: item.quantity).flatMap { amounts.contains($0) ? (price, $0) : nil }
            }
            guard !readings.isEmpty else { return nil }
            choices.append((index, readings))
        }
        guard !choices.isEmpty, choices.reduce(1, { $0 * $1.readings.count }) <= mostReadingsTried else { return nil }
        // Every combination, counting those that make a sum (two are as many as many).
        var found: [Int] = []
        var solutions = 0
        func choose(_ next: Int, _ sum: Int, _ picked: [Int]) {
            guard solutions < 2 else { return }
            guard next < choices.count else {
                if sums.contains(sum) {
                    solutions += 1
                    found = picked
                }
                return
            }
            for (choice, reading) in choices[next].readings.enumerated() {
                choose(next + 1, KoreanAmount.sum([sum, reading.amount]), picked + [choice])
            }
        }
        choose(0, fixed, [])
        guard solutions == 1 else { return nil }
        var mended = items
        for (choice, picked) in zip(choices, found) {
            mended[choice.index].unitPrice = choice.readings[picked].price
            mended[choice.index].amount = choice.readings[picked].amount
        }
        return mended
    }

    /// Takes the one item line whose amount was lost (`규동(쇠고기덩밥) ㅣ 8.000 0 00`) whose
    /// quantity × unit price is what the items read, less the discounts, lack of one of
    /// `totals`, when they make none as read: two things read apart (the line's price and
    /// the receipt's sums) then agree on it. The sums demanded it, so it is never confirmed
    /// (it stays under `mendedItemCap`).
    static func mendLostItemAmount(of receipt: inout Receipt, from candidates: [ReceiptItem], toMake totals: Set<Int>) {
        let discounts = receipt.discountTotal
        let net = { (items: [ReceiptItem]) in KoreanAmount.sum(items.map(\.amount) + [-discounts]) }
        guard !candidates.isEmpty, !receipt.items.isEmpty, !totals.contains(net(receipt.items)) else { return }
        let fitting = candidates.filter { totals.contains(net(receipt.items + [$0])) }
        guard fitting.count == 1, let item = fitting.first else { return }
        receipt.items.insert(item, at: receipt.items.firstIndex { $0.lineIndex > item.lineIndex } ?? receipt.items.endIndex)
    }

    /// Mends the one item whose amount, printed without a unit price, read unsurely, is a
    /// digit off what a confirmed `total` demands of it (`29,600` read `29,000` at 0.81,
    /// beside `9,300` and `26,200` read surely): the only item a digit off it, or the only
    /// one read under `NumberRereading.sureConfidence` of those that are. The sum is its
    /// only evidence, so it stays under `mendedItemCap`; whether an item was mended.
    static func mendUnsureItem(of receipt: inout Receipt, toMake total: Int, from itemsNet: Int, lines: [ReceiptLine]) -> Bool {
        guard receipt.total?.isHighConfidence == true else { return false }
        let candidates = receipt.items.indices.compactMap { index -> (index: Int, amount: Int)? in
            let item = receipt.items[index]
            guard item.unitPrice == nil else { return nil }
            return amountADigitOff(item.amount, demanded: KoreanAmount.sum([item.amount, total, -itemsNet])).map { (index, $0) }
        }
        let unsure = candidates.filter { candidate in
            amountConfidence(of: receipt.items[candidate.index], in: lines).map { $0 < NumberRereading.sureConfidence } ?? false
        }
        guard let chosen = candidates.count == 1 ? candidates.first : (unsure.count == 1 ? unsure.first : nil) else { return false }
        receipt.items[chosen.index].amount = chosen.amount
        receipt.items[chosen.index].confidence = min(receipt.items[chosen.index].confidence, mendedItemCap)
        return true
    }

    /// The highest confidence an item mended by the sum alone keeps.
    static let mendedItemCap: Float = 0.6

    /// The confidence the amount ending `item`'s line was read with.
    static func amountConfidence(of item: ReceiptItem, in lines: [ReceiptLine]) -> Float? {
        guard let line = lines.first(where: { $0.index == item.lineIndex }), let amount = line.trailingAmount else { return nil }
        return line.confidence(of: amount.range)
    }

    /// `demanded`, when the amount `read` is one digit off it (changed, added or lost:
    /// `3,546` read `31546`, its comma taken for a 1): printed there, and misread.
    static func amountADigitOff(_ read: Int, demanded: Int?) -> Int? {
        guard let demanded, demanded > 0, demanded != read else { return nil }
        return EditDistance.between(Array(String(read)), Array(String(demanded))) <= 1 ? demanded : nil
    }

    /// A supply amount whose label was lost and whose digits were misread by one (a card
    /// slip's `금 액 6,818 원` read `6.8318`): a line holding only a number one digit off
    /// `demanded`, the total less its VAT. The sums are its only confirmation.
    static func unlabelledSupply(in lines: [ReceiptLine], demanded: Int) -> ReceiptField<Int>? {
        guard demanded > 0 else { return nil }
        for line in lines {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, text.allSatisfy({ $0.isASCIIDigit || $0 == "," || $0 == "." }),
                text.filter({ $0 == "," || $0 == "." }).count <= 1,
                amountADigitOff(Int(text.filter(\.isASCIIDigit)) ?? -1, demanded: demanded) != nil
            else { continue }
            return line.field(demanded, range: line.text.range(of: text))
        }
        return nil
    }
}
