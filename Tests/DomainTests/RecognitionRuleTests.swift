import Domain
import Foundation
import Testing

/// A line of `words`, each placed at `(left, width)` pixels on a 1000×100 image, 20 px tall.
private func line(_ words: [(String, Double, Double)], confidence: Float = 0.9, top: Double = 40) -> RecognizedLine {
    let size = ImageSize(width: 1000, height: 100)
    let recognized = words.map { text, left, width in
        RecognizedWord(
            text: text, boundingBox: NormalizedRect(topLeftPixelRect: PixelRect(x: Int(left), y: Int(top), width: Int(width), height: 20), in: size),
            confidence: confidence)
    }
    let box = recognized.dropFirst().reduce(recognized[0].boundingBox) { $0.union($1.boundingBox) }
    return RecognizedLine(text: words.map(\.0).joined(separator: " "), boundingBox: box, confidence: confidence, words: recognized)
}

private func result(_ lines: [RecognizedLine]) -> OCRResult {
    OCRResult(lines: lines, minimumConfidence: 0, imageSize: ImageSize(width: 1000, height: 100))
}

private func textLine(_ text: String, confidence: Float = 0.9, height: Double = 0.1) -> RecognizedLine {
    RecognizedLine(text: text, boundingBox: NormalizedRect(x: 0, y: 0.5, width: 0.5, height: height), confidence: confidence)
}

@Suite("Recognition rules")
struct RecognitionRuleTests {
    @Test("The standard pipeline filters by confidence first, then cleans up, in a documented order")
    func standardPipelineOrder() {
        #expect(
            RecognitionPipeline.standard().names == [
                "noisy-page", "confidence", "word-confidence", "full-width", "text-cleanup", "garbage-lines", "lone-characters",
                "digit-repair",
            ])
        #expect(
            RecognitionPipeline.standard(minimumTextHeight: 0.02, regionOfInterest: NormalizedRect(x: 0, y: 0, width: 1, height: 0.5)).names
                == [
                    "noisy-page", "confidence", "word-confidence", "min-text-height", "region", "full-width", "text-cleanup", "garbage-lines",
                    "lone-characters", "digit-repair",
                ])
        #expect(RecognitionPipeline.raw.names.isEmpty)
        #expect(RecognitionOptions().resolvedRules.names == RecognitionPipeline.standard().names)
    }

    @Test("A line of one character read unsurely is dropped; one read surely, and longer lines, stay")
    func loneCharacters() {
        let lines = [
            textLine("노", confidence: 0.67), textLine("막", confidence: 0.93), textLine("4", confidence: 0.76), textLine("면 류", confidence: 0.6),
        ]
        #expect(LoneCharacterFilter().apply(to: result(lines)).lines.map(\.text) == ["막", "면 류"])
    }

    @Test("Visible characters: whitespace of any kind is not counted", arguments: [("생수 500ml 900", 10), (" \t\u{3000}", 0), ("", 0)])
    func visibleCharacters(text: String, count: Int) {
        #expect(text.visibleCharacterCount == count)
    }

    @Test("Where a pipeline drops lines: its confidence filter's minimum, none without one")
    func dropsLinesBelow() {
        #expect(RecognitionPipeline.standard().dropsLinesBelow == ConfidenceFilter.defaultMinimumConfidence)
        #expect(RecognitionPipeline.standard(minimumConfidence: 0.3).dropsLinesBelow == 0.3)
        #expect(RecognitionPipeline.raw.dropsLinesBelow == 0)
        #expect(RecognitionPipeline.fieldExtraction().dropsLinesBelow == 0)
        var extraction = RecognitionPipeline.fieldExtraction()
        extraction.rules.insert(ConfidenceFilter(minimumConfidence: 0.6), at: 0)
        #expect(extraction.dropsLinesBelow == 0.6)
    }

    @Test("Where a pipeline drops words: its word filter's minimum, none without one")
    func dropsWordsBelow() {
        #expect(RecognitionPipeline.standard().dropsWordsBelow == WordConfidenceFilter.defaultMinimumConfidence)
        #expect(RecognitionPipeline.standard(minimumConfidence: 0.3).dropsWordsBelow == 0.3)
        #expect(RecognitionPipeline.raw.dropsWordsBelow == 0)
        #expect(RecognitionPipeline.fieldExtraction().dropsWordsBelow == 0)
        #expect(RecognitionPipeline.raw.appending(WordConfidenceFilter(minimumConfidence: 0.7)).dropsWordsBelow == 0.7)
    }

    @Test("The confidence rule drops unsure lines and records its threshold for filteredLines")
    func confidenceRule() {
        let filtered = ConfidenceFilter(minimumConfidence: 0.7).apply(to: result([textLine("a", confidence: 0.69), textLine("b", confidence: 0.7)]))
        #expect(filtered.lines.map(\.text) == ["b"])
        #expect(filtered.minimumConfidence == 0.7)
        #expect(filtered.filteredLines.map(\.text) == ["b"])
    }

    @Test("The raw pipeline returns the result unchanged")
    func rawPipeline() {
        let input = result([textLine("  ---  ", confidence: 0.1), textLine("l2:3O", confidence: 0.2)])
        #expect(RecognitionPipeline.raw.apply(to: input) == input)
    }

    @Test("A custom rule runs after the standard ones")
    func customRule() {
        struct Uppercase: RecognitionRule {
            let name = "uppercase"
            func apply(to result: OCRResult) -> OCRResult { result.mappingLines { $0.mappingTokens { $0.uppercased() } } }
        }
        let pipeline = RecognitionPipeline.standard().appending(Uppercase())
        #expect(pipeline.names.last == "uppercase")
        #expect(pipeline.apply(to: result([textLine("total l2,5O0")])).lines.map(\.text) == ["TOTAL 12,500"])
    }

    @Test("Minimum text height keeps lines at least that fraction of the image tall", arguments: [(0.05, 2), (0.1, 1), (0.2, 0)])
    func minimumTextHeight(fraction: Double, kept: Int) {
        let input = result([textLine("tall", height: 0.1), textLine("short", height: 0.05), textLine("speck", height: 0.01)])
        #expect(MinimumTextHeightFilter(minimumTextHeight: fraction).apply(to: input).lines.count == kept)
    }

    @Test("A region keeps the words whose centres are inside it and rebuilds their line")
    func regionOfInterest() throws {
        let top = line([("상호", 50, 80), ("행복마트", 600, 160)], top: 10)
        let bottom = line([("합계", 50, 80), ("3,600", 600, 100)], top: 70)
        let rightHalf = NormalizedRect(x: 0.5, y: 0, width: 0.5, height: 1)
        let kept = RegionOfInterestFilter(region: rightHalf).apply(to: result([top, bottom]))
        #expect(kept.lines.map(\.text) == ["행복마트", "3,600"])
        let box = try #require(kept.lines.first?.boundingBox)
        #expect(abs(box.x - 0.6) < 0.001 && abs(box.width - 0.16) < 0.001)
        let topHalf = NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.5)
        #expect(RegionOfInterestFilter(region: topHalf).apply(to: result([top, bottom])).lines.map(\.text) == ["상호 행복마트"])
    }

    @Test("Text clean-up composes decomposed Hangul (NFC) and collapses whitespace")
    func normalisation() {
        let decomposed = "합계".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count == 5)
        let cleaned = TextCleanup().apply(to: result([textLine("  \(decomposed)\t  3,600  "), textLine("   ")]))
        #expect(cleaned.lines.map(\.text) == ["합계 3,600"])
        #expect(cleaned.lines[0].text.unicodeScalars.count == 8)
    }

    @Test("A bar glued to a word's edge is a sign's or a table's border, and goes; a bar standing alone stays")
    func borderBars() {
        let cleaned = TextCleanup().apply(to: result([textLine("|소인천공항 23km"), textLine("회의 중 미중|펀|"), textLine("연구실 | 연구원")]))
        #expect(cleaned.lines.map(\.text) == ["소인천공항 23km", "회의 중 미중|펀", "연구실 | 연구원"])
    }

    @Test("With a joining gap, Hangul words split with no real gap are joined; real spaces stay")
    func hangulSpacing() {
        // 상승 + 장에서는 1 px apart (a split inside a word); 장에서는 → 오른다 40 px apart (a space).
        let split = line([("상승", 100, 40), ("장에서는", 141, 80), ("오른다", 261, 60)])
        #expect(TextCleanup().apply(to: result([split])).lines[0].text == "상승 장에서는 오른다")  // off by default
        let cleaned = TextCleanup(hangulJoiningGap: 0.1).apply(to: result([split]))
        #expect(cleaned.lines[0].text == "상승장에서는 오른다")
        #expect(cleaned.lines[0].words.map(\.text) == ["상승장에서는", "오른다"])
        // Latin and digits next to Hangul keep their spaces, however close.
        let mixed = line([("iPhone", 100, 60), ("15", 162, 20), ("구매", 184, 40)])
        #expect(TextCleanup(hangulJoiningGap: 0.1).apply(to: result([mixed])).lines[0].text == "iPhone 15 구매")
    }

    @Test(
        "Garbage lines are removed; text, prices and decorated lines stay",
        arguments: [
            ("------------", true), (".,' ~", true), ("|~;i", true), ("ㅣ ;: ~", true), ("", true),
            ("합계 3,600", false), ("*** 감사합니다 ***", false), ("(주)", false), ("-3,980", false),
            ("A-2048", false), ("==== 영수증 ====", false), ("12", false),
        ])
    func garbage(text: String, isGarbage: Bool) {
        #expect(GarbageLineFilter.isGarbage(text) == isGarbage)
    }

    @Test(
        "Digit confusions are repaired inside numbers, prices, dates and times only",
        arguments: [
            ("12,5O0", "12,500"), ("12,5OO원", "12,500원"), ("-3,98O", "-3,980"), ("2O25-1O-18", "2025-10-18"),
            ("l2:3O", "12:30"), ("12:3O", "12:30"), ("2l:22", "21:22"), ("1O0", "100"), ("4S,B00", "45,800"),
            ("합계:12,5O0", "합계:12,500"), ("₩9,9OO", "₩9,900"), ("214-B6-12345", "214-86-12345"),
            // Not numbers: unchanged.
            ("SOLD", "SOLD"), ("B1", "B1"), ("OK", "OK"), ("IBK", "IBK"), ("S25", "S25"), ("ABC12O", "ABC12O"),
            ("Oo", "Oo"), ("l0", "l0"), ("COS", "COS"), ("5OO", "5OO"),
        ])
    func digitRepair(token: String, repaired: String) {
        #expect(DigitConfusionRepair.repair(token) == repaired)
    }

    @Test("Digit repair changes the line text and its words alike")
    func digitRepairKeepsWordsInStep() {
        let price = line([("합계", 50, 80), ("12,5O0", 600, 100)])
        let repaired = DigitConfusionRepair().apply(to: result([price])).lines[0]
        #expect(repaired.text == "합계 12,500")
        #expect(repaired.words.map(\.text) == ["합계", "12,500"])
    }
}

@Suite("Word confidence")
struct WordConfidenceFilterTests {
    static func word(_ text: String, _ x: Double, _ confidence: Float) -> RecognizedWord {
        RecognizedWord(text: text, boundingBox: NormalizedRect(x: x, y: 0.5, width: 0.1, height: 0.05), confidence: confidence)
    }

    @Test("Guessed words leave a kept line; a line of guesses goes; lines without words stay")
    func dropsGuesses() {
        let words = [Self.word("합계", 0.1, 0.95), Self.word("ee", 0.3, 0.2), Self.word("12,000", 0.5, 0.9)]
        let line = RecognizedLine(
            text: "합계 ee 12,000", boundingBox: NormalizedRect(x: 0.1, y: 0.5, width: 0.5, height: 0.05), confidence: 0.7, words: words)
        let guesses = RecognizedLine(
            text: "aa", boundingBox: NormalizedRect(x: 0, y: 0.2, width: 0.1, height: 0.05), confidence: 0.6, words: [Self.word("aa", 0, 0.3)])
        let bare = RecognizedLine(text: "text", boundingBox: NormalizedRect(x: 0, y: 0.1, width: 0.1, height: 0.05), confidence: 0.9)
        let result = WordConfidenceFilter().apply(
            to: OCRResult(lines: [line, guesses, bare], minimumConfidence: 0.5, imageSize: ImageSize(width: 100, height: 100)))
        #expect(result.lines.map(\.text) == ["합계 12,000", "text"])
        #expect(result.lines[0].confidence > line.confidence)
    }

    @Test(
        "Numbers with structure stay though read with little confidence; short numbers and letters do not",
        arguments: [
            ("6250-03*-**^-4903(6)", Float(0.3), true), ("1544-4700", 0.2, true), ("798606607", 0.16, true),
            ("1544-4700", 0.1, false), ("12", 0.3, false), ("ee", 0.3, false), ("Boe", 0.2, false), ("A1B2C3D4", 0.3, false),
        ])
    func structuredNumbers(text: String, confidence: Float, kept: Bool) {
        let words = [Self.word("카드번호", 0.1, 0.9), Self.word(text, 0.4, confidence)]
        let line = RecognizedLine(
            text: "카드번호 \(text)", boundingBox: NormalizedRect(x: 0.1, y: 0.5, width: 0.5, height: 0.05), confidence: 0.7, words: words)
        let result = WordConfidenceFilter().apply(to: OCRResult(lines: [line], imageSize: ImageSize(width: 100, height: 100)))
        #expect(result.lines.first?.text.contains(text) == kept)
    }
}

@Suite("Noisy pages")
struct NoisyPageFilterTests {
    static func line(_ words: [(String, Float)], y: Double, confidence: Float) -> RecognizedLine {
        let recognized = words.enumerated().map { index, word in
            RecognizedWord(text: word.0, boundingBox: NormalizedRect(x: 0.1 * Double(index), y: y, width: 0.08, height: 0.05), confidence: word.1)
        }
        return RecognizedLine(
            text: words.map(\.0).joined(separator: " "), boundingBox: NormalizedRect(x: 0, y: y, width: 0.8, height: 0.05),
            confidence: confidence, words: recognized)
    }

    @Test("A page read mostly as noise keeps only its surer words; a page read with confidence is left alone")
    func noisyPage() {
        let noise = (0..<6).map { Self.line([("eeercemen", 0.1), ("oro", 0.2)], y: 0.1 * Double($0), confidence: 0.15) }
        let halfSure = Self.line([("8", 0.67), ("bee", 0.55)], y: 0.7, confidence: 0.62)
        let plate = Self.line([("65%", 0.36), ("0887-5", 0.66)], y: 0.8, confidence: 0.51)
        let page = OCRResult(lines: noise + [halfSure, plate], minimumConfidence: 0, imageSize: ImageSize(width: 500, height: 500))
        let kept = NoisyPageFilter().apply(to: page)
        // `8` is left alone of its line, a short line read under 0.8: it goes too.
        #expect(kept.lines.map(\.text) == ["0887-5"])
        let sure = OCRResult(lines: [halfSure, plate], minimumConfidence: 0, imageSize: ImageSize(width: 500, height: 500))
        #expect(NoisyPageFilter().apply(to: sure) == sure)
    }

    @Test("On a noisy page a line of up to three characters stays only when read surely")
    func noisyShortLines() {
        let noise = (0..<6).map { Self.line([("eeercemen", 0.1), ("oro", 0.2)], y: 0.1 * Double($0), confidence: 0.15) }
        let bricks = [Self.line([("Ih", 0.78)], y: 0.6, confidence: 0.78), Self.line([("ATE", 0.92)], y: 0.7, confidence: 0.92)]
        let sign = Self.line([("평창면옥", 0.7)], y: 0.8, confidence: 0.7)
        let page = OCRResult(lines: noise + bricks + [sign], minimumConfidence: 0, imageSize: ImageSize(width: 500, height: 500))
        #expect(NoisyPageFilter().apply(to: page).lines.map(\.text) == ["ATE", "평창면옥"])
    }

    @Test("On a noisy page a number's shape does not save it: texture reads as digits")
    func noisyNumbers() {
        let noise = (0..<6).map { Self.line([("eeercemen", 0.1), ("oro", 0.2)], y: 0.1 * Double($0), confidence: 0.15) }
        let texture = Self.line([("16500", 0.3), ("0887-5", 0.66)], y: 0.8, confidence: 0.51)
        let page = OCRResult(lines: noise + [texture], minimumConfidence: 0, imageSize: ImageSize(width: 500, height: 500))
        #expect(NoisyPageFilter().apply(to: page).lines.map(\.text) == ["0887-5"])
    }
}
