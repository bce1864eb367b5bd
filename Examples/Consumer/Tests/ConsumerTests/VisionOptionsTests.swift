import SwiftOCR
import Testing

/// Apple Vision's request options, written as a Vision user writes them: only the type
/// names change (`VNRecognizeTextRequest` → `RecognitionOptions`, `CGRect` → `NormalizedRect`).
@Suite struct VisionOptionsTests {
    @Test func visionSnippetReadsTheRegion() async throws {
        var options = RecognitionOptions()
        options.recognitionLevel = .accurate
        options.recognitionLanguages = ["ko-KR", "en-US"]
        options.customWords = ["꿔바로우"]
        options.minimumTextHeight = 0.03
        options.regionOfInterest = NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.5)
        let repository = try TesseractOCRRepository()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../TestImages/receipt.png")
        let result = try await repository.recognizeText(at: sample.standardizedFileURL, options: options)
        #expect(!result.lines.isEmpty)
        #expect(result.lines.allSatisfy { $0.boundingBox.minY >= 0.5 - 0.01 }, "only the top half is read")
        #expect(result.lines.allSatisfy { $0.boundingBox.height >= 0.03 })
        #expect(result.languages == ["kor", "eng"], "Vision's tags, read by the Tesseract models they name")
    }
}
