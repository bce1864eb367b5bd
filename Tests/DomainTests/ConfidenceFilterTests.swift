import Domain
import Testing

@Suite("Confidence filtering")
struct ConfidenceFilterTests {
    static func line(_ text: String, _ confidence: Float) -> RecognizedLine {
        RecognizedLine(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1), confidence: confidence)
    }

    static let thresholdCases: [(Float, [String])] = [
        (0, ["a", "b", "c", "d", "e"]),
        (0.5, ["b", "c", "e"]),
        (0.51, ["c", "e"]),
        (0.8, ["e"]),
        (1, ["e"]),
    ]

    static let clampCases: [(Float, Float)] = [(-3, 0), (7, 1), (.nan, 0)]

    static let lines = [line("a", 0.49), line("b", 0.5), line("c", 0.51), line("d", 0), line("e", 1)]

    @Test("The default threshold is 0.5 and keeps a line exactly at it")
    func defaultThresholdIsInclusive() {
        let result = OCRResult(lines: Self.lines)
        #expect(result.minimumConfidence == 0.5)
        #expect(result.filteredLines.map(\.text) == ["b", "c", "e"])
        #expect(result.text == "b\nc\ne")
    }

    @Test(
        "A custom threshold keeps lines at or above it, in order",
        arguments: thresholdCases)
    func customThreshold(threshold: Float, expected: [String]) {
        #expect(OCRResult(lines: Self.lines, minimumConfidence: threshold).filteredLines.map(\.text) == expected)
        #expect(ConfidenceFilter(minimumConfidence: threshold).apply(to: Self.lines).map(\.text) == expected)
    }

    @Test("Thresholds outside 0...1 are clamped", arguments: clampCases)
    func clampsThreshold(given: Float, clamped: Float) {
        #expect(ConfidenceFilter(minimumConfidence: given).minimumConfidence == clamped)
    }

    @Test("An empty result has no filtered lines and empty text")
    func emptyResult() {
        let result = OCRResult(lines: [])
        #expect(result.filteredLines.isEmpty)
        #expect(result.text.isEmpty)
    }
}
