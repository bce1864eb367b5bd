import Domain
import Foundation

/// A receipt in `TestImages/receipts/`: the image `NAME.png` (or `.jpg`), the fields it
/// prints in `NAME.expected.json`, and optionally what the engine read in
/// `NAME.lines.json` (`ocr scan IMAGE --raw --format json`). Tests pick up every
/// `*.expected.json`, so adding a case needs no Swift.
public struct ReceiptFixture: Sendable, CustomStringConvertible {
    /// The fields printed on the receipt, as `Scripts/receiptlib.py` writes them.
    public struct Expected: Decodable, Sendable {
        public struct Item: Decodable, Sendable {
            public var name: String
            public var quantity: Int
            public var unitPrice: Int

            private enum CodingKeys: String, CodingKey {
                case name, quantity, amount
                case unitPrice = "unit_price"
            }
            public var amount: Int
        }
        public var merchant: String
        public var businessNumber: String
        public var phone: String
        public var date: String
        public var time: String
        public var total: Int
        public var vat: Int
        public var taxable: Int?
        public var discount: Int
        public var items: [Item]
        public var payment: String
        public var cardNumber: String?
        public var approvalNumber: String?
        /// Fields the engine cannot read on this image (`total`, `date`, `businessNumber`),
        /// which the required-field check skips.
        public var unreadable: [String]?
    }

    public static let directory = Fixture.directory.appendingPathComponent("receipts")

    /// The name without extension, e.g. `01-store`.
    public let name: String
    public var description: String { name }

    /// Every receipt with an `.expected.json`, by name.
    public static func all() -> [ReceiptFixture] {
        Fixture.names(in: directory, endingWith: ".expected.json").map { ReceiptFixture(name: $0) }
    }

    /// The receipts that have a recorded engine reading.
    public static func recorded() -> [ReceiptFixture] {
        all().filter { FileManager.default.fileExists(atPath: $0.linesURL.path) }
    }

    public init(name: String) { self.name = name }

    public var imageURL: URL {
        let png = Self.directory.appendingPathComponent(name + ".png")
        return FileManager.default.fileExists(atPath: png.path) ? png : Self.directory.appendingPathComponent(name + ".jpg")
    }

    public func imageData() throws -> Data { try Data(contentsOf: imageURL) }

    public var linesURL: URL { Self.directory.appendingPathComponent(name + ".lines.json") }

    public func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.directory.appendingPathComponent(name + ".expected.json")))
    }

    /// The fields that must be right on every receipt (total, date and time, business
    /// number) that `receipt` got wrong or missed, described.
    public func requiredFieldErrors(in receipt: Receipt) throws -> [String] {
        let expected = try expected()
        let skipped = Set(expected.unreadable ?? [])
        var errors: [String] = []
        if !skipped.contains("total"), receipt.total?.value != expected.total {
            errors.append("total \(String(describing: receipt.total?.value)) ≠ \(expected.total)")
        }
        let date = receipt.date?.value
        if !skipped.contains("date"), date?.dateString != expected.date || date?.timeString != expected.time {
            errors.append("date \(String(describing: date)) ≠ \(expected.date) \(expected.time)")
        }
        if !skipped.contains("businessNumber"), receipt.businessRegistrationNumber?.value != expected.businessNumber {
            errors.append("business number \(String(describing: receipt.businessRegistrationNumber?.value)) ≠ \(expected.businessNumber)")
        }
        return errors
    }

    /// The fields `receipt` reports with high confidence that are wrong, described.
    public func confidentMistakes(in receipt: Receipt) throws -> [String] {
        let expected = try expected()
        var mistakes: [String] = []
        func check<Value: Equatable>(_ label: String, _ field: ReceiptField<Value>?, _ truth: Value?) {
            guard let field, field.isHighConfidence, field.value != truth else { return }
            mistakes.append("\(label) \(field.value) (confidence \(field.confidence)) ≠ \(String(describing: truth))")
        }
        check("merchant", receipt.merchantName, expected.merchant)
        check("business number", receipt.businessRegistrationNumber, expected.businessNumber)
        check("phone", receipt.phoneNumber, expected.phone)
        check("date", receipt.date.map { $0.with(value: $0.value.description) }, "\(expected.date) \(expected.time)")
        check("total", receipt.total, expected.total)
        check("VAT", receipt.vat, expected.vat)
        check("taxable amount", receipt.taxableAmount, expected.taxable)
        check("payment", receipt.paymentMethod.map { $0.with(value: $0.value.rawValue) }, expected.payment)
        check("card", receipt.cardNumber, expected.cardNumber)
        check("approval", receipt.approvalNumber, expected.approvalNumber)
        for discount in receipt.discounts where discount.isHighConfidence && receipt.discountTotal != expected.discount {
            mistakes.append("discount \(discount.value) (discounts add to \(receipt.discountTotal) ≠ \(expected.discount))")
        }
        let amounts = expected.items.map(\.amount)
        for item in receipt.items where item.confidence >= Receipt.highConfidence && !amounts.contains(item.amount) {
            mistakes.append("item \(item.name) \(item.amount) (confidence \(item.confidence)) is not on the receipt")
        }
        return mistakes
    }
}
