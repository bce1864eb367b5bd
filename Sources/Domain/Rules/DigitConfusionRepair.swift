import Foundation

/// Repairs letters the engine read in place of digits inside numbers, prices, dates and
/// times: `O`/`o` → 0, `l`/`I`/`|` → 1, `S` → 5, `B` → 8.
///
/// Only a *numeric span* is touched: a run of digits, separators (`, . - / :`) and those
/// letters, not glued to other Latin letters, with at least two real digits and no more
/// confusable letters than digits, that becomes a well-formed number after the repair —
/// a price (`12,5O0` → `12,500`, also before 원), a date (`2O25-10-18`), a time (`l2:30`),
/// a decimal, or a plain number that does not start with a letter (`1O0` → `100`, but
/// `S25` stays a model name). Words such as `SOLD`, `B1`, `OK` or `IBK` never change.
public struct DigitConfusionRepair: RecognitionRule, Hashable, Codable {
    /// The letters repaired, and the digit each stands for.
    public static let confusions: [Character: Character] = ["O": "0", "o": "0", "l": "1", "I": "1", "|": "1", "S": "5", "B": "8"]

    private static let separators = CharacterSet(charactersIn: ",.-/:")

    /// Creates the rule.
    public init() {}

    public var name: String { "digit-repair" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.mappingLines { $0.mappingTokens(Self.repair) }
    }

    /// `token` with its numeric spans repaired.
    public static func repair(_ token: String) -> String {
        let characters = Array(token)
        var output = ""
        var index = 0
        while index < characters.count {
            guard isSpanCharacter(characters[index]) else {
                output.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, isSpanCharacter(characters[end]) { end += 1 }
            let span = String(characters[index..<end])
            let gluedToLetters =
                (index > 0 && isLatinLetter(characters[index - 1]))
                || (end < characters.count && isLatinLetter(characters[end]))
            output += gluedToLetters ? span : repairedSpan(span)
            index = end
        }
        return output
    }

    private static func repairedSpan(_ span: String) -> String {
        let digits = span.filter(\.isASCIIDigit).count
        let letters = span.filter { confusions[$0] != nil }.count
        guard letters > 0, digits >= 2, letters <= digits else { return span }
        let candidate = String(span.map { confusions[$0] ?? $0 })
        let core = candidate.trimmingCharacters(in: separators)
        guard isWellFormedNumber(core) else { return span }
        if core.allSatisfy(\.isASCIIDigit), let first = span.trimmingCharacters(in: separators).first, confusions[first] != nil {
            return span
        }
        return candidate
    }

    private static func isWellFormedNumber(_ text: String) -> Bool {
        text.wholeMatch(of: Pattern.price) != nil  // price
            || text.wholeMatch(of: Pattern.plainNumber) != nil  // plain number, decimal
            || text.wholeMatch(of: Pattern.date) != nil  // date
            || text.wholeMatch(of: Pattern.time) != nil  // time
            || text.wholeMatch(of: Pattern.groupedNumber) != nil  // phone or registration number
    }

    private static func isSpanCharacter(_ character: Character) -> Bool {
        character.isASCIIDigit || confusions[character] != nil || ",.-/:".contains(character)
    }

    private static func isLatinLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }
}

extension Character {
    /// `0`–`9` (not other scripts' digits).
    public var isASCIIDigit: Bool { isASCII && isNumber }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let price = #/\d{1,3}(,\d{3})+/#
    nonisolated(unsafe) static let plainNumber = #/\d+(\.\d+)?/#
    nonisolated(unsafe) static let date = #/\d{2,4}[-.\/]\d{1,2}[-.\/]\d{1,2}/#
    nonisolated(unsafe) static let time = #/\d{1,2}:\d{2}(:\d{2})?/#
    nonisolated(unsafe) static let groupedNumber = #/\d{2,4}-\d{2,4}-\d{4,5}/#
}
