/// One recognised line as the receipt extractor sees it: its text with single spaces, the
/// same without spaces for keyword matching, and the words behind each part of the text.
struct ReceiptLine {
    /// What engines read for a printed dash (en and em dashes, a horizontal bar, a minus
    /// sign): a hyphen on a receipt.
    static let dashReadings: Set<Character> = ["–", "—", "―", "‒", "−"]

    let index: Int
    let line: RecognizedLine
    /// The text with whitespace collapsed to single spaces.
    let text: String
    /// The text without any whitespace (`합 계` and `합계` both match `합계`).
    let compact: String
    /// `compact` as characters, for matching labels with a misread character.
    private let compactCharacters: [Character]
    /// Each word's range in `text`, when the words spell the text.
    private let wordRanges: [(Range<String.Index>, RecognizedWord)]

    init(index: Int, line: RecognizedLine) {
        self.index = index
        self.line = line
        // Dashes the engine reads as em dashes and the like are hyphens on receipts.
        text = TextCleanup.collapsingWhitespace(String(line.text.map { Self.dashReadings.contains($0) ? "-" : $0 }))
        compact = text.filter { !$0.isWhitespace }
        compactCharacters = Array(compact)
        var ranges: [(Range<String.Index>, RecognizedWord)] = []
        var cursor = text.startIndex
        for word in line.words {
            guard let range = text.range(of: word.text, range: cursor..<text.endIndex) else {
                ranges = []
                break
            }
            ranges.append((range, word))
            cursor = range.upperBound
        }
        wordRanges = ranges
    }

    /// The text after its first `count` non-whitespace characters (what follows a label
    /// matched in `compact`), without leading whitespace.
    func text(afterCompactPrefix count: Int) -> Substring {
        var remaining = count
        var index = text.startIndex
        while remaining > 0, index < text.endIndex {
            if !text[index].isWhitespace { remaining -= 1 }
            index = text.index(after: index)
        }
        return text[index...].drop(while: \.isWhitespace)
    }

    /// The whitespace-separated tokens.
    var tokens: [Substring] { text.split(separator: " ") }

    /// Whether the compact text contains any of `keywords`.
    func contains(anyOf keywords: [String]) -> Bool {
        keywords.contains { compact.contains($0) }
    }

    /// Whether the compact text contains any of the amount labels `labels`, allowing one
    /// misread character in a label of three or more (`공금가액` for `공급가액`, `부가서`
    /// for `부가세`; in a three-character label only the last, so `부가세` never matches
    /// `추가세`; its middle syllable a jamo off, `합게액`) or two syllables a jamo off each in
    /// one of four or more (`합게금애`), and one misread jamo in a label of two syllables standing as a word of its
    /// own (`한계` for `합계`, `소게` for `소계`; a whole syllable would take one two-syllable
    /// label for another, `세액` for `총액`). Only for labels: tolerant matching of other
    /// words (`상품명`) would take `상품할인` for a column header.
    func containsLabel(anyOf labels: [String]) -> Bool {
        labels.contains { label in
            let word = Array(label)
            if compact.contains(label) { return true }
            if word.count >= 3 {
                // One character misread; in a label of three, never one of its first two.
                return containsWindow(as: word) { window, _ in
                    if (word.count > 3 || window.prefix(2).elementsEqual(word.prefix(2))) && zip(window, word).filter({ $0 != $1 }).count <= 1 {
                        return true
                    }
                    // In a label of three, its middle syllable a jamo off (`합게액`).
                    if word.count == 3, window.first == word.first, window.last == word.last,
                        Self.jamoDifference(window[window.startIndex + 1], word[1]) == 1
                    {
                        return true
                    }
                    // In a label of four or more, two syllables a jamo off each (`합게금애`).
                    let differences = zip(window, word).map { Self.jamoDifference($0, $1) }
                    return word.count >= 4 && differences.allSatisfy { $0 <= 1 } && differences.reduce(0, +) <= 2
                }
            }
            guard word.count == 2 else { return false }
            // One jamo misread, in a word of its own: not two syllables inside a longer word
            // (`소가` of `푸른채소가게`).
            let isSyllable = { (index: Int) in
                compactCharacters.indices.contains(index) && HangulWordRepair.isHangulSyllable(compactCharacters[index])
            }
            return containsWindow(as: word) { window, start in
                !isSyllable(start - 1) && !isSyllable(start + word.count)
                    && zip(window, word).reduce(0) { $0 + Self.jamoDifference($1.0, $1.1) } <= 1
            }
        }
    }

    /// Whether some run of the compact text as long as `word` (and where it starts) is
    /// accepted by `matches`.
    private func containsWindow(as word: [Character], where matches: (ArraySlice<Character>, Int) -> Bool) -> Bool {
        let text = compactCharacters
        guard text.count >= word.count else { return false }
        return (0...(text.count - word.count)).contains { start in matches(text[start..<start + word.count], start) }
    }

    /// How many of two characters' jamo (initial, vowel, final) differ: 0 for the same
    /// character; 3, as for syllables that share none, when either is not a Hangul syllable.
    static func jamoDifference(_ a: Character, _ b: Character) -> Int {
        guard a != b else { return 0 }
        guard let x = a.unicodeScalars.first, let y = b.unicodeScalars.first, a.unicodeScalars.count == 1, b.unicodeScalars.count == 1,
            HangulWordRepair.isHangulSyllable(x), HangulWordRepair.isHangulSyllable(y)
        else { return 3 }
        let (i, j) = (Int(x.value) - 0xAC00, Int(y.value) - 0xAC00)
        // A syllable is 0xAC00 + (initial × 21 + vowel) × 28 + final.
        return [i / 588 != j / 588, (i % 588) / 28 != (j % 588) / 28, i % 28 != j % 28].filter { $0 }.count
    }

    /// The engine's confidence in `range` of the text: the least confident word it
    /// touches, or the line's confidence when the words are unknown.
    func confidence(of range: Range<String.Index>?) -> Float {
        let touched = words(touching: range)
        return touched.isEmpty ? line.confidence : touched.map(\.confidence).min() ?? line.confidence
    }

    /// Where `range` of the text is printed: the union of the words it touches, or the line.
    func boundingBox(of range: Range<String.Index>?) -> NormalizedRect {
        let touched = words(touching: range)
        guard let first = touched.first else { return line.boundingBox }
        return touched.dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
    }

    /// A field read from `range` of this line (the whole line when `nil`), with the
    /// engine's confidence in it capped at `cap`.
    func field<Value>(_ value: Value, range: Range<String.Index>?, cap: Float = ReceiptExtractor.unconfirmedCap) -> ReceiptField<Value> {
        ReceiptField(
            value: value, confidence: min(confidence(of: range), cap), lineIndices: [index],
            boundingBox: boundingBox(of: range), sourceText: range.map { String(text[$0]) } ?? text)
    }

    /// The tokens without trailing markers printed after an amount (`원`, the `#` or `*`
    /// of a tax-free item, `(C)`, a stray digit after a grouped amount, a `원` read as
    /// digits on a total or tax line), and with an amount
    /// the engine split after its separator (`36, 364`) or whose separator it read as a
    /// space (`40 000`: three digits starting with a zero are no number of their own) joined again.
    var amountTokens: [Substring] {
        var tokens: [Substring] = []
        for token in self.tokens {
            if let previous = tokens.last, Self.isSplitAmount(previous, token) {
                tokens[tokens.count - 1] = text[previous.startIndex..<token.endIndex]
            } else {
                tokens.append(token)
            }
        }
        while tokens.count > 1, let last = tokens.last,
            Self.isMarker(last, after: tokens[tokens.count - 2])
                || (Self.isWonReadAsDigits(last, after: tokens[tokens.count - 2]) && ReceiptExtractor.isSummary(self))
        {
            tokens.removeLast()
        }
        return tokens
    }

    /// Whether `token` continues the amount `previous` began: split after its separator
    /// (`36,` `364`), or its separator read as a space (`40` `000`).
    private static func isSplitAmount(_ previous: Substring, _ token: Substring) -> Bool {
        let splitAfterSeparator = endsInSeparator(previous) && token.count >= 3 && token.prefix(3).allSatisfy(\.isASCIIDigit)
        let separatorReadAsSpace =
            (1...3).contains(previous.count) && previous.allSatisfy(\.isASCIIDigit) && previous.first != "0"
            && token.count == 3 && token.first == "0" && token.allSatisfy(\.isASCIIDigit)
        return splitAfterSeparator || separatorReadAsSpace
    }

    /// The amount in an amount token, whitespace inside it (`36, 364`) ignored.
    /// A doubled separator (`21,.500`) is one; a grouped amount with one digit too many at
    /// its end (`23,3008`), or with a mark there (`43.500%`), is the amount and its `원`
    /// misread. Rates are never grouped by thousands (`10%`, `1.5%`).
    static func amount(_ token: Substring) -> Int? {
        let text = token.filter { !$0.isWhitespace }.replacingOccurrences(of: ",.", with: ",").replacingOccurrences(of: ".,", with: ",")
        if let amount = KoreanAmount.parse(text) { return amount }
        guard text.firstMatch(of: Pattern.amountWithWonMisread) != nil || text.firstMatch(of: Pattern.amountWithWonAsMark) != nil
        else { return nil }
        return KoreanAmount.parse(text.dropLast())
    }

    /// Whether `token` (one or two digits) ends an amount cut after its separator
    /// (`39,` `66`: digits of its last group lost). A group of three would have been joined
    /// (`isSplitAmount`); shorter, the amount is unreadable, and its last digits are none.
    private static func isCutAmount(_ previous: Substring, _ token: Substring) -> Bool {
        endsInSeparator(previous) && (1...2).contains(token.count) && token.allSatisfy(\.isASCIIDigit)
    }

    /// Whether `token` is the start of an amount up to a separator (`36,`, `7.`, `1,234,`).
    private static func endsInSeparator(_ token: Substring) -> Bool {
        token.count >= 2 && (token.last == "," || token.last == ".")
            && token.dropLast().allSatisfy { $0.isASCIIDigit || $0 == "," || $0 == "." }
    }

    /// Whether `token` is one or two digits after an amount of three digits or more: on a
    /// labelled total or tax line (one amount), the amount's `원` misread (`부가세 682 9`,
    /// `합계 7.500 52`); on an item line it would be a column of its own.
    private static func isWonReadAsDigits(_ token: Substring, after previous: Substring) -> Bool {
        (1...2).contains(token.count) && token.allSatisfy(\.isASCIIDigit) && previous.filter(\.isASCIIDigit).count >= 3
            && amount(previous) != nil
    }

    /// Whether `token`, printed after `previous`, is a marker rather than a value.
    private static func isMarker(_ token: Substring, after previous: Substring) -> Bool {
        if token == "원" || token == "(C)" { return true }
        // `(부가세 1,218원 포함)`: the amount is included in the total, said after it.
        if token.trimmingCharacters(in: .punctuationCharacters) == "포함", KoreanAmount.parse(previous) != nil { return true }
        // A letter and a mark after a grouped amount (`2,600 도,`): specks read as print.
        if token.count == 2, let letter = token.first, let mark = token.last, letter.isLetter, !mark.isLetter, !mark.isNumber,
            previous.contains(","), KoreanAmount.parse(previous) != nil
        {
            return true
        }
        guard token.count == 1, let character = token.first else { return false }
        if !character.isLetter && !character.isNumber { return true }
        // A lone digit after a grouped amount is a stray mark, not a column.
        return character.isASCIIDigit && previous.contains(",") && KoreanAmount.parse(previous) != nil
    }

    /// On a row of two labelled amounts (`과세 0원 부 가 세 액 0원`), the first amount after the
    /// earliest of `labels` spelt exactly (the longest there), with nothing but the label's
    /// own words between, and one of `nextLabels` after it; `nil` on a line of one amount, or
    /// of one label and several amounts (`공급가금액 1 472`, `과세물품7 액 35,454`).
    func amount(after labels: [String], before nextLabels: [String]) -> (amount: Int, range: Range<String.Index>)? {
        guard amountTokens.count >= 2 else { return nil }
        var earliest: (start: Int, length: Int)?
        for label in labels {
            guard let range = compact.range(of: label) else { continue }
            let start = compact.distance(from: compact.startIndex, to: range.lowerBound)
            if let best = earliest, (best.start, -best.length) <= (start, -label.count) { continue }
            earliest = (start, label.count)
        }
        guard let earliest else { return nil }
        let tokens = text(afterCompactPrefix: earliest.start + earliest.length).split(separator: " ")
        for (index, token) in tokens.enumerated() {
            if let amount = Self.amount(token) {
                let rest = tokens[(index + 1)...].joined()
                return nextLabels.contains(where: rest.contains) ? (amount, token.startIndex..<token.endIndex) : nil
            }
            if token.contains(where: \.isASCIIDigit) { return nil }
        }
        return nil
    }

    /// The range of the last token, and its amount, when the line ends with an amount
    /// (markers after it aside). An amount of more than six digits printed without
    /// separators, or with a leading zero, is a number (a terminal, slip or merchant
    /// number), not an amount.
    var trailingAmount: (amount: Int, range: Range<String.Index>)? {
        let tokens = amountTokens
        guard let last = tokens.last, let amount = Self.amount(last) else { return nil }
        if tokens.count >= 2, Self.isCutAmount(tokens[tokens.count - 2], last) { return nil }
        let digits = last.filter(\.isASCIIDigit)
        if !last.contains(","), !last.contains("."), digits.count > 6 || (digits.count > 1 && digits.hasPrefix("0")) { return nil }
        return (amount, last.startIndex..<last.endIndex)
    }

    private func words(touching range: Range<String.Index>?) -> [RecognizedWord] {
        guard let range else { return wordRanges.map(\.1) }
        return wordRanges.filter { $0.0.overlaps(range) }.map(\.1)
    }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let amountWithWonMisread = #/^-?\d{1,3}(?:,\d{3})*,\d{4}$/#
    nonisolated(unsafe) static let amountWithWonAsMark = #/^-?\d{1,3}(?:[,.]\d{3})+[%"'°]$/#
}
