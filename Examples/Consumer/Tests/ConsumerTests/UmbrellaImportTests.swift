import SwiftOCR
import Testing

/// An app that writes `import SwiftOCR` and nothing else: the repository, the domain and
/// Foundation's `Data` are all there, and `Data` is the type, not a module.
@Suite struct UmbrellaImportTests {
    @Test func readsWithOneImport() async throws {
        let repository = try TesseractOCRRepository(languages: ["ko-KR", "en-US"])
        let bytes = Data([0x89, 0x50, 0x4E, 0x47])  // Foundation's Data, though a module is named Data
        await #expect(throws: OCRError.self) { try await repository.recognizeText(in: bytes) }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../TestImages/receipt.png")
        let result = try await repository.recognizeText(at: sample.standardizedFileURL)
        #expect(result.text.contains("합계"))
        #expect(ReceiptExtractor().extract(from: result).total != nil)
    }
}
