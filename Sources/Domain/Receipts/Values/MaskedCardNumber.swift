/// Masked card numbers as card terminals print them: the first digits, a run of masking
/// characters, and a last group of four (`5461-11**-****-1234`, `94166149********`,
/// `6250-03**-****-4903`, `5461-11**-****-123*`, `3762-60**-****-****`).
///
/// A number is recognised by its shape alone: four, six or eight leading digits, at least
/// two masking characters (`*`, or what an engine reads for one: `%`, `#`, `+`, `x`, `¥`,
/// `※`, `°`, `^`, a quotation mark, guillemet, ellipsis or the dot `ㆍ`; the bullets `•` and
/// `·` apps mask with), groups separated by dashes (or the jamo `ㅡ` or a full stop an engine reads for one, and a
/// stray bracket before the last group), and a last group of four digits or masks, where
/// the number ends (its digits first: one after a mask is a mask misread). Digits without a mask (a POS, terminal
/// or order number) are never a card number. The number is given back in the shape it was
/// printed in (grouped by dashes or not), its mask normalised to `*` and to sixteen places.
public enum MaskedCardNumber {
    /// Characters engines read for the `*` of a mask.
    /// (The pattern in `find(in:)` lists the same characters: change both together.)
    public static let maskCharacters: Set<Character> = [
        "*", "%", "#", "+", "x", "X", "×", "¥", "※", "⁎", "∗", "＊", "°", "\"", "\u{201C}", "\u{201D}", "^", "«", "»", "…", "•", "·", "ㆍ",
    ]

    /// The first masked card number in `text`, and the range it was read from.
    public static func find(in text: String) -> (number: String, range: Range<String.Index>)? {
        for match in text.matches(of: Pattern.maskedNumber, notAfter: "0123456789*") {
            let (_, first, secondGroup, run, last) = match.output
            let second = secondGroup.map(String.init) ?? ""
            let masked = run.filter { maskCharacters.contains($0) }.count
            guard masked >= 2 else { continue }
            // Digits right after the last group — or a group of digits or masks after a misread
            // mark (not a marker such as `(C)`, read `(6)`) — mean the number goes on, misread:
            // not this shape (its last group would be invented).
            let after = text[match.range.upperBound...].drop(while: { "-. ㅡ".contains($0) })
            let afterMarks = text[match.range.upperBound...].drop { "-.ㅡ".contains($0) }
                .drop { !$0.isLetter && !$0.isNumber && !$0.isWhitespace && !maskCharacters.contains($0) }
            let goesOn = afterMarks.prefix { $0.isNumber || maskCharacters.contains($0) }.count >= 3
            guard after.first?.isNumber != true, !goesOn else { continue }
            let lead = String(first) + second
            // Terminals print the last group's digits before its masks (`123*`): a digit after
            // a mask there is a mask misread (`*5**`).
            let firstMask = last.firstIndex(where: maskCharacters.contains) ?? last.endIndex
            let tail = String(last[..<firstMask]) + String(repeating: "*", count: last.distance(from: firstMask, to: last.endIndex))
            guard tail.contains(where: \.isASCIIDigit) || masked + lead.count >= 8 else { continue }
            let places = Array(lead + String(repeating: "*", count: max(0, 12 - lead.count)) + tail)
            guard places.count == 16 else { continue }
            // Grouped by dashes (or full stops, or the jamo, read for them).
            let grouped = text[match.range].contains { $0 == "-" || $0 == "ㅡ" || $0 == "." }
            let number =
                grouped
                ? stride(from: 0, to: 16, by: 4).map { String(places[$0..<$0 + 4]) }.joined(separator: "-") : String(places)
            return (number, match.range)
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
    /// The first digits, the run of masks, the last group (`\x20` a space, `\#` a hash: the
    /// literal is extended, where whitespace is ignored and `#` starts a comment).
    nonisolated(unsafe) static let maskedNumber =
        #/
        (\d{4}) (?:[-.\x20ㅡ]{0,2} (\d{4}|\d{2}))?
        ((?:[-.\x20ㅡ]{0,2} [*%\#+xX×¥※⁎∗＊°"“”^«»…•·ㆍ]){2,} [-.\x20ㅡ]{0,2} [(\[]?)
        ((?:\d|[*%\#+xX×¥※⁎∗＊°"“”^«»…•·ㆍ]){4}) (?![\d*°])
        /#
}
