/// Turns full-width forms into their ASCII equivalents: `１２,５００` → `12,500`,
/// `ＴＥＬ` → `TEL`, and the ideographic space into a space.
///
/// Korean (and Japanese) receipts and forms often print digits and Latin letters in
/// full-width forms, and the engine reads them as such; prices, dates and registration
/// numbers only parse as ASCII. (Unicode NFKC would do this too, but it also breaks
/// Hangul compatibility jamo into conjoining jamo, so only the full-width block is mapped.)
public struct FullWidthNormalization: RecognitionRule, Hashable, Codable {
    /// Creates the rule.
    public init() {}

    public var name: String { "full-width" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.mappingLines { $0.mappingText(Self.normalized) }
    }

    /// `text` with U+FF01…U+FF5E mapped to U+0021…U+007E and U+3000 to a space.
    public static func normalized(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 0xFF01...0xFF5E: Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
                    case 0x3000: " "
                    default: scalar
                    }
                }))
    }
}
