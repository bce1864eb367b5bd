internal import CTesseract
import Domain

/// Re-reads, with the English model alone, the end of each Korean line that holds a number
/// (`두부 3008 2 26.000`: quantities, units, prices, registration numbers), and takes that
/// reading (`300g 2 26,000`) where it keeps the Korean model's digits.
///
/// The Korean model has no Latin letters and is loose with punctuation: it writes a unit's
/// letter as the digit it resembles (`500g` → `5009`, `20T` → `201`), a thousands comma as a
/// full stop and drops hyphens, sure of itself, so Tesseract never asks its second model.
/// Its digits, though, are reliable, and the English model's are not (it reads a lone `1`
/// as `4` or `I` in some fonts). So the English reading of the words after the line's last
/// Hangul word is taken only when it has as many words or more, is read with at least
/// `minimumConfidence`, contains only digits, Latin letters and number punctuation, adds
/// letters only as units after a number (or as words the Korean reading had), splits no
/// number at its comma, and its digits are the Korean reading's with at most one left out
/// for each letter it adds (`5009` → `500g`).
/// Runs for `.accurate` readings with both `kor` and `eng`.
struct NumberTailSecondOpinion: LineSecondOpinion {
    static let stage = "tails"
    static var models: [[String]] { [english] }
    /// Every word of the English reading must be read with at least this confidence.
    static let minimumConfidence: Float = 0.6

    /// The engines to read with: `eng` is made when a line first needs it (15 of the 23 real
    /// images need it, for this or `LatinLetterSecondOpinion`).
    let crew: EngineCrew
    let control: RecognitionControl
    /// Lines read less confidently than this are left as they are: the confidence filter
    /// drops them (0 when no filter will run).
    var minimumLineConfidence: Float = 0

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try crew.review(lines, on: prepared, readingWith: Self.engineSetups, where: looksAgain(at:)) { line, engines, prepared in
            let words = line.line.words
            guard let tail = Self.numberTail(of: words.map(\.text)), let span = line.line.span(ofWords: tail) else { return line }
            try control.checkpoint()
            // The tail with a third of the line's height of margin, over the line's reading height.
            let rectangle = line.readingBox(
                over: span, margin: max(2, line.preparedBox.height / 3), within: prepared.image.size)
            guard let engine = engines.optionalEngine(for: Self.english),
                let reread = try engine.look(at: prepared, PSM_SINGLE_LINE, within: rectangle, control: control)
            else { return line }
            var english = reread.flatMap(\.line.words)
            let korean = words[tail].map(\.text)
            // Unsure words are taken only as a common unit written where the Korean reading
            // has as many extra digits after the same number (`500ml` for `50001`, at 0.25).
            let units = english.count == korean.count ? english.indices.filter { Self.isUnitForDigits(english[$0].text, korean: korean[$0]) } : []
            guard english.indices.allSatisfy({ english[$0].confidence >= Self.minimumConfidence || units.contains($0) }) else { return line }
            // Such a unit stands for the Korean model's sure digits: it keeps their confidence.
            for index in units {
                english[index].confidence = max(english[index].confidence, words[tail.lowerBound + index].confidence)
            }
            if let lastWord = english.last {
                english[english.count - 1].text = Self.withoutAddedFinalStop(lastWord.text, korean: korean.last ?? "")
            }
            guard Self.accepts(english.map(\.text), insteadOf: korean) else { return line }
            return PreparedLine(line: line.line.replacingWords(with: Array(words[..<tail.lowerBound]) + english), preparedBox: line.preparedBox)
        }
    }

    /// Whether `line` is re-read: it ends in a number after Hangul that the English model
    /// could write otherwise, and the confidence filter keeps it.
    func looksAgain(at line: PreparedLine) -> Bool {
        let words = line.line.words.map(\.text)
        guard line.line.confidence >= minimumLineConfidence, let tail = Self.numberTail(of: words) else { return false }
        return !words[tail].allSatisfy(Self.isSettled)
    }

    /// Whether the English model can only write `word` the same way: a count of one digit
    /// (two may be a unit misread: `2L` → `21`), an amount in thousands groups (`12,500`,
    /// `-1,370`, `9,000원`), or digit groups joined by hyphens, slashes or colons
    /// (`170-93-24947`, `2024/01/05`, `18:42`). Measured: the same CER on the 23 real
    /// images and on both synthetic splits without them.
    static func isSettled(_ word: String) -> Bool {
        if word.count == 1, word.allSatisfy(\.isASCIIDigit) { return true }
        let amount = word.hasPrefix("-") ? word.dropFirst() : word[...]
        let digits = amount.hasSuffix("원") ? amount.dropLast() : amount
        let thousands = digits.split(separator: ",", omittingEmptySubsequences: false)
        if thousands.count > 1, (1...3).contains(thousands[0].count), thousands.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            thousands.dropFirst().allSatisfy({ $0.count == 3 })
        {
            return true
        }
        let groups = word.split(omittingEmptySubsequences: false) { "-/:".contains($0) }
        return groups.count > 1 && groups.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// The words after the last one with Hangul, when there are such words, one of them has
    /// a digit, and some word before them has Hangul.
    static func numberTail(of words: [String]) -> Range<Int>? {
        guard let lastKorean = words.lastIndex(where: { $0.unicodeScalars.contains(where: HangulWordRepair.isHangulSyllable) }),
            lastKorean + 1 < words.count
        else { return nil }
        let tail = (lastKorean + 1)..<words.count
        return words[tail].contains { $0.contains(where: \.isASCIIDigit) } ? tail : nil
    }

    /// `word` without a full stop or comma after its final digit that the Korean reading did
    /// not end with (`21,000.` → `21,000`: the English model's reading of the line's end).
    static func withoutAddedFinalStop(_ word: String, korean: String) -> String {
        guard word.count > 1, let final = word.last, final == "." || final == ",",
            word.dropLast().last?.isASCIIDigit == true, korean.last != final
        else { return word }
        return String(word.dropLast())
    }

    /// Whether the English reading `english` of a line's number tail should replace the
    /// Korean reading `korean` (see the type's description).
    static func accepts(_ english: [String], insteadOf korean: [String]) -> Bool {
        guard !english.isEmpty, english.count >= korean.count, english != korean,
            english.allSatisfy({ $0.allSatisfy(isNumberCharacter) }),
            // `134, 300`: a number split at its comma.
            !english.dropLast().contains(where: { $0.last == "," || $0.last == "." })
        else { return false }
        let added = english.filter { $0.contains(where: \.isLetter) && !korean.contains($0) }
        guard added.allSatisfy(isUnitAfterNumber) else { return false }
        let koreanDigits = korean.joined().filter(\.isASCIIDigit)
        let englishDigits = english.joined().filter(\.isASCIIDigit)
        guard englishDigits.isSubsequence(of: koreanDigits) else { return false }
        let newLetters = english.joined().filter(\.isLetter).count - korean.joined().filter(\.isLetter).count
        let leftOut = koreanDigits.count - englishDigits.count
        return leftOut <= max(0, newLetters)
    }

    /// Units printed after quantities on Korean receipts.
    static let commonUnits: Set<String> = ["g", "kg", "mg", "ml", "mL", "L", "l", "T", "mm", "cm", "m", "EA", "ea"]

    /// Whether `english` is a number and a common unit, and `korean` the same number
    /// followed by as many digits as the unit has letters (the Korean model's digits for
    /// the letters it lacks: `500ml` → `50001`, `300g` → `3009`).
    static func isUnitForDigits(_ english: String, korean: String) -> Bool {
        let number = english.prefix { $0.isASCIIDigit || $0 == "." || $0 == "," }
        let unit = english.dropFirst(number.count)
        guard !number.isEmpty, number.first?.isASCIIDigit == true, commonUnits.contains(String(unit)),
            korean.hasPrefix(number), korean.count == english.count
        else { return false }
        return korean.dropFirst(number.count).allSatisfy(\.isASCIIDigit)
    }

    /// Digits, Latin letters and the punctuation of numbers, codes and amounts.
    static func isNumberCharacter(_ character: Character) -> Bool {
        character.isASCIIDigit || (character.isASCII && character.isLetter) || ".,-:/%*#".contains(character)
    }

    /// A number followed by one to three letters: `300g`, `0.5mm`, `1.5kg`, `20T`.
    static func isUnitAfterNumber(_ word: String) -> Bool {
        let number = word.prefix { $0.isASCIIDigit || $0 == "." || $0 == "," }
        let unit = word.dropFirst(number.count)
        return number.first?.isASCIIDigit == true && (1...3).contains(unit.count) && unit.allSatisfy { $0.isASCII && $0.isLetter }
    }
}

extension StringProtocol {
    /// Whether this string's characters appear in `other` in the same order, perhaps with others between.
    func isSubsequence<Other: StringProtocol>(of other: Other) -> Bool {
        var remaining = other[...]
        for character in self {
            guard let found = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: found)...]
        }
        return true
    }
}
