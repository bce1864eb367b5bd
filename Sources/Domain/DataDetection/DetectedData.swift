import Foundation

/// A piece of data found in a line's text — a phone number, an e-mail address, a date —
/// like Apple Vision's `DetectedDataObservation` in a `DocumentObservation`.
///
/// ```swift
/// for match in result.document.detectedData where match.kind == .phoneNumber {
///     print(match.value)  // "02-1234-5678"
/// }
/// ```
public struct DetectedData: Sendable, Hashable, Codable {
    /// What was found.
    public var kind: DataKind
    /// The text as read (`02)1234-5678`).
    public var text: String
    /// The normalised value: a phone number grouped with hyphens, an amount in its currency's
    /// units (`12500`), a date as `2025-12-26` (and its time as `2025-12-26T21:22`), a time as
    /// `21:22`, a link with its scheme, a registration number as `###-##-#####`.
    public var value: String
    /// The currency of a money amount (`KRW`, `USD`); `nil` for other kinds.
    public var currency: String?
    /// The index in `OCRResult.lines` of the line that holds the match.
    public var lineIndex: Int
    /// Where the match is in that line's text, in characters.
    public var characterRange: Range<Int>
    /// Where the match is, in normalized upright-image coordinates (from the words it covers).
    public var boundingBox: NormalizedRect

    /// Creates a match.
    public init(
        kind: DataKind, text: String, value: String, currency: String? = nil, lineIndex: Int, characterRange: Range<Int>,
        boundingBox: NormalizedRect
    ) {
        self.kind = kind
        self.text = text
        self.value = value
        self.currency = currency
        self.lineIndex = lineIndex
        self.characterRange = characterRange
        self.boundingBox = boundingBox
    }

    /// A date's moment, its printed time (midnight when none) read in `timeZone`; `nil` for
    /// other kinds.
    public func date(in timeZone: TimeZone = TimeZone(identifier: "Asia/Seoul") ?? .current) -> Date? {
        guard kind == .date else { return nil }
        let parts = value.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard parts.count >= 3 else { return nil }
        let date = ReceiptDate(
            year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : nil, minute: parts.count > 4 ? parts[4] : nil)
        return date.date(in: timeZone)
    }
}

/// The kinds of data `DataDetector` finds (Vision's `DataDetection` match kinds, and those
/// Korean documents print).
public enum DataKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A phone number: Korean mobile and area-code numbers, nationwide service numbers
    /// (`1588-1234`), international numbers (`+82 2 1234 5678`).
    case phoneNumber
    /// An e-mail address.
    case emailAddress
    /// A web address: with a scheme, starting `www.`, or a domain with a known ending.
    case link
    /// A calendar date with its year (`2025년 12월 26일`, `2025.12.26`, `25/12/26`).
    case date
    /// A time of day (`21:22`, `오후 3시 30분`).
    case time
    /// An amount of money with its currency (`12,500원`, `₩12,500`, `KRW 12,500`, `3만 5천원`).
    case moneyAmount
    /// A Korean business registration number (사업자등록번호) whose check digit holds.
    case businessRegistrationNumber
    /// A Korean postal code (우편번호): five digits after its label or in an address.
    case postalCode
}
