/// Why a receipt field's value is trusted, as the result document says it (`basis`).
public enum ReceiptFieldBasis: String, Sendable, Hashable, Codable, CaseIterable {
    /// A check, a check digit or a second printing agrees (confidence ≥ `Receipt.highConfidence`).
    case confirmed
    /// An amount the receipt's own sums gave, not what its source text reads.
    case mended
    /// As read, confirmed by nothing.
    case read
}

extension ReceiptField {
    /// Why the value is trusted: confirmed, mended from the receipt's sums, or only read.
    public var basis: ReceiptFieldBasis {
        if isHighConfidence { return .confirmed }
        if let amount = self as? ReceiptField<Int>, ReceiptExtractor.isMended(amount) { return .mended }
        return .read
    }
}
