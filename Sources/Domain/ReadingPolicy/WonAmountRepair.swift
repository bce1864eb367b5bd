/// Repairs amounts whose `원` a mixed Korean/English reading turned into digits or
/// brackets (`33,600원` → `33,6002)`, `36,100원` → `36, 100-2)` or `36,1004`, and at a
/// line's end `682원` → `682 9`).
///
/// The English model has no `원` and is sure of what it reads instead; the Korean model
/// alone reads the same span as the amount and `원` (`36.100원`), though looser with the
/// separators. So an amount whose digit groups are followed by a short tail of digits or
/// brackets — a shape no amount has — is replaced by the mixed reading's amount and `원`
/// when the Korean reading of its span is that amount's digits followed by `원`.
package enum WonAmountRepair {
    /// The longest tail (after the last complete digit group) taken for a misread `원`.
    static let longestTail = 3

    /// Whether `text` is a comma-grouped amount followed by a tail a misread `원` leaves
    /// (digits, brackets, a dash): `33,6002)`, `36,1004`.
    package static func isCandidate(_ text: String) -> Bool {
        split(text) != nil
    }

    /// The indices of the words that are candidates, alone or as an amount split after its
    /// comma into two words (`36,` `100-2)`).
    package static func candidates(in texts: [String]) -> Set<Int> {
        var found: Set<Int> = []
        for (index, text) in texts.enumerated() {
            if isCandidate(text) { found.insert(index) }
            if index + 1 < texts.count, isSplitAmount(text), isCandidate(text + texts[index + 1]) {
                found.formUnion([index, index + 1])
            }
            if index + 2 == texts.count, isSeparateTail(amount: text, tail: texts[index + 1]) {
                found.formUnion([index, index + 1])
            }
        }
        return found
    }

    /// Whether the last two words are an amount (three digits or more, comma-grouped or not)
    /// and a tail of its own a misread `원` leaves (`682` `9`).
    private static func isSeparateTail(amount: String, tail: String) -> Bool {
        let digits = amount.filter(\.isASCIIDigit)
        return digits.count >= 3 && amount.allSatisfy({ $0.isASCIIDigit || $0 == "," }) && amount.first?.isASCIIDigit == true
            && (1...longestTail).contains(tail.count) && tail.allSatisfy({ $0.isASCIIDigit || ")]}|-".contains($0) })
    }

    /// Whether `text` is the first part of an amount split after its comma (`36,`).
    private static func isSplitAmount(_ text: String) -> Bool {
        text.count > 1 && text.last == "," && text.dropLast().allSatisfy(\.isASCIIDigit)
    }

    /// `line` with its candidate amounts (single words, or an amount split after its comma
    /// into two words) replaced by the amount and `원` where the Korean reading agrees.
    /// - Parameters:
    ///   - line: The mixed-language reading.
    ///   - koreanWords: The same span read with the Korean model alone, left to right.
    package static func repair(_ line: RecognizedLine, koreanWords: [RecognizedWord]) -> RecognizedLine {
        var words: [RecognizedWord] = []
        var index = line.words.startIndex
        while index < line.words.endIndex {
            let word = line.words[index]
            let next = index + 1 < line.words.endIndex ? line.words[index + 1] : nil
            if let next, isSplitAmount(word.text), let repaired = repaired([word, next], koreanWords: koreanWords) {
                words.append(repaired)
                index += 2
            } else if let next, index + 2 == line.words.endIndex, isSeparateTail(amount: word.text, tail: next.text),
                let repaired = repaired(amount: word, tail: next, koreanWords: koreanWords)
            {
                words.append(repaired)
                index += 2
            } else {
                words.append(repaired([word], koreanWords: koreanWords) ?? word)
                index += 1
            }
        }
        return line.withWords(words)
    }

    /// The run of words read as one amount with `원`, or `nil` when it is no candidate or
    /// the Korean reading disagrees.
    private static func repaired(_ run: [RecognizedWord], koreanWords: [RecognizedWord]) -> RecognizedWord? {
        guard let first = run.first, let (amount, _) = split(run.map(\.text).joined()) else { return nil }
        let span = run.dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
        guard koreanReadsWon(after: amount, over: span, koreanWords: koreanWords) else { return nil }
        let confidence = run.map(\.confidence).min() ?? 0
        return RecognizedWord(text: amount + "원", boundingBox: span, confidence: confidence)
    }

    /// An amount and the separate tail after it, read as the amount with `원` when the
    /// Korean reading of their span is the amount's digits and `원`.
    private static func repaired(amount: RecognizedWord, tail: RecognizedWord, koreanWords: [RecognizedWord]) -> RecognizedWord? {
        let span = amount.boundingBox.union(tail.boundingBox)
        guard koreanReadsWon(after: amount.text, over: span, koreanWords: koreanWords) else { return nil }
        return RecognizedWord(text: amount.text + "원", boundingBox: span, confidence: min(amount.confidence, tail.confidence))
    }

    /// Whether the Korean reading of `span` is `amount`'s digits (separators aside) and `원`.
    private static func koreanReadsWon(after amount: String, over span: NormalizedRect, koreanWords: [RecognizedWord]) -> Bool {
        let korean = koreanWords.filter { HangulWordRepair.overlapFraction(of: $0.boundingBox, inside: span) >= 0.5 }.map(\.text).joined()
        return korean.hasSuffix("원") && digits(of: String(korean.dropLast())) == digits(of: amount)
            && korean.dropLast().allSatisfy { $0.isASCIIDigit || $0 == "," || $0 == "." }
    }

    /// The comma-grouped amount at the start of `text` (`36,100`) and the tail after it
    /// (`-2)`), when the tail is short and made of what a misread `원` leaves.
    private static func split(_ text: String) -> (amount: String, tail: Substring)? {
        let characters = Array(text)
        var end = 0
        while end < characters.count, end < 3, characters[end].isASCIIDigit { end += 1 }
        guard end > 0 else { return nil }
        var groups = 0
        while end + 4 <= characters.count, characters[end] == ",", characters[(end + 1)..<(end + 4)].allSatisfy(\.isASCIIDigit) {
            end += 4
            groups += 1
        }
        let tail = text.dropFirst(end)
        guard groups > 0, !tail.isEmpty, tail.count <= longestTail,
            tail.allSatisfy({ $0.isASCIIDigit || ")]}|-".contains($0) })
        else { return nil }
        return (String(characters[..<end]), tail)
    }

    private static func digits(of text: String) -> String {
        String(text.filter(\.isASCIIDigit))
    }
}
