/// Finds dates and times in the formats Korean receipts print: `2025-10-18 21:22`,
/// `2025.10.18 21:22:05`, `2025/10/18`, `25/10/18`, `25.10.18`, `2025년 10월 18일`,
/// `20251018 21:22` (before a time), with the time anywhere on the same line (`21:22`,
/// `21:22:05`, `21시 22분`).
public enum ReceiptDateParser {
    /// The first valid date in `text`, with the line's time when it has one, and the range
    /// of `text` it was read from.
    public static func date(in text: String) -> (date: ReceiptDate, range: Range<String.Index>)? {
        for candidate in candidates(in: text) {
            var date = candidate.date
            var range = candidate.range
            if let time = time(in: text[candidate.range.upperBound...]) {
                (date.hour, date.minute, date.second) = (time.hour, time.minute, time.second)
                if date.isValid {
                    // The field was read from the date and its time: its text and box hold both.
                    range = candidate.range.lowerBound..<text.index(candidate.range.upperBound, offsetBy: time.end)
                } else {
                    (date.hour, date.minute, date.second) = (nil, nil, nil)
                }
            }
            return (date, range)
        }
        return nil
    }

    /// Every valid date in `text` (without its time), in the order they appear, none
    /// overlapping another: what `DataDetector` reports as dates.
    public static func dates(in text: String) -> [(date: ReceiptDate, range: Range<String.Index>)] {
        var kept: [(date: ReceiptDate, range: Range<String.Index>)] = []
        for candidate in candidates(in: text) where !kept.contains(where: { $0.range.overlaps(candidate.range) }) {
            kept.append(candidate)
        }
        return kept.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The valid dates the patterns find in `text`, the likeliest patterns' first.
    private static func candidates(in text: String) -> [(date: ReceiptDate, range: Range<String.Index>)] {
        var found: [(numbers: [Substring], twoDigitYear: Bool, range: Range<String.Index>)] = []
        // `일` may be lost or misread (`2025년 8월 4 05:44`): the day is the number after `월`.
        found += text.matches(of: Pattern.koreanDate).map { ([$0.1, $0.2, $0.3], false, $0.range) }
        found += text.matches(of: Pattern.separatedDate, notAfter: "0123456789")
            .map { ([$0.1, $0.2, $0.3], false, $0.range) }
        // As engines misread them: the year's separator lost (`202607-28`), or the space
        // before the time (`2025-01-1117:26`).
        found += text.matches(of: Pattern.dateBeforeTime, notAfter: "0123456789")
            .map { ([$0.1, $0.2, $0.3], false, $0.range) }
        found += text.matches(of: Pattern.dateWithYearRunOn, notAfter: "0123456789")
            .map { ([$0.1, $0.2, $0.3], false, $0.range) }
        // Before a time only (else eight digits are as likely an order or approval number): a
        // date printed without separators (`20240313 21:48`), or with one read as the digit
        // it resembles (`2023704/05`: `/` read `7`; `-` read `1`).
        found += text.matches(of: Pattern.runTogetherDate, notAfter: "0123456789")
            .map { ([$0.1, $0.2, $0.3], false, $0.range) }
        found += text.matches(of: Pattern.dateWithSeparatorMisread, notAfter: "0123456789")
            .map { ([$0.1, $0.2, $0.3], false, $0.range) }
        found += text.matches(of: Pattern.twoDigitYearDate, notAfter: "0123456789-")
            .map { ([$0.1, $0.2, $0.3], true, $0.range) }
        return found.compactMap { candidate in
            let numbers = candidate.numbers.compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            let date = ReceiptDate(year: candidate.twoDigitYear ? 2000 + numbers[0] : numbers[0], month: numbers[1], day: numbers[2])
            return date.isValid ? (date, candidate.range) : nil
        }
    }

    /// The first time (`21:22`, `21:22:05`, `21시 22분`) in `text`, and where it ends (in
    /// characters from the start of `text`).
    static func time(in text: Substring) -> (hour: Int, minute: Int, second: Int?, end: Int)? {
        let string = String(text)
        let end = { (match: Range<String.Index>) in string.distance(from: string.startIndex, to: match.upperBound) }
        // With seconds, one colon read as a period (`12.46:24`) still makes a time.
        if let match = string.matches(of: Pattern.timeWithSeconds, notAfter: "0123456789:.").first,
            match.output.0.contains(":"), let hour = Int(match.1), let minute = Int(match.2), let second = Int(match.3),
            hour < 24, minute < 60, second < 60
        {
            return (hour, minute, second, end(match.range))
        }
        if let match = string.matches(of: Pattern.time, notAfter: "0123456789:").first,
            let hour = Int(match.1), let minute = Int(match.2)
        {
            return (hour, minute, match.3.flatMap { Int($0) }, end(match.range))
        }
        if let match = string.firstMatch(of: Pattern.koreanTime), let hour = Int(match.1), let minute = Int(match.2) {
            return (hour, minute, nil, end(match.range))
        }
        // Right after the date, five digits are its time with the colon read as a 1 (`12135`).
        if let match = string.prefixMatch(of: Pattern.timeColonReadAsOne), let hour = Int(match.1), let minute = Int(match.2),
            hour < 24, minute < 60
        {
            return (hour, minute, nil, end(match.range))
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
    nonisolated(unsafe) static let koreanDate = #/(20\d{2})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})(?:\s*일)?(?!\d)/#
    nonisolated(unsafe) static let separatedDate = #/(20\d{2})\s?[-./]\s?(\d{1,2})\s?[-./'’]\s?(\d{1,2})(?!\d)/#
    nonisolated(unsafe) static let dateBeforeTime = #/(20\d{2})[-./]?(\d{2})[-./'’](\d{2})(?=\d{1,2}:\d{2})/#
    nonisolated(unsafe) static let dateWithYearRunOn = #/(20\d{2})(\d{2})[-./](\d{2})(?!\d)/#
    nonisolated(unsafe) static let runTogetherDate = #/(20\d{2})(\d{2})(\d{2})(?=\s+\d{1,2}:\d{2})/#
    nonisolated(unsafe) static let dateWithSeparatorMisread = #/(20\d{2})[17](\d{2})[-./](\d{2})(?=\s+\d{1,2}:\d{2})/#
    nonisolated(unsafe) static let twoDigitYearDate = #/(\d{2})[-./](\d{2})[-./](\d{2})(?![\d-])/#
    nonisolated(unsafe) static let timeWithSeconds = #/(\d{1,2})[:.](\d{2})[:.](\d{2})(?![\d:.])/#
    nonisolated(unsafe) static let time = #/(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])/#
    nonisolated(unsafe) static let koreanTime = #/(\d{1,2})\s*시\s*(\d{1,2})\s*분/#
    nonisolated(unsafe) static let timeColonReadAsOne = #/\s+(\d{2})1(\d{2})(?![\d:])/#
}
