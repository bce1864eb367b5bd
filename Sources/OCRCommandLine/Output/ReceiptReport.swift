import Domain

/// What `ocr scan --extract receipt --format json` prints under `receipt` (schema in
/// Docs/CLI.md): each field with its value, confidence, source lines and box.
struct ReceiptReport: Encodable {
    struct Field<Value: Encodable>: Encodable {
        var value: Value
        var confidence: Double
        var lines: [Int]
        var boundingBox: ScanReport.Box
        var text: String
        /// Why the value is trusted: `confirmed` (a check, a check digit or a second printing
        /// agrees: confidence ≥ 0.9), `mended` (an amount the receipt's sums gave, not what its
        /// text reads) or `read` (as read, confirmed by nothing).
        var basis: String

        init<Source>(_ field: ReceiptField<Source>, value: (Source) -> Value) {
            self.value = value(field.value)
            confidence = ScanReport.rounded(field.confidence)
            lines = field.lineIndices
            boundingBox = ScanReport.Box(field.boundingBox)
            text = field.sourceText
            if field.isHighConfidence {
                basis = "confirmed"
            } else if let amount = field as? ReceiptField<Int>, ReceiptExtractor.isMended(amount) {
                basis = "mended"
            } else {
                basis = "read"
            }
        }
    }

    struct Item: Encodable {
        var name: String
        var quantity: Int
        var unitPrice: Int?
        var amount: Int
        var confidence: Double
        var line: Int
        var boundingBox: ScanReport.Box
    }

    var merchantName: Field<String>?
    var businessRegistrationNumber: Field<String>?
    var phoneNumber: Field<String>?
    var date: Field<String>?
    /// The time of the sale alone (`18:42`), also inside `date`, so a consumer need not parse it.
    var time: Field<String>?
    var items: [Item]
    var taxableAmount: Field<Int>?
    var vat: Field<Int>?
    var discounts: [Field<Int>]
    var total: Field<Int>?
    var paymentMethod: Field<String>?
    var cardNumber: Field<String>?
    var approvalNumber: Field<String>?
    var checks: [String: Bool]

    init(_ receipt: Receipt) {
        let same = { (text: String) in text }
        let amount = { (value: Int) in value }
        merchantName = receipt.merchantName.map { Field($0, value: same) }
        businessRegistrationNumber = receipt.businessRegistrationNumber.map { Field($0, value: same) }
        phoneNumber = receipt.phoneNumber.map { Field($0, value: same) }
        date = receipt.date.map { Field($0, value: \.description) }
        time = receipt.date.flatMap { field in field.value.timeString.map { time in Field(field) { _ in time } } }
        items = receipt.items.map {
            Item(
                name: $0.name, quantity: $0.quantity, unitPrice: $0.unitPrice, amount: $0.amount,
                confidence: ScanReport.rounded($0.confidence), line: $0.lineIndex, boundingBox: ScanReport.Box($0.boundingBox))
        }
        taxableAmount = receipt.taxableAmount.map { Field($0, value: amount) }
        vat = receipt.vat.map { Field($0, value: amount) }
        discounts = receipt.discounts.map { Field($0, value: amount) }
        total = receipt.total.map { Field($0, value: amount) }
        paymentMethod = receipt.paymentMethod.map { Field($0, value: \.rawValue) }
        cardNumber = receipt.cardNumber.map { Field($0, value: same) }
        approvalNumber = receipt.approvalNumber.map { Field($0, value: same) }
        checks = Dictionary(receipt.checks.map { ($0.kind.rawValue, $0.passed) }, uniquingKeysWith: { $0 && $1 })
    }
}
