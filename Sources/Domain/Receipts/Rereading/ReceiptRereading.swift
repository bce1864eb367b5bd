/// Where a receipt is read again, and whether the second reading is kept.
///
/// A receipt's summary prints each label and its amount on one row, often far apart
/// (`합계            42,700`). A page reader that finds blocks may read the labels and the
/// amounts apart, losing the amount or pairing it with the next row's label; read again as
/// one block, the rows come back whole (`bands`). A field whose label was read but not
/// its value (`사업자번호: 120`, the rest of the number lost) is read again on its own row
/// (`rows`). A second reading is kept only when the receipt agrees with it better: the
/// checks between total, items, VAT and payment, and the fields found, decide
/// (`isBetter`), never the engine's confidence alone.
package enum ReceiptRereading {
    /// Rows of margin read above and below the labelled rows: a total row lost in the first
    /// reading (its label unread) lies next to the rows that were read.
    package static let marginRows = 1.5
    /// Labelled rows further apart than this many rows are read in separate bands (the
    /// totals and a card slip's approval printed below them).
    package static let bandGapRows = 10.0
    /// The margin left and right of the lines read (a fraction of the image width).
    package static let sideMargin = 0.02
    /// At most this many rows are read again alone.
    package static let maximumRows = 4
    /// At most this many bands are read again.
    package static let maximumBands = 3

    /// The labels of the rows read again: every amount the summary prints.
    static let labels =
        Keywords.total.map(\.label) + Keywords.paid + Keywords.subtotal + Keywords.vat + Keywords.taxable
        + Keywords.taxFreeTotal + Keywords.discount + Keywords.change

    /// Whether `receipt` needs its amounts read again: no total, or a check between its
    /// fields failed, or its total confirmed by nothing.
    package static func isDoubtful(_ receipt: Receipt) -> Bool {
        guard let total = receipt.total else { return true }
        return receipt.checks.contains { !$0.passed } || !total.isHighConfidence
    }

    /// The bands of `result` read again as one block (normalized, whole-image coordinates):
    /// the rows with amount labels, `marginRows` rows more above and below, across the width
    /// of the lines read; labelled rows further apart than `bandGapRows` are separate bands,
    /// at most `maximumBands`, the tallest first.
    package static func bands(in result: OCRResult) -> [NormalizedRect] {
        let lines = result.lines.filter { !$0.text.isEmpty && $0.boundingBox.height > 0 }
        guard !lines.isEmpty else { return [] }
        let labelled = lines.enumerated()
            .filter { ReceiptLine(index: $0.offset, line: $0.element).containsLabel(anyOf: labels) }
            .map(\.element.boundingBox)
            .sorted { $0.maxY > $1.maxY }  // top first
        let rowHeight = median(lines.map(\.boundingBox.height))
        var groups: [[NormalizedRect]] = []
        for box in labelled {
            if let last = groups.last?.last, last.minY - box.maxY <= bandGapRows * rowHeight {
                groups[groups.count - 1].append(box)
            } else {
                groups.append([box])
            }
        }
        let (left, right) = across(result)
        let bands = groups.map { group in
            let bottom = max(0, (group.map(\.minY).min() ?? 0) - marginRows * rowHeight)
            let top = min(1, (group.map(\.maxY).max() ?? 1) + marginRows * rowHeight)
            return NormalizedRect(x: left, y: bottom, width: right - left, height: top - bottom)
        }
        return Array(bands.sorted { $0.height > $1.height }.prefix(maximumBands))
    }

    /// The rows of `result` to read again alone, each a line (its index) whose label names
    /// a field `receipt` lacks (registration number, date, approval or card number, total)
    /// or, with no date, holds a time,
    /// as a region across the width of the lines read, a quarter of the row's height more
    /// above and below; at most `maximumRows`, top first.
    package static func rows(of result: OCRResult, missingIn receipt: Receipt) -> [(line: Int, region: NormalizedRect)] {
        var wanted: [[String]] = []
        if receipt.businessRegistrationNumber == nil { wanted.append(Keywords.businessNumber) }
        if receipt.date == nil { wanted.append(Keywords.date) }
        if receipt.approvalNumber == nil { wanted.append(Keywords.approval) }
        if receipt.cardNumber == nil { wanted.append(Keywords.cardNumberLabels) }
        if receipt.total == nil { wanted.append(Keywords.total.map(\.label)) }
        guard !wanted.isEmpty else { return [] }
        let found = result.lines.indices.filter { index in
            let line = ReceiptLine(index: index, line: result.lines[index])
            // A time read without its date (`12:33` of `2022-09-27 12:33`) marks the date's row too.
            let timeAlone = receipt.date == nil && ReceiptDateParser.time(in: Substring(line.text)) != nil
            return timeAlone || wanted.contains { line.containsLabel(anyOf: $0) }
        }
        return found.prefix(maximumRows).map { ($0, rowRegion(of: $0, in: result)) }
    }

    /// Line `index`'s row across the width of the lines read, a quarter of its height more
    /// above and below.
    static func rowRegion(of index: Int, in result: OCRResult) -> NormalizedRect {
        let (left, right) = across(result)
        let box = result.lines[index].boundingBox
        let margin = box.height / 4
        return NormalizedRect(x: left, y: box.minY - margin, width: right - left, height: box.height + 2 * margin)
    }

    /// `result` with its line `index` replaced by the lines of `reread` (that line's row
    /// read again alone).
    package static func result(_ result: OCRResult, rereadingLine index: Int, as reread: OCRResult) -> OCRResult {
        guard result.lines.indices.contains(index), !reread.lines.isEmpty else { return result }
        var merged = result
        merged.lines.replaceSubrange(index...index, with: reread.lines)
        return merged
    }

    /// `result` with the lines inside `band` replaced by `reread`'s lines inside it (both
    /// whole-image coordinates). Half a row at each edge of the band is left as first read:
    /// a row cut by the band's edge is read there in pieces.
    package static func result(_ result: OCRResult, rereading band: NormalizedRect, as reread: OCRResult) -> OCRResult {
        let rowHeight = median(reread.lines.map(\.boundingBox.height))
        let inner = (band.minY + rowHeight / 2)...(band.maxY - rowHeight / 2)
        let inside = { (line: RecognizedLine) in
            inner.contains(line.boundingBox.midY) && (band.minX...band.maxX).contains(line.boundingBox.midX)
        }
        guard !inner.isEmpty else { return result }
        var merged = result
        let kept = result.lines.filter { !inside($0) }
        // Where the band's rows were read, or else before the first line below them.
        let position =
            result.lines.firstIndex(where: inside).map { first in result.lines[..<first].filter { !inside($0) }.count }
            ?? kept.firstIndex { $0.boundingBox.midY < inner.lowerBound } ?? kept.endIndex
        merged.lines = Array(kept[..<position]) + reread.lines.filter(inside) + Array(kept[position...])
        return merged
    }

    /// At most this many item rows have their numbers read again.
    package static let maximumItemRows = 8

    /// The runs of numbers ending item lines that `receipt`'s arithmetic doubts, when an
    /// arithmetic check failed: a unit price times the quantity unlike the amount, or a
    /// number with a character no number holds (`1,50@`). Each is the line (its index), the
    /// run's words (the words from the first holding a digit after the last without one) and
    /// where they are printed, a quarter of their height more above and below and
    /// `sideMargin` more each side. Read alone, by a model for digits, the numbers of a
    /// condensed font (dotted zeros read `8`, `6`, `9`) often come back right; the sums then
    /// say whether they did.
    package static func itemNumberRuns(of result: OCRResult, in receipt: Receipt)
        -> [(line: Int, words: Range<Int>, region: NormalizedRect)]
    {
        let arithmetic: Set<ReceiptCheck.Kind> = [.itemArithmetic, .itemsMatchTotal]
        guard receipt.checks.contains(where: { arithmetic.contains($0.kind) && !$0.passed }) else { return [] }
        var runs: [(line: Int, words: Range<Int>, region: NormalizedRect)] = []
        for item in receipt.items where result.lines.indices.contains(item.lineIndex) {
            let words = result.lines[item.lineIndex].words
            let start = (words.lastIndex { !$0.text.contains(where: \.isASCIIDigit) }).map { $0 + 1 } ?? 0
            guard start < words.count else { continue }
            let run = start..<words.count
            let priceUnlikeAmount = item.unitPrice.map { !ReceiptExtractor.multiplies($0, by: item.quantity, to: item.amount) } ?? false
            let marked = words[run].contains { !isNumber($0.text) }
            guard priceUnlikeAmount || marked else { continue }
            let box = words[run].dropFirst().reduce(words[start].boundingBox) { $0.union($1.boundingBox) }
            let margin = box.height / 4
            let left = max(0, box.minX - sideMargin)
            let region = NormalizedRect(
                x: left, y: max(0, box.minY - margin), width: min(1, box.maxX + sideMargin) - left,
                height: min(1, box.maxY + margin) - max(0, box.minY - margin))
            runs.append((item.lineIndex, run, region))
        }
        return Array(runs.prefix(maximumItemRows))
    }

    /// Whether `text` is a number as an item line prints one: digits, with separators.
    static func isNumber(_ text: String) -> Bool {
        text.contains(where: \.isASCIIDigit) && text.allSatisfy { $0.isASCIIDigit || ",.-".contains($0) }
    }

    /// `result` with the words `run` of its line `index` replaced by the words `reread` read
    /// there, when they are all numbers (digits and separators); else `result` as it was.
    package static func result(_ result: OCRResult, replacingWords run: Range<Int>, ofLine index: Int, with reread: OCRResult) -> OCRResult {
        guard result.lines.indices.contains(index), result.lines[index].words.indices.contains(run.lowerBound),
            run.upperBound <= result.lines[index].words.count
        else { return result }
        let numbers = reread.lines.flatMap(\.words)
        guard !numbers.isEmpty, numbers.allSatisfy({ isNumber($0.text) }) else { return result }
        var merged = result
        let line = result.lines[index]
        merged.lines[index] = line.replacingWords(with: Array(line.words[..<run.lowerBound]) + numbers + Array(line.words[run.upperBound...]))
        return merged
    }

    /// Whether `candidate` (the receipt of a reading with rows read again) is better than
    /// `first`: it keeps every field that names the sale (merchant, numbers, date) as
    /// `first` found it, and a total if `first` found one (with the total go the checks that
    /// failed against it), and more of its checks pass than fail, or as many and it finds
    /// more fields.
    package static func isBetter(_ candidate: Receipt, than first: Receipt) -> Bool {
        guard first.total == nil || candidate.total != nil else { return false }
        let naming = { (receipt: Receipt) in
            [
                receipt.merchantName?.value, receipt.businessRegistrationNumber?.value, receipt.phoneNumber?.value,
                receipt.date?.value.description, receipt.cardNumber?.value, receipt.approvalNumber?.value,
            ]
        }
        guard zip(naming(first), naming(candidate)).allSatisfy({ $0 == nil || $0 == $1 }) else { return false }
        let balance = { (receipt: Receipt) in receipt.checks.filter(\.passed).count - receipt.checks.filter { !$0.passed }.count }
        let found = { (receipt: Receipt) in
            naming(receipt).compactMap { $0 }.count
                + [receipt.total != nil, receipt.vat != nil, receipt.taxableAmount != nil, receipt.paymentMethod != nil].filter { $0 }.count
        }
        if balance(candidate) != balance(first) { return balance(candidate) > balance(first) }
        return found(candidate) > found(first)
    }

    /// The width of the lines read, `sideMargin` more each side: where a row or band is read.
    private static func across(_ result: OCRResult) -> (left: Double, right: Double) {
        let boxes = result.lines.filter { !$0.text.isEmpty && $0.boundingBox.height > 0 }.map(\.boundingBox)
        return (max(0, (boxes.map(\.minX).min() ?? 0) - sideMargin), min(1, (boxes.map(\.maxX).max() ?? 1) + sideMargin))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
