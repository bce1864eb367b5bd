import Domain
import Foundation

/// What `ocr scan --extract receipt` prints in text format: one field per line, with its
/// confidence, and `✓` on values confirmed by a check.
enum ReceiptSummary {
    static func text(for receipt: Receipt) -> String {
        var rows: [(String, String, Float?)] = []
        func add<Value>(_ label: String, _ field: ReceiptField<Value>?, _ describe: (Value) -> String) {
            if let field { rows.append((label, describe(field.value), field.confidence)) }
        }
        add("Merchant", receipt.merchantName) { $0 }
        add("Business number", receipt.businessRegistrationNumber) { $0 }
        add("Phone", receipt.phoneNumber) { $0 }
        add("Date", receipt.date) { $0.description }
        for item in receipt.items {
            let price = item.unitPrice.map { " × \(won($0))" } ?? ""
            rows.append(("Item", "\(item.name)  \(item.quantity)\(price) = \(won(item.amount))", item.confidence))
        }
        for discount in receipt.discounts { add("Discount", discount) { "-" + won($0) } }
        add("Taxable amount", receipt.taxableAmount, won)
        add("VAT", receipt.vat, won)
        add("Total", receipt.total, won)
        add("Payment", receipt.paymentMethod) { $0.rawValue }
        add("Card", receipt.cardNumber) { $0 }
        add("Approval number", receipt.approvalNumber) { $0 }
        if !receipt.checks.isEmpty {
            let checks = receipt.checks.map { "\($0.kind.rawValue) \($0.passed ? "passed" : "FAILED")" }
            rows.append(("Checks", checks.joined(separator: ", "), nil))
        }
        guard !rows.isEmpty else { return "(no receipt fields found)\n" }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, value, confidence in
            let padded = label + String(repeating: " ", count: width - label.count)
            let mark = confidence.map { String(format: "  (%.2f%@)", $0, $0 >= Receipt.highConfidence ? " ✓" : "") } ?? ""
            return "\(padded)  \(value)\(mark)\n"
        }.joined()
    }

    /// `12,500원`.
    static func won(_ amount: Int) -> String {
        let digits = String(abs(amount))
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (amount < 0 ? "-" : "") + grouped + "원"
    }
}
