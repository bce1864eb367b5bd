import Foundation

/// A receipt's transaction date and, when printed, time.
public struct ReceiptDate: Sendable, Hashable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int?
    public var minute: Int?
    public var second: Int?

    /// Creates a date; the time is optional.
    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `2025-10-18`.
    public var dateString: String { "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))" }

    /// `21:22`, or `nil` when no time was printed.
    public var timeString: String? {
        guard let hour, let minute else { return nil }
        return "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))"
    }

    /// `2025-10-18 21:22`, or the date alone.
    public var description: String { [dateString, timeString].compactMap { $0 }.joined(separator: " ") }

    /// `description` with the seconds when they were read (`2025-10-18 21:22:05`): the
    /// date as the result document writes it.
    var documentString: String {
        guard timeString != nil, let second else { return description }
        return description + ":" + Self.twoDigits(second)
    }

    /// Whether the date exists in the calendar (and the time on a clock).
    public var isValid: Bool {
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (2000...2099).contains(year), (1...12).contains(month), (1...days[month - 1]).contains(day) else { return false }
        if let hour, !(0...23).contains(hour) { return false }
        if let minute, !(0...59).contains(minute) { return false }
        if let second, !(0...59).contains(second) { return false }
        return true
    }

    /// The moment as a `Date`, the printed time read in `timeZone` (a Korean receipt's is
    /// Korea's), midnight when no time was printed; `nil` when it is not a valid date.
    public func date(in timeZone: TimeZone = TimeZone(identifier: "Asia/Seoul") ?? .current) -> Date? {
        guard isValid else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0))
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
