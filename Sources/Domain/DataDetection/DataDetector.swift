/// Finds phone numbers, e-mail addresses, links, dates, times, money amounts, business
/// registration numbers and postal codes in text, as Apple Vision's data detection does in
/// a document. Precision first: a match is only reported where the text holds one in a
/// form it is printed in (a date with its year, an amount with its currency, a postal code
/// after its label or at the head of an address); it is never guessed.
///
/// ```swift
/// let matches = DataDetector().matches(in: "문의 02-1234-5678, help@example.com")
/// // [.phoneNumber "02-1234-5678", .emailAddress "help@example.com"]
/// ```
public struct DataDetector: Sendable {
    /// One match in a string.
    public struct Match: Sendable, Hashable {
        /// What was found.
        public var kind: DataKind
        /// Where, in the string's characters.
        public var range: Range<Int>
        /// The normalised value (see `DetectedData.value`).
        public var value: String
        /// A money amount's currency.
        public var currency: String?
    }

    /// The kinds to look for.
    public var kinds: Set<DataKind>

    /// A detector of `kinds` (every kind by default).
    public init(kinds: Set<DataKind> = Set(DataKind.allCases)) {
        self.kinds = kinds
    }

    /// Which kind wins where two matches overlap: an e-mail address holds a domain, a
    /// registration number's groups look like a phone number's.
    static let precedence: [DataKind] = [
        .emailAddress, .link, .businessRegistrationNumber, .date, .phoneNumber, .postalCode, .time, .moneyAmount,
    ]

    /// The matches in `text`, in the order they appear, none overlapping another.
    public func matches(in text: String) -> [Match] {
        let string = DetectedText(text)
        var kept: [Match] = []
        for kind in Self.precedence where kinds.contains(kind) {
            for match in Self.matches(of: kind, in: string) where !kept.contains(where: { $0.range.overlaps(match.range) }) {
                kept.append(match)
            }
        }
        return kept.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The matches in each line of `lines`, each with its line's index and the box of the
    /// words it covers.
    /// - Parameter lines: Lines with their indices in `OCRResult.lines`.
    public func detectedData(in lines: [(index: Int, line: RecognizedLine)]) -> [DetectedData] {
        lines.flatMap { index, line in
            matches(in: line.text).map { match in
                let characters = Array(line.text)
                return DetectedData(
                    kind: match.kind, text: String(characters[match.range]), value: match.value, currency: match.currency,
                    lineIndex: index, characterRange: match.range, boundingBox: line.boundingBox(ofCharacters: match.range))
            }
        }
    }

    private static func matches(of kind: DataKind, in text: DetectedText) -> [Match] {
        switch kind {
        case .phoneNumber: phoneNumbers(in: text)
        case .emailAddress: emailAddresses(in: text)
        case .link: links(in: text)
        case .date: dates(in: text)
        case .time: times(in: text)
        case .moneyAmount: moneyAmounts(in: text)
        case .businessRegistrationNumber: businessRegistrationNumbers(in: text)
        case .postalCode: postalCodes(in: text)
        }
    }
}

/// A string and its matches' ranges as character offsets.
struct DetectedText {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    /// `range` as character offsets.
    func offsets(_ range: Range<String.Index>) -> Range<Int> {
        let start = string.distance(from: string.startIndex, to: range.lowerBound)
        return start..<(start + string.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The character just before `range`, if any.
    func character(before range: Range<String.Index>) -> Character? {
        range.lowerBound == string.startIndex ? nil : string[string.index(before: range.lowerBound)]
    }

    /// The character just after `range`, if any.
    func character(after range: Range<String.Index>) -> Character? {
        range.upperBound == string.endIndex ? nil : string[range.upperBound]
    }

    /// Whether the text holds any of `labels`, spaces ignored.
    func contains(anyOf labels: [String]) -> Bool {
        let compact = string.filter { !$0.isWhitespace }
        return labels.contains { compact.localizedCaseInsensitiveContains($0) }
    }
}

extension RecognizedLine {
    /// The box of the characters `range` of the text: the parts of the words they fall in
    /// (a word's box cut in proportion to its characters), or of the line's box when its
    /// words do not spell its text.
    func boundingBox(ofCharacters range: Range<Int>) -> NormalizedRect {
        var boxes: [NormalizedRect] = []
        var cursor = text.startIndex
        for word in words {
            guard let found = text.range(of: word.text, range: cursor..<text.endIndex) else {
                boxes = []
                break
            }
            let start = text.distance(from: text.startIndex, to: found.lowerBound)
            if let part = Self.slice(word.boundingBox, characters: start..<(start + word.text.count), range) { boxes.append(part) }
            cursor = found.upperBound
        }
        if let first = boxes.first { return boxes.dropFirst().reduce(first) { $0.union($1) } }
        return Self.slice(boundingBox, characters: 0..<text.count, range) ?? boundingBox
    }

    /// The part of `box` (holding `characters`, evenly spread) that `range` covers.
    private static func slice(_ box: NormalizedRect, characters: Range<Int>, _ range: Range<Int>) -> NormalizedRect? {
        let low = max(characters.lowerBound, range.lowerBound)
        let high = min(characters.upperBound, range.upperBound)
        guard high > low, !characters.isEmpty else { return nil }
        let share = box.width / Double(characters.count)
        return NormalizedRect(
            x: box.x + Double(low - characters.lowerBound) * share, y: box.y, width: Double(high - low) * share, height: box.height)
    }
}
