import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// Apple Vision's recognition options, on Tesseract: custom words and language correction.
@Suite("Recognition options: custom words, language correction")
struct RecognitionOptionTests {
    static let fixture = Fixture("custom-words.png")

    static func words() throws -> [String] {
        try String(contentsOf: Fixture.directory.appendingPathComponent("custom-words.words"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    static func read(customWords: [String]) async throws -> String {
        let options = RecognitionOptions(timeLimit: SuiteLimits.timeLimit, customWords: customWords)
        return try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: options).text
    }

    @Test("A custom word turns a misread into the right word, and engines with other word lists are not mixed up")
    func customWordFixesMisread() async throws {
        let plain = try await Self.read(customWords: [])
        #expect(plain.contains("뀌바로우"), "Baekmuk Batang's 꿔 reads as 뀌 without the word: \(plain)")
        let withWords = try await Self.read(customWords: try Self.words())
        #expect(withWords.contains("꿔바로우"), "\(withWords)")
        let plainAgain = try await Self.read(customWords: [])
        #expect(plainAgain == plain)
    }

    @Test("Custom words are split at whitespace; empty and overlong ones are dropped")
    func normalizedWords() {
        let long = String(repeating: "가", count: EngineSetup.longestCustomWord + 1)
        let setup = EngineSetup(languages: ["kor"], customWords: ["꿔바로우 마라샹궈", "", "  ", long, "꿔바로우"])
        #expect(setup.customWords == ["꿔바로우", "마라샹궈"])
        #expect(EngineSetup(languages: ["kor"], customWords: ["b", "a"]) == EngineSetup(languages: ["kor"], customWords: ["a", "b"]))
    }

    @Test("Language correction off initialises the engine without the dictionaries")
    func languageCorrectionOff() throws {
        let cache = EngineCache(locator: LanguageDataLocator())
        let corrected = try cache.engine(for: EngineSetup(languages: ["kor"]))
        let uncorrected = try cache.engine(for: EngineSetup(languages: ["kor"], usesLanguageCorrection: false))
        #expect(corrected.boolVariable("load_system_dawg") == true)
        #expect(uncorrected.boolVariable("load_system_dawg") == false)
        #expect(uncorrected.boolVariable("load_freq_dawg") == false)
    }

    @Test(
        "Automatic language: the script detected on the page picks the installed languages, and the result says which",
        arguments: [("three-lines.png", ["kor", "eng"], "상승장에서는"), ("english.png", ["eng"], "Thank you for shopping")])
    func automaticLanguage(name: String, languages: [String], expected: String) async throws {
        let options = RecognitionOptions(timeLimit: SuiteLimits.timeLimit, automaticallyDetectsLanguage: true)
        let result = try await SharedRepository.get().recognizeText(in: Fixture(name).data(), rotation: .upright, options: options)
        #expect(result.languages == languages)
        #expect(result.text.contains(expected), "\(result.text)")
    }

    @Test("Scripts map to the installed models that read them, with English beside any other script")
    func scriptLanguages() {
        let installed: Set<String> = ["kor", "eng", "osd", "Hangul"]
        #expect(ScriptLanguages.languages(for: "Hangul", installed: installed) == ["kor", "eng"])
        #expect(ScriptLanguages.languages(for: "Latin", installed: installed) == ["eng"])
        #expect(ScriptLanguages.languages(for: "Han", installed: installed) == ["kor", "eng"])
        #expect(ScriptLanguages.languages(for: "Cyrillic", installed: installed) == nil)
        #expect(ScriptLanguages.languages(for: "Hangul", installed: ["Hangul"]) == ["script/Hangul"])
    }

    @Test("A worker keeps at most a few setups initialised, the least recently used released first")
    func cacheCapacity() throws {
        let cache = EngineCache(locator: LanguageDataLocator())
        let first = try cache.engine(for: EngineSetup(languages: ["eng"], customWords: ["w0"]))
        for index in 1...EngineCache.capacity {
            _ = try cache.engine(for: EngineSetup(languages: ["eng"], customWords: ["w\(index)"]))
        }
        #expect(try cache.engine(for: EngineSetup(languages: ["eng"], customWords: ["w0"])) !== first)
    }
}

@Suite("Top candidates: other readings of each line, best first")
struct TopCandidateTests {
    @Test("Asked for three, each line offers its text first and up to two other readings, most confident first, through the rules")
    func threeCandidates() async throws {
        let options = RecognitionOptions(timeLimit: SuiteLimits.timeLimit, candidateCount: 3)
        let result = try await SharedRepository.get().recognizeText(in: Fixture("custom-words.png").data(), rotation: .upright, options: options)
        #expect(result.lines.count == 3)
        for line in result.lines {
            let candidates = line.topCandidates(3)
            #expect(candidates.first?.string == line.text)
            #expect(candidates.count <= 3)
            let alternatives = try #require(line.alternatives)
            #expect(!alternatives.contains { $0.string.filter { !$0.isWhitespace } == line.text.filter { !$0.isWhitespace } })
            #expect(alternatives.map(\.confidence) == alternatives.map(\.confidence).sorted(by: >))
        }
        // The misread line's other models read the dish name the way it is printed.
        #expect(result.lines[0].topCandidates(3).contains { $0.string.filter { !$0.isWhitespace }.contains("꿔바로우") })
    }

    @Test("Not asked for, no line carries alternatives (and none is read twice)")
    func offByDefault() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("three-lines.png").data(), rotation: .upright, options: .suite)
        #expect(result.lines.allSatisfy { $0.alternatives == nil && $0.topCandidates(5).count == 1 })
    }

    @Test("Alternatives leave out the line's own text and repeats, and keep the most confident")
    func alternativesOrder() {
        let readings = [
            RecognizedText(string: "합 계", confidence: 0.9), RecognizedText(string: "함계", confidence: 0.4),
            RecognizedText(string: "합게", confidence: 0.7), RecognizedText(string: "함 계", confidence: 0.3),
        ]
        let kept = LineCandidates.alternatives(readings, excluding: "합계", count: 2)
        #expect(kept.map(\.string) == ["합게", "함계"])
    }

    @Test("A region of interest is read alone, like Apple Vision's: only its lines, boxes in whole-image coordinates")
    func regionOfInterestIsReadAlone() async throws {
        let data = try Fixture("three-lines.png").data()
        let repository = try SharedRepository.get()
        let whole = try await repository.recognizeText(in: data, rotation: .upright, options: RecognitionOptions.suite)
        var options = RecognitionOptions.suite
        options.regionOfInterest = NormalizedRect(x: 0, y: 0.4, width: 1, height: 0.6)  // the top two lines
        let region = try await repository.recognizeText(in: data, rotation: .upright, options: options)
        #expect(region.text == whole.lines.prefix(2).map(\.text).joined(separator: "\n"), "\(region.text)")
        #expect(region.imageSize == whole.imageSize)
        for (line, same) in zip(region.lines, whole.lines) {
            let box = line.boundingBox
            #expect(box.minY >= 0.4 - 0.01, "\(box)")
            #expect(abs(box.minX - same.boundingBox.minX) < 0.01 && abs(box.minY - same.boundingBox.minY) < 0.01, "\(box) \(same.boundingBox)")
            #expect(abs(box.width - same.boundingBox.width) < 0.02 && abs(box.height - same.boundingBox.height) < 0.02, "\(box) \(same.boundingBox)")
        }
    }
}
