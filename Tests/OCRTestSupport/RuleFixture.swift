import Domain
import Foundation

/// A rule case in `TestImages/rules/NAME.json`: input lines (or a recorded result), the
/// rules to apply by name, and the lines expected after them. Tests pick up every file,
/// so adding a case needs no Swift:
///
/// ```json
/// { "rules": ["digit-repair"], "lines": ["합계 12,5O0"], "expected": ["합계 12,500"] }
/// ```
///
/// Rule names: `standard`, `confidence=0.7`, `min-text-height=0.02`,
/// `region=x,y,width,height`, `full-width`, `text-cleanup`, `garbage-lines`, `lone-characters`, `digit-repair`.
/// Instead of `lines`, `recorded` names a `ocr scan --raw --format json` file inside
/// `TestImages/` (its lines are the input).
public struct RuleFixture: Sendable, CustomStringConvertible {
    private struct File: Decodable {
        var rules: [String]
        var lines: [String]?
        var recorded: String?
        var expected: [String]
    }

    public static let directory = Fixture.directory.appendingPathComponent("rules")

    public let name: String
    public var description: String { name }

    /// Every case in `TestImages/rules/`.
    public static func all() -> [RuleFixture] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { RuleFixture(name: String($0.dropLast(5))) }
    }

    public init(name: String) { self.name = name }

    private func file() throws -> File {
        try JSONDecoder().decode(File.self, from: Data(contentsOf: Self.directory.appendingPathComponent(name + ".json")))
    }

    /// The input result: the listed lines (confidence 0.9, stacked top to bottom on a
    /// 1000×1000 image), or the recorded one.
    public func input() throws -> OCRResult {
        let file = try file()
        if let recorded = file.recorded { return try RecordedResult.load(Fixture.directory.appendingPathComponent(recorded)) }
        let lines = (file.lines ?? []).enumerated().map { index, text in
            RecognizedLine(
                text: text, boundingBox: NormalizedRect(x: 0.05, y: 0.95 - Double(index + 1) * 0.04, width: 0.9, height: 0.03),
                confidence: 0.9)
        }
        return OCRResult(lines: lines, minimumConfidence: 0, imageSize: ImageSize(width: 1000, height: 1000))
    }

    public func expectedLines() throws -> [String] { try file().expected }

    /// The pipeline the case names.
    public func pipeline() throws -> RecognitionPipeline {
        var rules: [any RecognitionRule] = []
        for spec in try file().rules {
            let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
            let numbers = parts.count > 1 ? parts[1].split(separator: ",").compactMap { Double($0) } : []
            switch (parts[0], numbers.count) {
            case ("standard", 0): rules += RecognitionPipeline.standard().rules
            case ("confidence", 1): rules.append(ConfidenceFilter(minimumConfidence: Float(numbers[0])))
            case ("min-text-height", 1): rules.append(MinimumTextHeightFilter(minimumTextHeight: numbers[0]))
            case ("region", 4):
                rules.append(RegionOfInterestFilter(region: NormalizedRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
            case ("full-width", 0): rules.append(FullWidthNormalization())
            case ("text-cleanup", 0): rules.append(TextCleanup())
            case ("garbage-lines", 0): rules.append(GarbageLineFilter())
            case ("lone-characters", 0): rules.append(LoneCharacterFilter())
            case ("digit-repair", 0): rules.append(DigitConfusionRepair())
            default: throw CocoaError(.coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: "unknown rule '\(spec)' in \(name).json"])
            }
        }
        return RecognitionPipeline(rules)
    }
}
