/// Reads a word printed half in Latin letters, half in Hangul (`IC신용승인`, `EDC매출표`,
/// `카카오T`, `kosis에`, `EDA를`) from two readings of it alone: the Korean model's and the
/// English model's.
///
/// Neither model reads such a word: the Korean one has no Latin letters (`IC` comes out as
/// `16`, a trailing `T` as `고`), the English one no Hangul (`에` comes out as `d`, `를` as
/// `S`), and Tesseract reading both takes one model per word. Each model reads its own
/// script right, though, and places each character: the word is the English reading up to
/// a point and the Korean reading after it, or the other way round. The point chosen is one
/// whose two parts are each all of their script (Latin letters and digits, with a letter;
/// Hangul syllables) in a plausible shape (`isPlausible`), lie side by side, and are read
/// surely, every character at least `minimumConfidence`; of those, the one that keeps most
/// of the word as the page read it (`kept(of:in:)`), then the most confident.
package enum MixedScriptWord {
    /// One character of a reading and where it lies along the line (any unit, both
    /// readings the same).
    package struct Symbol: Sendable, Hashable {
        package var text: String
        package var minX: Double
        package var maxX: Double
        package var confidence: Float

        package init(text: String, minX: Double, maxX: Double, confidence: Float) {
            self.text = text
            self.minX = minX
            self.maxX = maxX
            self.confidence = confidence
        }

        var centre: Double { (minX + maxX) / 2 }
    }

    /// Every character taken must be read at least this confidently.
    package static let minimumConfidence: Float = 0.85
    /// Two parts may overlap by this fraction of the narrower neighbour's width (the
    /// models' character boxes are approximate).
    static let overlapTolerance = 0.25

    /// The readings of `word` (as the page read it) as the English reading before a point and
    /// the Korean after it, or the reverse, with the mean confidence of their characters:
    /// each part of its own script, read surely, the two side by side. Of those that mend
    /// the word rather than replace it (`kept(of:in:)`), the one keeping most of it, then
    /// the most confident; `nil` when there is none, or it is the word as read or less
    /// confident.
    package static func mended(_ word: RecognizedWord, korean: [Symbol], english: [Symbol]) -> RecognizedText? {
        mended(word, korean: korean, english: english, keeping: nil)
    }

    /// The word as `englishHead` — the English model's reading of its head alone, up to
    /// `headEnd(in: korean)` — followed by the Korean reading's sure syllables after it
    /// (`BC카드` for `60카드`, `AJ파크` for `시파크`), on the terms of `mended(_:korean:english:)`,
    /// except that only those sure syllables must be kept: what the Korean model read in the
    /// head, it did not read surely as Hangul. The head must read as capitals (and marks). `nil`
    /// when the word has no such head or no such reading.
    package static func mended(_ word: RecognizedWord, korean: [Symbol], englishHead: [Symbol]) -> RecognizedText? {
        // A head is a brand or an acronym in capitals (`BC`, `AJ`, `GS`); digits are a number's
        // (`365열린약국`, its speck read `wx`), lowercase letters a misreading (`하나로마트` made `om니로마트`).
        // Marks read beside it (a speck read `‘`) are left to the merge, which takes none.
        let capitals = !englishHead.contains { $0.text.contains { $0.isNumber || $0.isLowercase } }
        guard let first = sureTail(of: korean), capitals else { return nil }
        let tail = Array(korean[first...])
        return mended(word, korean: tail, english: englishHead, keeping: tail.flatMap(\.text))
    }

    /// Where the Latin head of a word ends, when its Korean reading `korean` opens with
    /// characters not read surely as Hangul — marks, jamo, digits, syllables under
    /// `minimumConfidence` (`ㅁ0ㅇ카드` for `BC카드`, `스]파크` for `AJ파크`) — followed by two
    /// syllables or more read surely: midway between the head's last character and the
    /// first of those syllables. The English model reading the whole word misreads the
    /// letters beside Hangul (`BoFFE`, `Apa`); read alone, the head comes back right.
    package static func headEnd(in korean: [Symbol]) -> Double? {
        guard let first = sureTail(of: korean) else { return nil }
        let start = korean[first].minX
        return (min(start, korean[..<first].map(\.maxX).max() ?? start) + start) / 2
    }

    /// The index where `korean` starts its run of at least two syllables read surely, up to
    /// its end, after a head holding none (`nil` when there is no head or no such run).
    private static func sureTail(of korean: [Symbol]) -> Int? {
        let isSure: (Symbol) -> Bool = { symbol in
            symbol.confidence >= minimumConfidence && symbol.text.unicodeScalars.allSatisfy(HangulWordRepair.isHangulSyllable)
        }
        guard let first = korean.firstIndex(where: isSure), first > 0, korean.count - first >= 2, korean[first...].allSatisfy(isSure)
        else { return nil }
        return first
    }

    /// `mended(_:korean:english:)`, keeping the syllables `required` (`nil`: all the word was read with).
    private static func mended(_ word: RecognizedWord, korean: [Symbol], english: [Symbol], keeping required: [Character]?) -> RecognizedText? {
        let korean = withPlausibleWidths(korean)
        let english = withPlausibleWidths(english)
        var best: (text: String, kept: Int, confidence: Float)?
        let cuts = Set((korean + english).map(\.centre)).sorted()
        for (first, second, latinFirst) in [(english, korean, true), (korean, english, false)] {
            for cut in cuts.dropFirst() {
                let left = trimmed(first.filter { $0.centre < cut }, atStart: true)
                let right = trimmed(second.filter { $0.centre >= cut }, atStart: false)
                let latin = latinFirst ? left : right
                let hangul = latinFirst ? right : left
                guard let last = left.last, let next = right.first, isLatin(latin), isHangul(hangul),
                    isPlausible(
                        latin: latin.map(\.text).joined(), hangul: hangul.map(\.text).joined(), latinFirst: latinFirst,
                        wordStartsWithDigit: word.text.first?.isNumber ?? false),
                    areSideBySide(last, next, lastEndsItsReading: last == first.last)
                else { continue }
                let confidences = (left + right).map(\.confidence)
                guard confidences.allSatisfy({ $0 >= minimumConfidence }) else { continue }
                let text = (left + right).map(\.text).joined()
                guard let kept = kept(of: word.text, in: text, keeping: required) else { continue }
                let mean = confidences.reduce(0, +) / Float(confidences.count)
                if best.map({ (kept, mean) > ($0.kept, $0.confidence) }) ?? true { best = (text, kept, mean) }
            }
        }
        guard let best, best.text != word.text, best.confidence > word.confidence else { return nil }
        return RecognizedText(string: best.text, confidence: best.confidence)
    }

    /// Whether `last`, the end of one part, and `next`, the start of the other, lie side by
    /// side: they overlap by at most `overlapTolerance` of the narrower's width. The line model
    /// runs a reading's last box on to the end of the word (`오` over the `T` of `카카오T`): when
    /// `last` ends its reading, its centre is what must lie before `next`.
    static func areSideBySide(_ last: Symbol, _ next: Symbol, lastEndsItsReading: Bool) -> Bool {
        let tolerance = overlapTolerance * min(last.maxX - last.minX, next.maxX - next.minX)
        return last.maxX - next.minX <= tolerance || (lastEndsItsReading && last.centre <= next.minX)
    }

    /// Whether a word of `line` may be such a word misread, when read less surely than
    /// `unsure`: Hangul syllables beside ASCII letters or digits (`16신용승인`, `606매출표`; not
    /// a number and a unit of one or two syllables, `5,980원`, `1년에`), Latin letters alone on
    /// a line holding Hangul (`kosisd`, `EDAS`; a line of English is read as English), or
    /// Hangul read under `unsureHangul` (`카카오` with its `T` lost).
    package static func isSuspect(_ word: RecognizedWord, in line: RecognizedLine) -> Bool {
        guard word.confidence < unsure else { return false }
        let scalars = Array(word.text.unicodeScalars)
        let syllables = scalars.filter(HangulWordRepair.isHangulSyllable).count
        let latin = scalars.filter(HangulWordRepair.isLatinLetter).count
        guard syllables > 0 else { return latin >= 2 && line.text.unicodeScalars.contains(where: HangulWordRepair.isHangulSyllable) }
        let alphanumeric = scalars.contains(where: isLatinLetterOrDigit)
        let numberAndUnit = word.text.wholeMatch(of: Pattern.numberAndUnit) != nil
        return (alphanumeric && !numberAndUnit) || word.confidence < unsureHangul
    }

    /// How a word is looked at again.
    package enum Look: Sendable, Equatable {
        /// Merged from both models' readings (`mended(_:korean:english:)`), or failing that,
        /// its head read alone (`mended(_:korean:englishHead:)`): a suspect word (`isSuspect`).
        case whole
        /// Its head read alone only: a word of three Hangul syllables or more read under
        /// `unsureHead`, not suspect (`시파크` for `AJ파크`). Merged whole, such words gave
        /// Hangul names a Latin tail (measured: `황태` made `황태H`, `사업자` made `사업자E`).
        case head
    }

    /// How `word` of `line` is looked at again; `nil` when it is left as read.
    package static func look(at word: RecognizedWord, in line: RecognizedLine) -> Look? {
        if isSuspect(word, in: line) { return .whole }
        let scalars = word.text.unicodeScalars
        let hangulOnly = scalars.filter(HangulWordRepair.isHangulSyllable).count >= 3 && !scalars.contains(where: isLatinLetterOrDigit)
        return word.confidence < unsureHead && hangulOnly ? .head : nil
    }

    /// A Hangul word read less confidently than this is looked at again for a Latin head.
    package static let unsureHead: Float = 0.7

    /// A word read at least this confidently is left as read.
    package static let unsure: Float = 0.9
    /// A Hangul word read less confidently than this is looked at again.
    package static let unsureHangul: Float = 0.5

    /// How many of `word`'s letters and digits `merged` keeps in order, when it mends the
    /// word rather than replacing it: it keeps at least half of them, and has about as many
    /// characters (one more or fewer: a letter the page's reading lost, `카카오` for `카카오T`).
    /// Every Hangul syllable the word was read with stays: a merge dropping one replaces what
    /// the Korean model read (measured: `단가` made `at가`, `카카오T` made `카카T`, `7일이내이며`
    /// made `TR이내이며`, `니로마트` made `니로nre`).
    /// With `required`, only those syllables must stay.
    static func kept(of word: String, in merged: String, keeping required: [Character]? = nil) -> Int? {
        let original = Array(word.filter { $0.isLetter || $0.isNumber })
        let candidate = Array(merged)
        guard !original.isEmpty, abs(candidate.count - word.count) <= 1 else { return nil }
        let kept = commonLength(original, candidate)
        let syllables = required ?? original.filter(HangulWordRepair.isHangulSyllable)
        guard 2 * kept >= original.count, commonLength(syllables, candidate.filter(HangulWordRepair.isHangulSyllable)) == syllables.count
        else { return nil }
        return kept
    }

    /// The length of the longest common subsequence of `a` and `b`.
    private static func commonLength(_ a: [Character], _ b: [Character]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices {
            for j in b.indices {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return table[a.count][b.count]
    }

    /// `symbols` with any box much wider than the reading's typical character narrowed to
    /// that width about its centre (the line model sometimes gives one character the whole
    /// word's box).
    static func withPlausibleWidths(_ symbols: [Symbol]) -> [Symbol] {
        let widths = symbols.map { $0.maxX - $0.minX }.sorted()
        guard let median = widths.isEmpty ? nil : widths[widths.count / 2], median > 0 else { return symbols }
        return symbols.map { symbol in
            guard symbol.maxX - symbol.minX > widestCharacter * median else { return symbol }
            var narrowed = symbol
            narrowed.minX = symbol.centre - median / 2
            narrowed.maxX = symbol.centre + median / 2
            return narrowed
        }
    }

    /// A character's box wider than this many typical widths is the word's, not its own.
    static let widestCharacter = 2.5

    /// Whether a word can be made of `latin` and `hangul` in that order (`latinFirst`) or
    /// the other: Latin letters before Hangul are a brand or acronym before a noun of three
    /// syllables or more (`EDC매출표`, `IC신용승인`, `M항공사와`), two after two capitals or more
    /// (`BC카드`, `AJ파크`), or, two letters or more, before a particle (`EDA를`, `kosis에`);
    /// after Hangul, they end a name of two syllables or more (`카카오T`). A lone letter is a capital, and stands for no digit the word was read with
    /// (`7일이내이며` is no `T일이내이며`). (Measured on the real images and their captures:
    /// shorter parts were misreadings, `O체`, `G산안`, `오No`, `B가`.)
    static func isPlausible(latin: String, hangul: String, latinFirst: Bool, wordStartsWithDigit: Bool = false) -> Bool {
        let capital = latin.uppercased() == latin
        guard latinFirst else { return hangul.count >= 2 && (latin.count > 1 || capital) }
        if latin.count == 1 { return capital && hangul.count >= 3 && !wordStartsWithDigit }
        return hangul.count >= (capital ? 2 : 3) || particles.contains(hangul)
    }

    /// Korean particles that follow a Latin word (`API를`, `iOS의`, `OCR로`).
    static let particles: Set<String> = [
        "은", "는", "이", "가", "을", "를", "의", "에", "와", "과", "로", "으로", "도", "만", "에서", "에게", "까지", "부터", "처럼", "보다",
        "이다", "에는", "에도", "과의", "와의",
    ]

    /// `symbols` without marks at the word's outer end (a quote or speck read beside it).
    private static func trimmed(_ symbols: [Symbol], atStart: Bool) -> [Symbol] {
        let isMark: (Symbol) -> Bool = { !$0.text.contains { $0.isLetter || $0.isNumber } }
        return atStart ? Array(symbols.drop(while: isMark)) : Array(symbols.reversed().drop(while: isMark).reversed())
    }

    private static func isLatin(_ symbols: [Symbol]) -> Bool {
        let scalars = symbols.flatMap(\.text.unicodeScalars)
        return !scalars.isEmpty && scalars.allSatisfy(isLatinLetterOrDigit) && scalars.contains(where: HangulWordRepair.isLatinLetter)
    }

    /// An ASCII letter or digit: what the English model writes in a Latin part.
    private static func isLatinLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        HangulWordRepair.isLatinLetter(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isHangul(_ symbols: [Symbol]) -> Bool {
        let scalars = symbols.flatMap(\.text.unicodeScalars)
        return !scalars.isEmpty && scalars.allSatisfy(HangulWordRepair.isHangulSyllable)
    }
}

/// The regular expressions above, built once: a regex literal inside a function is built
/// again at every call, which cost more than the matching.
///
/// `nonisolated(unsafe)`: a `Regex` is never mutated after it is made; it compiles its
/// program on first use, once, atomically.
private enum Pattern {
    nonisolated(unsafe) static let numberAndUnit = #/[\d,.]+[가-힣]{1,2}/#
}
