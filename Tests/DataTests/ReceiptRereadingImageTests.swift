import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// Receipts read again where their fields were lost, on real Tesseract: rows of amounts read
/// as one block, a row whose value was lost read alone.
@Suite(
    "Receipt rereading on images", .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared"),
    .timeLimit(.minutes(15)))
struct ReceiptRereadingImageTests {
    static let examples = RealReceiptFixture.developmentSet.deletingLastPathComponent().appendingPathComponent("receipt-examples")

    static func receipt(_ url: URL, rereading: Bool) async throws -> Receipt {
        let repository = try SharedRepository.get()
        // No time limit: a debug build on two busy cores is no measure of speed.
        let options = RecognitionOptions(rules: .fieldExtraction(), timeLimit: nil)
        let data = try Data(contentsOf: url)
        let result =
            rereading
            ? try await ReceiptRereadingRepository(repository).recognizeText(in: data, rotation: nil, options: options)
            : try await repository.recognizeText(in: data, rotation: nil, options: options)
        return ReceiptExtractor().extract(from: result)
    }

    @Test("Summary rows come out whole, through the rereading repository: the total, the discount and the taxes are found and agree")
    func amountRowsReadAsOneBlock() async throws {
        // Read once, its lone `0` amounts once went missing and the band of amount rows was
        // read again; they are read in the first reading now (`UnreadLineReview`), and the
        // repository keeps a reading that agrees.
        let image = Self.examples.appendingPathComponent("s23_rcpt_07.png")
        let reread = try await Self.receipt(image, rereading: true)
        #expect(reread.total?.value == 42_000)
        #expect(reread.discountTotal == 700)
        #expect(reread.checks.allSatisfy { $0.passed }, "\(reread.checks)")
    }

    @Test("Item numbers in a font with dotted zeros, read against the arithmetic, are read again alone: the sums then agree")
    func itemNumbersReadAlone() async throws {
        let image = Self.examples.appendingPathComponent("s23_rcpt_15.png")
        let first = try await Self.receipt(image, rereading: false)
        #expect(first.checks.contains { $0.kind == .itemArithmetic && !$0.passed }, "read once, a zero is read 8, 6 or 9: \(first.items)")
        let reread = try await Self.receipt(image, rereading: true)
        #expect(reread.items.map(\.amount) == [4_600, 6_900, 2_000, 2_500, 3_500, 1_500])
        #expect(reread.total?.value == 21_000)
        #expect(reread.checks.contains { $0.kind == .itemsMatchTotal && $0.passed })
        #expect(reread.items.map(\.name) == first.items.map(\.name), "the names stay as they were read")
    }

    @Test("A registration number whose digits were lost after its label is read again on its row, confirmed by its check digit")
    func labelledRowReadAlone() async throws {
        let image = RealReceiptFixture.developmentSet.appendingPathComponent("receipt_starfield_coex_scanner_app_scan.jpg")
        let first = try await Self.receipt(image, rereading: false)
        #expect(first.businessRegistrationNumber == nil)
        let reread = try await Self.receipt(image, rereading: true)
        #expect(reread.businessRegistrationNumber?.value == "120-81-79358")
        #expect(reread.phoneNumber?.value == first.phoneNumber?.value, "the other fields stay as they were read")
        #expect(reread.date?.value == first.date?.value)
    }
}
