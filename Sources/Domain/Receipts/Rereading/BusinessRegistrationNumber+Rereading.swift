/// Business registration numbers read wrong, found by their check digit, and the reading
/// of one looked at again that may stand for it.
///
/// The check digit tells a misread number from a right one, but not which digit is wrong
/// (`632-08-49689` has several valid numbers one likely confusion away). Read again on its
/// own, the number often comes back right; the check digit then confirms that reading, as
/// it could not confirm a guess.
extension BusinessRegistrationNumber {
    /// A reading looked at again may differ from the first in at most this many digits
    /// (changed, left out or added): further away, it is another number.
    package static let largestRereadDistance = 2

    /// The characters of `word` (offsets) that may be a business registration number read
    /// wrong: a run of digits, hyphens and full stops, not opening with 0, that fails its
    /// check digit, either in groups of three, two and five digits (one group may have a
    /// digit more or fewer), or — on a line `labelled` as holding one (`사업자`, `등록번호`) —
    /// nine to eleven digits in one to four groups (`927-117-33068`, `355.0-94-84372`).
    package static func doubtfulRun(in word: String, labelled: Bool) -> Range<Int>? {
        for run in numberRuns(in: word) {
            let text = String(Array(word)[run])
            let digits = text.filter(\.isASCIIDigit)
            let groups = text.split { $0 == "-" || $0 == "." }.map(\.count)
            // The three groups, or one of them a digit longer or shorter (`927-117-33068`).
            let offGroups = zip(groups, [3, 2, 5]).filter { $0 != $1 }
            let shaped = groups.count == 3 && offGroups.count <= 1 && offGroups.allSatisfy { abs($0 - $1) == 1 }
            let labelledShape = labelled && (9...11).contains(digits.count) && (1...4).contains(groups.count)
            // A registration number opens with its tax office's code, never with 0: a run
            // that does is a phone number (`02-324-2442` beside its label).
            if (shaped || labelledShape) && digits.first != "0" && !isValid(String(digits)) { return run }
        }
        return nil
    }

    /// Whether `line` (its text) labels a business registration number.
    package static func isLabelled(_ line: String) -> Bool {
        let compact = line.filter { !$0.isWhitespace }
        return Keywords.businessNumber.contains { compact.contains($0) }
    }

    /// The number `reread` spells (`###-##-#####`) when it holds exactly one run of ten
    /// digits with a valid check digit within `largestRereadDistance` digits of the first
    /// reading `original`; `nil` otherwise.
    package static func confirmedReading(_ reread: String, insteadOf original: String) -> String? {
        let candidates = numberRuns(in: reread).map { String(Array(reread)[$0].filter(\.isASCIIDigit)) }.filter { $0.count == 10 }
        guard candidates.count == 1, let digits = candidates.first, isValid(digits) else { return nil }
        let first = original.filter(\.isASCIIDigit)
        guard digits != first, EditDistance.between(Array(digits), Array(first)) <= largestRereadDistance else { return nil }
        return formatted(digits)
    }

    /// The runs of `text` (offsets) that start and end with a digit and hold only digits,
    /// hyphens and full stops.
    private static func numberRuns(in text: String) -> [Range<Int>] {
        let characters = Array(text)
        var runs: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isASCIIDigit else {
                index += 1
                continue
            }
            var end = index
            var lastDigit = index
            while end < characters.count, characters[end].isASCIIDigit || characters[end] == "-" || characters[end] == "." {
                if characters[end].isASCIIDigit { lastDigit = end }
                end += 1
            }
            runs.append(index..<(lastDigit + 1))
            index = end
        }
        return runs
    }
}
