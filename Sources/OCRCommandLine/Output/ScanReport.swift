import Domain

/// What `ocr scan --format json` prints for one image: the result document the library's
/// `OCRResult` encodes to, with the image's `file` and, with `--extract receipt`, its
/// `receipt` (Docs/ocr-result.schema.json).
struct ScanReport: Encodable {
    var file: String
    var result: OCRResult
    var receipt: Receipt?

    private enum CodingKeys: String, CodingKey {
        case file, receipt
    }

    /// The report of `result`'s lines (already through the recognition rules).
    init(file: String, result: OCRResult, extraction: Extraction? = nil) {
        self.file = file
        self.result = result
        if extraction == .receipt { receipt = ReceiptExtractor().extract(from: result) }
    }

    /// One object: the result's keys, then `file` and `receipt` beside them.
    func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(receipt, forKey: .receipt)
    }
}
