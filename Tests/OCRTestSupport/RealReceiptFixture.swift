import Domain
import Foundation

/// A real receipt of the development set (`../shared/real-dev`, beside the repository):
/// the fields it prints in `TestImages/receipts-real/NAME.expected.json`, its transcription
/// (`NAME.gt.txt`, read from the development set, never copied here) and optionally what the
/// engine read in `NAME.lines.json`. The images stay out of the repository (their licences
/// vary); the extractor is tested on their lines without Tesseract in the loop.
///
/// In the expected JSON a key with a value must be read as that value, a key set to `null`
/// is not printed (any value reported for it is wrong), and a missing key is not scored.
public struct RealReceiptFixture: Sendable, CustomStringConvertible {
    /// One expected field: not scored, not printed, or printed with a value.
    public enum Expectation<Value: Sendable & Equatable>: Sendable, Equatable {
        case unscored
        case notPrinted
        case printed(Value)
    }

    /// The fields printed on the receipt.
    public struct Expected: Decodable, Sendable {
        public var merchant: Expectation<String> = .unscored
        public var businessNumber: Expectation<String> = .unscored
        public var phone: Expectation<String> = .unscored
        public var date: Expectation<String> = .unscored
        public var time: Expectation<String> = .unscored
        public var total: Expectation<Int> = .unscored
        public var vat: Expectation<Int> = .unscored
        public var taxable: Expectation<Int> = .unscored
        public var discount: Expectation<Int> = .unscored
        public var payment: Expectation<String> = .unscored
        public var cardNumber: Expectation<String> = .unscored
        public var approvalNumber: Expectation<String> = .unscored
        public var items: Expectation<[Int]> = .unscored
        /// Fields the extractor is known to miss on this receipt, each with the reason
        /// (`"total": "paid amount mid-row in a web table"`).
        public var knownIssues: [String: String] = [:]

        private enum Key: String, CodingKey {
            case merchant, businessNumber, phone, date, time, total, vat, taxable, discount, payment, cardNumber, approvalNumber, items
            case knownIssues
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            func read<Value: Decodable & Sendable & Equatable>(_ key: Key) throws -> Expectation<Value> {
                guard container.contains(key) else { return .unscored }
                return try container.decodeNil(forKey: key) ? .notPrinted : .printed(container.decode(Value.self, forKey: key))
            }
            merchant = try read(.merchant)
            businessNumber = try read(.businessNumber)
            phone = try read(.phone)
            date = try read(.date)
            time = try read(.time)
            total = try read(.total)
            vat = try read(.vat)
            taxable = try read(.taxable)
            discount = try read(.discount)
            payment = try read(.payment)
            cardNumber = try read(.cardNumber)
            approvalNumber = try read(.approvalNumber)
            items = try read(.items)
            knownIssues = try container.decodeIfPresent([String: String].self, forKey: .knownIssues) ?? [:]
        }
    }

    public static let directory = Fixture.directory.appendingPathComponent("receipts-real")

    /// The development set of real images: `SWIFTOCR_REAL_DEV`, or `../shared/real-dev`
    /// beside the repository.
    public static let developmentSet: URL = {
        if let path = ProcessInfo.processInfo.environment["SWIFTOCR_REAL_DEV"] { return URL(fileURLWithPath: path) }
        return Fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared").appendingPathComponent("real-dev")
    }()

    /// Whether the development set's transcriptions are on this machine.
    public static var developmentSetIsPresent: Bool {
        FileManager.default.fileExists(atPath: developmentSet.appendingPathComponent("SOURCES.md").path)
    }

    public let name: String
    public var description: String { name }

    public init(name: String) { self.name = name }

    /// Every real receipt with an `.expected.json`.
    public static func all() -> [RealReceiptFixture] {
        Fixture.names(in: directory, endingWith: ".expected.json").map { RealReceiptFixture(name: $0) }
    }

    /// The real receipts with a recorded engine reading.
    public static func recorded() -> [RealReceiptFixture] {
        all().filter { FileManager.default.fileExists(atPath: $0.linesURL.path) }
    }

    public var linesURL: URL { Self.directory.appendingPathComponent(name + ".lines.json") }

    public func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.directory.appendingPathComponent(name + ".expected.json")))
    }

    /// The printed lines, as transcribed by eye in the development set.
    public func transcribedLines() throws -> [String] {
        let url = Self.developmentSet.appendingPathComponent(name + ".gt.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The transcription as an engine result: each printed line one recognised line, its
    /// words side by side, every word confident.
    public func transcription(confidence: Float = 0.93) throws -> OCRResult {
        OCRResult(text: try transcribedLines(), confidence: confidence)
    }

    /// Every scored field `receipt` got wrong, missed, or reported though it is not printed.
    public func fieldErrors(in receipt: Receipt) throws -> [String] {
        let expected = try expected()
        var errors: [String] = []
        func score<Value: Equatable>(_ label: String, _ read: Value?, _ truth: Expectation<Value>) {
            switch truth {
            case .unscored: break
            case .notPrinted: if let read { errors.append("\(label) \(read) is not printed") }
            case .printed(let value): if read != value { errors.append("\(label) \(read.map { "\($0)" } ?? "missing") ≠ \(value)") }
            }
        }
        score("merchant", receipt.merchantName.map { Self.compact($0.value) }, Self.compact(expected.merchant))
        score("business number", receipt.businessRegistrationNumber?.value, expected.businessNumber)
        score("phone", receipt.phoneNumber?.value, expected.phone)
        score("date", receipt.date?.value.dateString, expected.date)
        score("time", receipt.date?.value.timeString, expected.time)
        score("total", receipt.total?.value, expected.total)
        score("VAT", receipt.vat?.value, expected.vat)
        score("taxable amount", receipt.taxableAmount?.value, expected.taxable)
        score("discount", receipt.discounts.isEmpty ? nil : receipt.discountTotal, expected.discount == .printed(0) ? .unscored : expected.discount)
        score("payment", receipt.paymentMethod?.value.rawValue, expected.payment)
        score("card number", receipt.cardNumber?.value, expected.cardNumber)
        score("approval number", receipt.approvalNumber?.value, expected.approvalNumber)
        score("items", receipt.items.isEmpty ? nil : receipt.items.map(\.amount), expected.items == .printed([]) ? .notPrinted : expected.items)
        return errors
    }

    /// The fields `receipt` reports at high confidence that are wrong (or not printed).
    public func confidentMistakes(in receipt: Receipt) throws -> [String] {
        let expected = try expected()
        var mistakes: [String] = []
        func check<Value: Equatable>(_ label: String, _ field: ReceiptField<Value>?, _ truth: Expectation<Value>) {
            guard let field, field.isHighConfidence else { return }
            switch truth {
            case .unscored: break
            case .notPrinted: mistakes.append("\(label) \(field.value) (confidence \(field.confidence)) is not printed")
            case .printed(let value):
                if field.value != value { mistakes.append("\(label) \(field.value) (confidence \(field.confidence)) ≠ \(value)") }
            }
        }
        check("merchant", receipt.merchantName.map { $0.with(value: Self.compact($0.value)) }, Self.compact(expected.merchant))
        check("business number", receipt.businessRegistrationNumber, expected.businessNumber)
        check("phone", receipt.phoneNumber, expected.phone)
        check("date", receipt.date.map { $0.with(value: $0.value.dateString) }, expected.date)
        check("time", receipt.date.flatMap { field in field.value.timeString.map { field.with(value: $0) } }, expected.time)
        check("total", receipt.total, expected.total)
        check("VAT", receipt.vat, expected.vat)
        check("taxable amount", receipt.taxableAmount, expected.taxable)
        check("payment", receipt.paymentMethod.map { $0.with(value: $0.value.rawValue) }, expected.payment)
        check("card number", receipt.cardNumber, expected.cardNumber)
        check("approval number", receipt.approvalNumber, expected.approvalNumber)
        if case .printed(let amounts) = expected.items {
            for item in receipt.items where item.confidence >= Receipt.highConfidence && !amounts.contains(item.amount) {
                mistakes.append("item \(item.name) \(item.amount) (confidence \(item.confidence)) is not on the receipt")
            }
        }
        return mistakes
    }

    /// The values `receipt` reports whose digits (or letters) are printed nowhere on the
    /// receipt, judged against the transcription and `read` (what the engine read, so a
    /// misread value counts as read, not invented): amounts, numbers and names a reader
    /// could not find on the paper or in the reading.
    public func inventedValues(in receipt: Receipt, read: OCRResult? = nil) throws -> [String] {
        let lines = try transcribedLines() + (read?.lines.map(\.text) ?? [])
        let printed = Self.compact(lines.joined(separator: " "))
        let printedDigits = lines.map { $0.filter(\.isASCIIDigit) }
        var invented: [String] = []
        func digitsPrinted(_ label: String, _ value: String?) {
            guard let value else { return }
            let digits = value.filter(\.isASCIIDigit)
            guard !digits.isEmpty else { return }
            // Card numbers print their digits in groups around the mask: each group must be printed.
            let groups = value.split(whereSeparator: { !$0.isASCIIDigit }).map(String.init)
            if !groups.allSatisfy({ group in printedDigits.contains { $0.contains(group) } }) { invented.append("\(label) \(value)") }
        }
        func amountPrinted(_ label: String, _ value: Int?) {
            guard let value, value != 0 else { return }
            let plain = String(value)
            let grouped = value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            // Engines read a grouping comma as a full stop (`78.990`): still read, not invented.
            let stopped = grouped.replacingOccurrences(of: ",", with: ".")
            if ![plain, grouped, stopped].contains(where: printed.contains) { invented.append("\(label) \(value)") }
        }
        digitsPrinted("business number", receipt.businessRegistrationNumber?.value)
        digitsPrinted("phone", receipt.phoneNumber?.value)
        digitsPrinted("card number", receipt.cardNumber?.value)
        digitsPrinted("approval number", receipt.approvalNumber?.value)
        amountPrinted("total", receipt.total?.value)
        amountPrinted("VAT", receipt.vat?.value)
        amountPrinted("taxable amount", receipt.taxableAmount?.value)
        for item in receipt.items { amountPrinted("item \(item.name)", item.amount) }
        if let name = receipt.merchantName?.value, !printed.contains(Self.compact(name)) { invented.append("merchant \(name)") }
        return invented
    }

    private static func compact(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    private static func compact(_ expectation: Expectation<String>) -> Expectation<String> {
        if case .printed(let text) = expectation { return .printed(compact(text)) }
        return expectation
    }
}
