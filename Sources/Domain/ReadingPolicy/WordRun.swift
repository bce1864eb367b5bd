/// A run of characters inside a read word: where it lies along the word, and the word with
/// it replaced — what a step that reads part of a word again (a number, a doubtful run)
/// needs to place the piece and put its reading back.
package enum WordRun {
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

    /// `word` with the characters of `run` replaced by `replacement`.
    package static func replacing(_ run: Range<Int>, in word: String, with replacement: String) -> String {
        var characters = Array(word)
        characters.replaceSubrange(run, with: Array(replacement))
        return String(characters)
    }

    private static func width(of character: Character) -> Double {
        if HangulWordRepair.isHangulSyllable(character) { return 1 }
        return character.isLetter || character.isNumber ? 0.6 : 0.4
    }
}
