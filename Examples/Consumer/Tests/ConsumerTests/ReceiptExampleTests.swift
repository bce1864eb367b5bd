import SwiftOCR
import Testing

/// A receipt's fields, as an expense app takes them: read through the receipt repository
/// (rows whose fields were lost are read again), extracted, trusted only when confirmed,
/// and stored as the same JSON `ocr scan --extract receipt --format json` prints.
@Suite struct ReceiptExampleTests {
    @Test func readsAReceipt() async throws {
        let image = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../TestImages/receipt.png")
        let repository = ReceiptRereadingRepository(try TesseractOCRRepository())
        let result = try await repository.recognizeText(at: image.standardizedFileURL)
        let receipt = ReceiptExtractor().extract(from: result)

        let total = try #require(receipt.total)
        #expect(total.value == 3_600 && total.basis == .confirmed)
        #expect(receipt.date?.value.date() != nil)  // a Foundation Date, in Korea's time zone

        let stored = try JSONEncoder().encode(receipt)
        #expect(try JSONDecoder().decode(Receipt.self, from: stored).total?.value == 3_600)
    }
}
