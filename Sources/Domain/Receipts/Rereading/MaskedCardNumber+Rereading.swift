/// Card numbers whose mask was read out of shape, and the reading of one looked at again
/// that gives the shape back.
///
/// The line model reads runs of asterisks worst: they come back split into words
/// (`9752-99* *-* ** *_7246`), as Hangul or letters (`7701.77싸.차야.7576`,
/// `54167632ee0e0e80`), as digits, or lost (`46784817121*`). Read alone, with a margin,
/// the number often comes back in its shape. That reading is taken only when its digits
/// are the first reading's, with at most one changed or added; digits the first reading
/// has beyond them are masks it read as digits, and are dropped.
extension MaskedCardNumber {
    /// A reading looked at again may differ from the first in at most this many digits
    /// changed or added (dropped ones are not counted).
    package static let largestRereadDistance = 1

    /// Where, on a line, a card number may have been read out of shape: from the word
    /// `words.lowerBound` (at its character `start`) to the word `words.upperBound` (up to
    /// its character `end`, not included).
    package struct DoubtfulRun: Hashable, Sendable {
        package var words: ClosedRange<Int>
        package var start: Int
        package var end: Int

        /// A run from character `start` of the word `words.lowerBound` to character `end`
        /// (not included) of the word `words.upperBound`.
        package init(words: ClosedRange<Int>, start: Int, end: Int) {
            self.words = words
            self.start = start
            self.end = end
        }

        /// The characters of the run, its words joined by spaces.
        package func text(in line: [String]) -> String {
            words.map { index in
                let characters = Array(line[index])
                let from = index == words.lowerBound ? start : 0
                let to = index == words.upperBound ? end : characters.count
                return String(characters[from..<to])
            }.joined(separator: " ")
        }

        /// `line` with the run's words made one, reading `number` in place of the run (what
        /// the first and last words hold outside it kept).
        package func replacing(in line: [RecognizedWord], with number: String) -> [RecognizedWord] {
            let run = line[words]
            let first = Array(line[words.lowerBound].text)
            let last = Array(line[words.upperBound].text)
            let box = run.dropFirst().reduce(run[run.startIndex].boundingBox) { $0.union($1.boundingBox) }
            let confidence = run.map(\.confidence).reduce(0, +) / Float(run.count)
            let word = RecognizedWord(
                text: String(first[..<start]) + number + String(last[end...]), boundingBox: box, confidence: confidence)
            return Array(line[..<words.lowerBound]) + [word] + Array(line[(words.upperBound + 1)...])
        }
    }

    /// The run of `words` (a line's, in order) where a card number may have been read out
    /// of shape, when no masked card number is found on the line: the digits, masks and
    /// whatever was read between them after a card-number label (`카드번호`, `CARD NO`,
    /// `국민카드:`), four digits at least; or, on a line without one, a run of words holding
    /// two masking asterisks (or their lookalikes) and four digits.
    package static func doubtfulRun(in words: [String]) -> DoubtfulRun? {
        let line = words.joined(separator: " ")
        guard !words.isEmpty, find(in: dashed(line, underscores: false)) == nil else { return nil }
        let labelled = labelEnd(in: words)
        let first: (word: Int, start: Int)
        if let (word, end) = labelled {
            // The first digit after the label.
            guard let found = firstDigit(in: words, from: word, at: end) else { return nil }
            first = found
        } else {
            // The first word holding an asterisk, with the words of digits before it.
            guard var word = words.firstIndex(where: { $0.contains(where: asterisks.contains) }) else { return nil }
            while word > 0, isDigitGroup(words[word - 1]) { word -= 1 }
            guard let found = firstDigit(in: words, from: word, at: 0) else { return nil }
            first = found
        }
        // On through words of digits, masks and marks, up to the last digit or mask.
        var last = first.word
        var next = first.word + 1
        while next < words.count,
            words[next].allSatisfy({ $0.isASCIIDigit || maskCharacters.contains($0) || isMark($0) })
                || words[next].contains(where: { $0.isASCIIDigit || asterisks.contains($0) })
        {
            if words[next].contains(where: { $0.isASCIIDigit || maskCharacters.contains($0) }) { last = next }
            next += 1
        }
        let lastCharacters = Array(words[last])
        guard let end = lastCharacters.lastIndex(where: { $0.isASCIIDigit || maskCharacters.contains($0) }),
            last > first.word || end >= first.start
        else { return nil }
        let run = DoubtfulRun(words: first.word...last, start: first.start, end: end + 1)
        let text = run.text(in: words)
        guard text.filter(\.isASCIIDigit).count >= 4 else { return nil }
        return labelled != nil || text.filter(asterisks.contains).count >= 2 ? run : nil
    }

    /// `original` (a masked card number read in its line) with the digits every one of
    /// `readings` (two or more, of it alone) reads, when each holds a masked card number in
    /// its shape with the same digits, as many as `original` has, one of them different.
    /// Unlike other numbers (`NumberRereading.agreedDigits`), neither reading need be surer
    /// than the line: the masks pull every reading's confidence down, the digits are what
    /// the models agree on. `nil` otherwise.
    package static func agreedDigits(_ readings: [(text: String, confidence: Float)], insteadOf original: String) -> String? {
        let numbers = readings.compactMap { find(in: dashed($0.text))?.number.filter(\.isASCIIDigit) }
        let own = original.filter(\.isASCIIDigit)
        guard readings.count >= 2, numbers.count == readings.count, let agreed = numbers.first, numbers.allSatisfy({ $0 == agreed }),
            agreed.count == own.count, zip(agreed, own).filter({ $0 != $1 }).count == 1
        else { return nil }
        return NumberRereading.replacingDigits(of: original, with: agreed)
    }

    /// The masked card number `reread` holds, in its shape, when its digits are those of the
    /// first reading `original` with at most `largestRereadDistance` changed or added
    /// (any of the first reading's left out); `nil` otherwise.
    package static func reshaped(_ reread: String, insteadOf original: String) -> String? {
        guard let found = find(in: dashed(withFinalOne(reread)))?.number else { return nil }
        let distance = EditDistance.between(
            Array(original.filter(\.isASCIIDigit)), Array(found.filter(\.isASCIIDigit)), leavingOutCosts: 0)
        return distance <= largestRereadDistance ? found : nil
    }

    /// `text` with a closing bracket or bar after its last digit read as the 1 it stands for
    /// (`2443-40* *-****-118]`: the line model reads a final 1 so, alone, in both models).
    static func withFinalOne(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last, ")]|".contains(last), trimmed.dropLast().last?.isASCIIDigit == true else { return text }
        return trimmed.dropLast() + "1"
    }

    /// The characters read for a mask's asterisk that are seldom anything else on a
    /// receipt line (`x`, `+`, `#` and quotation marks are).
    static let asterisks: Set<Character> = ["*", "※", "⁎", "∗", "＊"]

    /// Where the card-number label of a line ends (`카드번호`, `CARD NO`, `Card No.`,
    /// `국민카드:`): the word, and the character after the label in it.
    private static func labelEnd(in words: [String]) -> (word: Int, end: Int)? {
        let label = Pattern.cardNumberLabel
        let line = words.joined(separator: " ")
        guard let match = line.firstMatch(of: label) else { return nil }
        var offset = line.distance(from: line.startIndex, to: match.range.upperBound)
        for (index, word) in words.enumerated() {
            if offset <= word.count { return (index, offset) }
            offset -= word.count + 1
        }
        return nil
    }

    /// The first ASCII digit from character `start` of word `index` on.
    private static func firstDigit(in words: [String], from index: Int, at start: Int) -> (word: Int, start: Int)? {
        for word in index..<words.count {
            let characters = Array(words[word])
            let from = word == index ? start : 0
            if from < characters.count, let digit = characters[from...].firstIndex(where: \.isASCIIDigit) { return (word, digit) }
        }
        return nil
    }

    /// A word of digits and the marks between a card number's groups (`2354-53`).
    private static func isDigitGroup(_ word: String) -> Bool {
        word.contains(where: \.isASCIIDigit) && word.allSatisfy { $0.isASCIIDigit || "-.ㅡ".contains($0) }
    }

    /// Marks read between a card number's groups or around its masks.
    private static func isMark(_ character: Character) -> Bool {
        ReceiptLine.dashReadings.contains(character) || "-._:|()[]".contains(character)
    }

    /// `text` with what engines read for a dash written as one: en and em dashes (as the
    /// extractor's lines have them), and with `underscores` an underscore (read alone, a dash
    /// at the mask's end comes back as one: `****_0164`; the line's own reading keeps it, so
    /// a word holding one is still out of shape for the extractor and is read again).
    private static func dashed(_ text: String, underscores: Bool = true) -> String {
        String(text.map { ReceiptLine.dashReadings.contains($0) || (underscores && $0 == "_") ? "-" : $0 })
    }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let cardNumberLabel = #/(?i)카\s*드\s*번\s*호|card\s*no|카\s*드\s*no|카\s*드\s*:/#
}
