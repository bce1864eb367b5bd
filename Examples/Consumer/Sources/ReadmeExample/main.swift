// swift-format-ignore-file
// The README's "The library in ten lines", verbatim: built by CI (.ci/run), kept equal to
// the README by a test (DomainTests, DocumentationTests).
import SwiftOCR   // the repository, the domain types and Foundation

let repository = try TesseractOCRRepository(languages: ["kor", "eng"])
let image = try Data(contentsOf: URL(fileURLWithPath: "receipt.jpg"))
let result = try await repository.recognizeText(in: image)   // orientation detected
print(result.rotation)                      // e.g. .clockwise90 for a sideways photo
for line in result.lines {                  // after the standard rules (confidence ≥ 0.5, clean-up)
    print(line.text, line.confidence, line.boundingBox)   // box: 0...1, origin bottom-left
}
// For fields, keep the words read with little confidence: each field is bounded by them.
let lines = try await repository.recognizeText(in: image, options: RecognitionOptions(rules: .fieldExtraction()))
let receipt = ReceiptExtractor().extract(from: lines)
if let total = receipt.total, total.isHighConfidence { print("합계", total.value) }  // confirmed by two lines
