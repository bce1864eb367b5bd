// A receipt's JSON form: the `receipt` object of the result document
// (Docs/ocr-result.schema.json), the same from `JSONEncoder` and from
// `ocr scan --extract receipt --format json`.

extension Receipt {
    private enum CodingKeys: String, CodingKey {
        case merchantName, businessRegistrationNumber, phoneNumber, date, time, items, taxableAmount, vat, discounts,
            total, paymentMethod, cardNumber, approvalNumber, checks
    }

    /// Decodes the document `encode(to:)` writes (`time` is part of `date`, so it is not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let checks = try container.decodeIfPresent([String: Bool].self, forKey: .checks) ?? [:]
        self.init(
            merchantName: try container.decodeIfPresent(ReceiptField<String>.self, forKey: .merchantName),
            businessRegistrationNumber: try container.decodeIfPresent(ReceiptField<String>.self, forKey: .businessRegistrationNumber),
            phoneNumber: try container.decodeIfPresent(ReceiptField<String>.self, forKey: .phoneNumber),
            date: try container.decodeIfPresent(ReceiptField<ReceiptDate>.self, forKey: .date),
            items: try container.decodeIfPresent([ReceiptItem].self, forKey: .items) ?? [],
            taxableAmount: try container.decodeIfPresent(ReceiptField<Int>.self, forKey: .taxableAmount),
            vat: try container.decodeIfPresent(ReceiptField<Int>.self, forKey: .vat),
            total: try container.decodeIfPresent(ReceiptField<Int>.self, forKey: .total),
            discounts: try container.decodeIfPresent([ReceiptField<Int>].self, forKey: .discounts) ?? [],
            paymentMethod: try container.decodeIfPresent(ReceiptField<PaymentMethod>.self, forKey: .paymentMethod),
            cardNumber: try container.decodeIfPresent(ReceiptField<String>.self, forKey: .cardNumber),
            approvalNumber: try container.decodeIfPresent(ReceiptField<String>.self, forKey: .approvalNumber),
            checks: ReceiptCheck.Kind.allCases.compactMap { kind in checks[kind.rawValue].map { ReceiptCheck(kind: kind, passed: $0) } })
    }

    /// Writes the fields found (absent ones left out), `time` (the time of the sale alone,
    /// also in `date`, so a consumer need not parse it), the items, the discounts and
    /// `checks`: each check run and whether it held.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(merchantName, forKey: .merchantName)
        try container.encodeIfPresent(businessRegistrationNumber, forKey: .businessRegistrationNumber)
        try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
        try container.encodeIfPresent(date, forKey: .date)
        if let date, let time = date.value.timeString { try container.encode(date.with(value: time), forKey: .time) }
        try container.encode(items, forKey: .items)
        try container.encodeIfPresent(taxableAmount, forKey: .taxableAmount)
        try container.encodeIfPresent(vat, forKey: .vat)
        try container.encode(discounts, forKey: .discounts)
        try container.encodeIfPresent(total, forKey: .total)
        try container.encodeIfPresent(paymentMethod, forKey: .paymentMethod)
        try container.encodeIfPresent(cardNumber, forKey: .cardNumber)
        try container.encodeIfPresent(approvalNumber, forKey: .approvalNumber)
        let held = Dictionary(checks.map { ($0.kind.rawValue, $0.passed) }, uniquingKeysWith: { $0 && $1 })
        try container.encode(held, forKey: .checks)
    }
}

extension ReceiptField {
    private enum CodingKeys: String, CodingKey {
        case value, confidence, lines, boundingBox, text, basis
    }

    /// Decodes a field (`basis` is derived, so it is not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            value: try container.decode(Value.self, forKey: .value), confidence: try container.decode(Float.self, forKey: .confidence),
            lineIndices: try container.decode([Int].self, forKey: .lines),
            boundingBox: try container.decode(NormalizedRect.self, forKey: .boundingBox),
            sourceText: try container.decode(String.self, forKey: .text))
    }

    /// Writes `{value, confidence, lines, boundingBox, text, basis}`: `lines` index the
    /// result's lines, `text` is what the value was read from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(DocumentNumber.confidence(confidence), forKey: .confidence)
        try container.encode(lineIndices, forKey: .lines)
        try container.encode(boundingBox, forKey: .boundingBox)
        try container.encode(sourceText, forKey: .text)
        try container.encode(basis, forKey: .basis)
    }
}

extension ReceiptItem {
    private enum CodingKeys: String, CodingKey {
        case name, quantity, unitPrice, amount, confidence, line, boundingBox
    }

    /// Decodes an item.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name), quantity: try container.decode(Int.self, forKey: .quantity),
            unitPrice: try container.decodeIfPresent(Int.self, forKey: .unitPrice), amount: try container.decode(Int.self, forKey: .amount),
            confidence: try container.decode(Float.self, forKey: .confidence), lineIndex: try container.decode(Int.self, forKey: .line),
            boundingBox: try container.decode(NormalizedRect.self, forKey: .boundingBox))
    }

    /// Writes `{name, quantity, unitPrice, amount, confidence, line, boundingBox}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(quantity, forKey: .quantity)
        try container.encodeIfPresent(unitPrice, forKey: .unitPrice)
        try container.encode(amount, forKey: .amount)
        try container.encode(DocumentNumber.confidence(confidence), forKey: .confidence)
        try container.encode(lineIndex, forKey: .line)
        try container.encode(boundingBox, forKey: .boundingBox)
    }
}

extension ReceiptDate {
    /// Decodes `"2025-10-18"`, `"2025-10-18 21:22"` or `"2025-10-18 21:22:05"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0) }
        guard [3, 5, 6].contains(parts.count), parts.allSatisfy({ $0 != nil }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date like 2025-10-18 21:22")
        }
        let numbers = parts.compactMap { $0 }
        self.init(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers.count > 3 ? numbers[3] : nil,
            minute: numbers.count > 4 ? numbers[4] : nil, second: numbers.count > 5 ? numbers[5] : nil)
    }

    /// Writes the date as `documentString` (`"2025-10-18 21:22"`, seconds added when read).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(documentString)
    }
}
