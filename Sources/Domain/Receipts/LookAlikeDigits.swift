/// Digits an engine reads for one another on receipt print: a zero printed dotted or
/// slashed (as many receipt printers' fonts do) taken for 5, 6, 8 or 9, and back.
///
/// Only the receipt's own arithmetic can say which reading was printed, so a value
/// changed here is a candidate for the sums to confirm, never a reading on its own.
/// (Adding the other pairs engines confuse, 3 and 8, 5 and 6, 1 and 7, made so many
/// candidates that the sums of a six-item receipt no longer chose one.)
enum LookAlikeDigits {
    /// For each digit, the digits it is read for.
    static let alike: [Character: Set<Character>] = ["0": ["5", "6", "8", "9"], "5": ["0"], "6": ["0"], "8": ["0"], "9": ["0"]]

    /// At most this many digits of one number are taken for misread: more, and nearly any
    /// number of the same length would be a candidate.
    static let mostChanged = 2

    /// `value` and every number it may have been read for, with at most `mostChanged` of its
    /// digits exchanged for look-alikes (the first digit never becomes 0).
    static func candidates(for value: Int) -> Set<Int> {
        guard value >= 0 else { return [value] }
        let digits = Array(String(value))
        var found: Set<[Character]> = [digits]
        var frontier: Set<[Character]> = [digits]
        for _ in 0..<mostChanged {
            var next: Set<[Character]> = []
            for reading in frontier {
                for (position, digit) in reading.enumerated() where reading[position] == digits[position] {
                    for other in alike[digit] ?? [] where !(position == 0 && other == "0") {
                        var changed = reading
                        changed[position] = other
                        if found.insert(changed).inserted { next.insert(changed) }
                    }
                }
            }
            frontier = next
        }
        return Set(found.compactMap { Int(String($0)) })
    }
}
