import Domain
import Foundation

/// A result recorded with `ocr scan IMAGE --raw --format json > NAME.lines.json`, read back
/// into an `OCRResult` (the tool prints the library's own document), so rules and
/// extractors are tested on what the engine really read without running it.
public enum RecordedResult {
    /// The result in the JSON file at `url`, every line kept (threshold 0).
    public static func load(_ url: URL) throws -> OCRResult {
        var result = try JSONDecoder().decode(OCRResult.self, from: Data(contentsOf: url))
        result.minimumConfidence = 0
        return result
    }
}
