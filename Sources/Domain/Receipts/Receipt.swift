/// The structured content of a Korean store receipt, read by `ReceiptExtractor`.
///
/// Every field is optional: a receipt that does not print a value, or prints it
/// unreadably, leaves it `nil` rather than guessing. Amounts are whole won.
public struct Receipt: Sendable, Hashable, Codable {
    /// Fields at or above this confidence were confirmed by a check (see `ReceiptField`).
    public static let highConfidence: Float = 0.9

    /// The store's name (상호), from the top of the receipt.
    public var merchantName: ReceiptField<String>?
    /// The business registration number (사업자등록번호), `###-##-#####`, with a valid check
    /// digit (or repaired to one; see `BusinessRegistrationNumber`).
    public var businessRegistrationNumber: ReceiptField<String>?
    /// The store's phone number, as printed (`02-123-4567`).
    public var phoneNumber: ReceiptField<String>?
    /// When the sale happened.
    public var date: ReceiptField<ReceiptDate>?
    /// The goods sold, top to bottom.
    public var items: [ReceiptItem]
    /// The taxable amount before VAT (과세 물품가액, 공급가액).
    public var taxableAmount: ReceiptField<Int>?
    /// The value-added tax (부가세).
    public var vat: ReceiptField<Int>?
    /// The amount to pay, after discounts (결제금액, 받을금액, 합계금액, 합계).
    public var total: ReceiptField<Int>?
    /// Discounts, each as a positive amount (printed as `-1,000`).
    public var discounts: [ReceiptField<Int>]
    /// How the customer paid.
    public var paymentMethod: ReceiptField<PaymentMethod>?
    /// The masked card number (`1234-56**-****-7890`).
    public var cardNumber: ReceiptField<String>?
    /// The card approval number (승인번호).
    public var approvalNumber: ReceiptField<String>?
    /// The cross-checks the extractor ran and whether each held.
    public var checks: [ReceiptCheck]

    /// Creates a receipt; every field defaults to absent.
    public init(
        merchantName: ReceiptField<String>? = nil, businessRegistrationNumber: ReceiptField<String>? = nil,
        phoneNumber: ReceiptField<String>? = nil, date: ReceiptField<ReceiptDate>? = nil, items: [ReceiptItem] = [],
        taxableAmount: ReceiptField<Int>? = nil, vat: ReceiptField<Int>? = nil, total: ReceiptField<Int>? = nil,
        discounts: [ReceiptField<Int>] = [], paymentMethod: ReceiptField<PaymentMethod>? = nil,
        cardNumber: ReceiptField<String>? = nil, approvalNumber: ReceiptField<String>? = nil, checks: [ReceiptCheck] = []
    ) {
        self.merchantName = merchantName
        self.businessRegistrationNumber = businessRegistrationNumber
        self.phoneNumber = phoneNumber
        self.date = date
        self.items = items
        self.taxableAmount = taxableAmount
        self.vat = vat
        self.total = total
        self.discounts = discounts
        self.paymentMethod = paymentMethod
        self.cardNumber = cardNumber
        self.approvalNumber = approvalNumber
        self.checks = checks
    }

    /// The sum of the discounts (0 when there are none).
    public var discountTotal: Int { KoreanAmount.sum(discounts.map(\.value)) }

    /// The boxes of the fields found (items included), where they were read.
    public var fieldBoxes: [NormalizedRect] {
        let boxes: [NormalizedRect?] = [
            merchantName?.boundingBox, businessRegistrationNumber?.boundingBox, phoneNumber?.boundingBox, date?.boundingBox,
            taxableAmount?.boundingBox, vat?.boundingBox, total?.boundingBox, paymentMethod?.boundingBox, cardNumber?.boundingBox,
            approvalNumber?.boundingBox,
        ]
        return boxes.compactMap { $0 } + discounts.map(\.boundingBox) + items.map(\.boundingBox)
    }
}

/// How a receipt was paid.
public enum PaymentMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// A credit or debit card (신용카드, 체크카드).
    case card
    /// Cash (현금).
    case cash
    /// A mobile wallet (카카오페이, 네이버페이, 삼성페이, 페이코).
    case mobile
}

/// One line item: what was bought, how many, at what price.
public struct ReceiptItem: Sendable, Hashable, Codable {
    /// The item's name as printed.
    public var name: String
    /// How many (1 when the receipt prints no quantity).
    public var quantity: Int
    /// The price of one, when the receipt prints it.
    public var unitPrice: Int?
    /// The line's amount (quantity × unit price).
    public var amount: Int
    /// How sure the extractor is, 0...1 (high when quantity × unit price = amount, or the
    /// items add up to the total).
    public var confidence: Float
    /// The index of the item's line in `OCRResult.lines`.
    public var lineIndex: Int
    /// Where the line is, in normalized upright-image coordinates.
    public var boundingBox: NormalizedRect

    /// Creates an item.
    public init(
        name: String, quantity: Int, unitPrice: Int?, amount: Int, confidence: Float, lineIndex: Int,
        boundingBox: NormalizedRect
    ) {
        self.name = name
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.amount = amount
        self.confidence = confidence
        self.lineIndex = lineIndex
        self.boundingBox = boundingBox
    }
}

/// The outcome of one cross-check between fields.
public struct ReceiptCheck: Sendable, Hashable, Codable {
    /// The kinds of cross-check.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The items, less the discounts, add up to the total.
        case itemsMatchTotal
        /// A printed subtotal (총구매액), less the discounts, is the total.
        case subtotalMatchesTotal
        /// The VAT is one eleventh of the total, or taxable amount + VAT = total.
        case vatMatchesTotal
        /// The amount charged to the payment method is the total.
        case paymentMatchesTotal
        /// Quantity × unit price = amount, on every item that prints a unit price.
        case itemArithmetic
    }

    /// Which check.
    public var kind: Kind
    /// Whether it held.
    public var passed: Bool

    /// Creates a check outcome.
    public init(kind: Kind, passed: Bool) {
        self.kind = kind
        self.passed = passed
    }
}
