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

    @Test("A line under the threshold keeps the words the engine is sure of, and only those")
    func sureWordsOfUnsureLines() {
        let words = [
            RecognizedWord(text: "3762-60°*-*8**.0888", boundingBox: NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.1), confidence: 0),
            RecognizedWord(text: "capes", boundingBox: NormalizedRect(x: 0.55, y: 0, width: 0.1, height: 0.1), confidence: 0.44),
            RecognizedWord(text: "A-0310", boundingBox: NormalizedRect(x: 0.8, y: 0, width: 0.2, height: 0.1), confidence: 0.87),
        ]
        let line = RecognizedLine(
            text: "3762-60°*-*8**.0888 capes A-0310", boundingBox: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1), confidence: 0.43,
            words: words)
        let kept = ConfidenceFilter().apply(to: [line])
        #expect(kept.map(\.text) == ["A-0310"])
        #expect(kept.first.map { $0.confidence >= 0.5 } == true)
        #expect(ConfidenceFilter(minimumConfidence: 0.9).apply(to: [line]).isEmpty)  // a stricter threshold holds for words too
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
