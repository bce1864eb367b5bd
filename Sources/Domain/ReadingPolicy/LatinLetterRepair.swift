/// Finds and mends the Latin letters of a Hangul word that a Korean reading wrote as digits
/// (`카카오T` → `카카오7`).
///
/// The Korean model has no Latin letters: in a word it reads as Hangul, a brand's capital
/// comes out as the digit it resembles, and Tesseract, sure of the syllables around it,
/// never asks its English model. The English model alone, shown just that character, reads
/// it as the letter. A run of one or two digits beside a Hangul syllable is suspect (a
/// count before its unit, `2층`, `365열린약국`, is not; brackets are not either: `(억 원)`,
/// `(고객용)` are far commoner than a letter read as one, and measured, they were misread);
/// the English reading replaces it when it holds a letter, one character for each, read
/// with `minimumConfidence`, and is no letter the English model itself writes for that
/// digit (`I` for `1`, `O` for `0`): digits it reads as digits stay (`제1회`).
package enum LatinLetterRepair {
    /// The English reading must be at least this sure.
    package static let minimumConfidence: Float = 0.75
    /// The longest run (characters) taken for misread letters.
    static let longestRun = 2

    /// The runs of `word` (character offsets) that may be misread Latin letters.
    package static func suspectRuns(in word: String) -> [Range<Int>] {
        let characters = Array(word)
        guard characters.contains(where: HangulWordRepair.isHangulSyllable) else { return [] }
        var runs: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard isSuspectCharacter(characters[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, isSuspectCharacter(characters[index]) { index += 1 }
            let before = start > 0 && HangulWordRepair.isHangulSyllable(characters[start - 1])
            let after = index < characters.count && HangulWordRepair.isHangulSyllable(characters[index])
            // Digits at the start of a word before a syllable are a count and its unit.
            let count = start == 0 && characters[start..<index].allSatisfy(\.isASCIIDigit)
            // A run inside a longer one of digits and separators is a number (`12,000원`).
            let insideNumber =
                (start > 0 && isNumberSeparator(characters[start - 1]))
                || (index < characters.count && isNumberSeparator(characters[index]))
            if index - start <= longestRun, before || after, !count, !insideNumber {
                runs.append(start..<index)
            }
        }
        return runs
    }

    /// Whether `english` (read with `confidence`) replaces the run `run`.
    package static func accepts(_ english: String, confidence: Float, insteadOf run: String) -> Bool {
        guard confidence >= minimumConfidence, english.count == run.count, english != run,
            english.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), english.contains(where: \.isLetter)
        else { return false }
        return zip(english, run).allSatisfy { letter, original in !(lookAlikes[original]?.contains(letter) ?? false) }
    }

    /// Where `run` lies along `word`, as fractions of its width: a Hangul syllable is a full
    /// square, a Latin letter or digit about 0.6 of one, other marks 0.4. `nil` for an empty run.
    package static func span(of run: Range<Int>, in word: String) -> ClosedRange<Double>? {
        let widths = Array(word).map(width(of:))
        let total = widths.reduce(0, +)
        guard !run.isEmpty, run.upperBound <= widths.count, total > 0 else { return nil }
        let start = widths[..<run.lowerBound].reduce(0, +)
        let end = start + widths[run].reduce(0, +)
        return (start / total)...(end / total)
    }

    /// `word` with the characters of `run` replaced by `letters`.
    package static func replacing(_ run: Range<Int>, in word: String, with letters: String) -> String {
        var characters = Array(word)
        characters.replaceSubrange(run, with: Array(letters))
        return String(characters)
    }

    /// The letters the English model writes for a digit it reads (so a digit confirmed as
    /// such is never taken for a letter).
    static let lookAlikes: [Character: Set<Character>] = [
        "0": ["O", "o", "D", "Q"], "1": ["I", "l", "i", "L", "|"], "2": ["Z", "z"], "5": ["S", "s"], "6": ["G", "b"],
        "8": ["B"], "9": ["g", "q"],
    ]

    private static func isSuspectCharacter(_ character: Character) -> Bool {
        character.isASCIIDigit
    }

    private static func isNumberSeparator(_ character: Character) -> Bool {
        ",.-:/".contains(character)
    }

    private static func width(of character: Character) -> Double {
        if HangulWordRepair.isHangulSyllable(character) { return 1 }
        return character.isLetter || character.isNumber ? 0.6 : 0.4
    }
}
