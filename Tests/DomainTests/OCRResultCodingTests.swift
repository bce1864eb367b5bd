import Domain
import Foundation
import Testing

@Suite("Codable round trips and option parsing")
struct OCRResultCodingTests {
    @Test("An OCRResult survives JSON encoding unchanged")
    func roundTrip() throws {
        let word = RecognizedWord(text: "합계", boundingBox: NormalizedRect(x: 0.1, y: 0.2, width: 0.3, height: 0.05), confidence: 0.93)
        let line = RecognizedLine(
            text: "합계 3,600", boundingBox: NormalizedRect(x: 0.1, y: 0.2, width: 0.8, height: 0.05), confidence: 0.91, words: [word])
        let result = OCRResult(lines: [line], minimumConfidence: 0.6, imageSize: ImageSize(width: 560, height: 400), rotation: .clockwise270)
        let decoded = try JSONDecoder().decode(OCRResult.self, from: JSONEncoder().encode(result))
        #expect(decoded == result)
        #expect(decoded.filteredLines.first?.words.first?.text == "합계")
    }

    @Test("Language lists parse from Tesseract's kor+eng spelling", arguments: ["kor", "kor+eng", "script/Hangul+eng", "chi_sim"])
    func parsesLanguages(specifier: String) throws {
        #expect(try RecognitionOptions.languages(from: specifier).joined(separator: "+") == specifier)
    }

    @Test("Malformed language lists are rejected", arguments: ["", "kor+", "+eng", "../eng", "/etc/passwd", "kor eng", "한국어"])
    func rejectsLanguages(specifier: String) {
        #expect(throws: OCRError.invalidLanguage(specifier)) { try RecognitionOptions.languages(from: specifier) }
    }

    @Test("Error messages say what to do")
    func errorMessages() {
        let missing = OCRError.languageDataMissing(language: "kor", searchedDirectories: ["/a", "/b"], debianPackage: "tesseract-ocr-kor")
        #expect(missing.description.contains("apt-get install tesseract-ocr-kor"))
        #expect(missing.description.contains("/a, /b"))
        #expect(OCRError.undecodableImage(format: "png").description.contains("PNG"))
        #expect(OCRError.timedOut(seconds: 0.000001).description.contains("limit of 0.000001 s"))
        #expect(OCRError.timedOut(seconds: 60).description.contains("limit of 60 s"))
        #expect(OCRError.imageTooLarge(width: 30000, height: 30000, maximumPixelCount: 50_000_000).localizedDescription.contains("30000×30000"))
    }

    @Test("Reading quality prefers more confidently read characters")
    func readingQuality() {
        func lines(_ words: [(String, Float)]) -> [RecognizedLine] {
            let box = NormalizedRect(x: 0, y: 0, width: 1, height: 1)
            return [
                RecognizedLine(
                    text: "", boundingBox: box, confidence: 1, words: words.map { RecognizedWord(text: $0.0, boundingBox: box, confidence: $0.1) })
            ]
        }
        let fullPage = ReadingQuality(lines: lines([("상승장에서는", 0.9), ("판단까지", 0.85)]))
        let droppedLine = ReadingQuality(lines: lines([("상승장에서는", 0.95)]))
        let garbage = ReadingQuality(lines: lines([("SSS", 0.2), ("ooo", 0.3), ("상승", 0.6)]))
        #expect(fullPage > droppedLine)
        #expect(droppedLine > garbage)
        #expect(abs(garbage.meanConfidence - (0.2 * 3 + 0.3 * 3 + 0.6 * 2) / 8) < 1e-6)
        #expect(ReadingQuality(lines: []).meanConfidence == 0)
    }
}

@Suite("Hangul word repair: Korean misread as Latin letters")
struct HangulWordRepairTests {
    static func word(_ text: String, _ x: Double, _ width: Double, _ confidence: Float) -> RecognizedWord {
        RecognizedWord(text: text, boundingBox: NormalizedRect(x: x, y: 0.5, width: width, height: 0.05), confidence: confidence)
    }

    static func line(_ words: [RecognizedWord]) -> RecognizedLine {
        RecognizedLine(
            text: words.map(\.text).joined(separator: " "), boundingBox: NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.05),
            confidence: 0.8, words: words)
    }

    @Test("A Latin misreading is replaced by the Korean reading of the same span")
    func replacesMisreading() {
        let mixed = Self.line([Self.word("공항으로", 0.0, 0.2, 0.95), Self.word("WAL", 0.25, 0.15, 0.6), Self.word("이십", 0.45, 0.1, 0.95)])
        let korean = [Self.word("공항으로", 0.0, 0.2, 0.95), Self.word("버스는", 0.24, 0.16, 0.93), Self.word("이십", 0.45, 0.1, 0.95)]
        let repaired = HangulWordRepair.repair(mixed, koreanWords: korean)
        #expect(repaired.text == "공항으로 버스는 이십")
        #expect(repaired.words[1].confidence == 0.93)
    }

    @Test(
        "English words and doubtful Korean readings are kept",
        arguments: [
            ("Samsung", Float(0.97), "ㅎ80054108", Float(0.6)),  // jamo and digits: not Korean
            ("Netflix", 0.91, "지601", 0.8),  // more digits than syllables
            ("ASS", 0.95, "연극을", 0.9),  // Korean reading less confident
            ("OCR", 0.9, "오씨알", 0.6),  // Korean reading less confident than the English word
            ("XQ", 0.1, "오씨", 0.25),  // below the minimum confidence
        ] as [(String, Float, String, Float)])
    func keepsWords(latin: String, latinConfidence: Float, korean: String, koreanConfidence: Float) {
        let mixed = Self.line([Self.word(latin, 0.1, 0.2, latinConfidence)])
        let repaired = HangulWordRepair.repair(mixed, koreanWords: [Self.word(korean, 0.1, 0.2, koreanConfidence)])
        #expect(repaired == mixed)
    }

    @Test("A Korean word split into several Latin words is replaced as a whole; a true English neighbour stays")
    func runs() {
        let split = Self.line([Self.word("ASS", 0.0, 0.12, 0.19), Self.word("SA", 0.13, 0.07, 0.19), Self.word("강남구", 0.25, 0.15, 0.95)])
        let korean = [Self.word("서울특별시", 0.0, 0.2, 0.93), Self.word("강남구", 0.25, 0.15, 0.96)]
        #expect(HangulWordRepair.repair(split, koreanWords: korean).text == "서울특별시 강남구")

        let withEnglish = Self.line([Self.word("AAs", 0.1, 0.2, 0.1), Self.word("KRW", 0.32, 0.1, 0.47), Self.word("45,900", 0.45, 0.15, 0.9)])
        let koreanReading = [Self.word("결제금액", 0.1, 0.2, 0.92), Self.word("<#8\\45,900", 0.32, 0.28, 0.05)]
        #expect(HangulWordRepair.repair(withEnglish, koreanWords: koreanReading).text == "결제금액 KRW 45,900")
    }

    @Test("A Korean word repeating one of the line's other words is not taken for a misread one (a title's `**` read `wt`, its box over the name)")
    func keepsNeighboursOutOfTheRun() {
        // As read from a faded pharmacy receipt: Tesseract's box for `wt` spans the name too.
        let mixed = Self.line([Self.word("wt", 0.113, 0.311, 0.2), Self.word("365열린약국", 0.113, 0.255, 0.89), Self.word("a", 0.385, 0.038, 0.6)])
        let korean = [Self.word("5", 0.113, 0.311, 0.41), Self.word("365열린약국", 0.113, 0.255, 0.9), Self.word("*%%", 0.385, 0.038, 0.41)]
        #expect(HangulWordRepair.repair(mixed, koreanWords: korean).text == "wt 365열린약국 a")

        // A document at half size: `AUS`'s box runs over the next three words; the Korean
        // reading of the run is taken alone.
        let next = [Self.word("산출하지", 0.853, 0.024, 0.9), Self.word("아니한", 0.882, 0.019, 0.9), Self.word("대학", 0.904, 0.015, 0.9)]
        let spread = Self.line([Self.word("RR", 0.745, 0.068, 0.3), Self.word("AUS", 0.816, 0.103, 0.3)] + next)
        let spreadKorean = [Self.word("간접비고시비율을", 0.793, 0.056, 0.6)] + next
        #expect(HangulWordRepair.repair(spread, koreanWords: spreadKorean).text == "RR 간접비고시비율을 산출하지 아니한 대학")
    }

    @Test(
        "Suspect words: Latin letters or mostly symbols, and no Hangul",
        arguments: [("WAL", true), ("3]", true), ("£}", true), ("B동", false), ("12,500", false), ("버스는", false), ("(VAT", true)])
    func suspects(text: String, suspect: Bool) {
        #expect(HangulWordRepair.isSuspect(text) == suspect)
    }

    @Test("Rotations add up modulo 360°")
    func rotationComposition() {
        #expect(RotationDegree.clockwise90.followed(by: .clockwise270) == .upright)
        #expect(RotationDegree.clockwise180.followed(by: .clockwise270) == .clockwise90)
        #expect(RotationDegree.upright.followed(by: .clockwise90) == .clockwise90)
    }
}
