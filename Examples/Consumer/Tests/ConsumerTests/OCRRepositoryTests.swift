import Data
import Domain
import Foundation
import Testing

/// The domain layer's test, as written against Apple Vision, run against SwiftOCR.
@Suite struct OCRRepositoryTests {
    let repository: any OCRRepository = try! TesseractOCRRepository()
    let testImageData = try! Data(
        contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestImages/three-lines.png"))

    @Test func recognizeText() async throws {
        let ocrResult = try await repository.recognizeText(in: testImageData, rotation: .degree0)
        #expect(ocrResult.lines[0].text.contains("상승장에서는"))
    }
}
