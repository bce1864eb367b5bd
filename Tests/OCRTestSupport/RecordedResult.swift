import Domain
import Foundation

/// A result recorded with `ocr scan IMAGE --raw --format json > NAME.lines.json`, read back
/// into an `OCRResult`, so rules and extractors are tested on what the engine really read
/// without running it.
public enum RecordedResult {
    private struct Report: Decodable {
        struct Box: Decodable {
            var x, y, width, height: Double
            var rect: NormalizedRect { NormalizedRect(x: x, y: y, width: width, height: height) }
        }
        struct Word: Decodable {
            var text: String
            var confidence: Float
            var boundingBox: Box
        }
        struct Line: Decodable {
            var text: String
            var confidence: Float
            var boundingBox: Box
            var words: [Word]
        }
        var width: Int
        var height: Int
        var rotation: Int
        var lines: [Line]
    }

    /// The result in the JSON file at `url`.
    public static func load(_ url: URL) throws -> OCRResult {
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: url))
        let lines = report.lines.map { line in
            RecognizedLine(
                text: line.text, boundingBox: line.boundingBox.rect, confidence: line.confidence,
                words: line.words.map { RecognizedWord(text: $0.text, boundingBox: $0.boundingBox.rect, confidence: $0.confidence) })
        }
        return OCRResult(
            lines: lines, minimumConfidence: 0, imageSize: ImageSize(width: report.width, height: report.height),
            rotation: RotationDegree(rawValue: report.rotation) ?? .upright)
    }
}
