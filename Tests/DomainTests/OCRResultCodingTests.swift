import Domain
import Foundation
import Testing

@Suite("Codable round trips and option parsing")
struct OCRResultCodingTests {
    @Test("An OCRResult survives JSON encoding unchanged")
    func roundTrip() throws {
        let word = RecognizedWord(text: "합계", boundingBox: NormalizedRect(x: 0.1, y: 0.2, width: 0.3, height: 0.05), confidence: 0.93)
        let line = RecognizedLine(text: "합계 3,600", boundingBox: NormalizedRect(x: 0.1, y: 0.2, width: 0.8, height: 0.05), confidence: 0.91, words: [word])
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
        #expect(OCRError.imageTooLarge(width: 30000, height: 30000, maximumPixelCount: 50_000_000).localizedDescription.contains("30000×30000"))
    }

    @Test("Reading quality prefers more confidently read characters")
    func readingQuality() {
        func lines(_ words: [(String, Float)]) -> [RecognizedLine] {
            let box = NormalizedRect(x: 0, y: 0, width: 1, height: 1)
            return [RecognizedLine(text: "", boundingBox: box, confidence: 1, words: words.map { RecognizedWord(text: $0.0, boundingBox: box, confidence: $0.1) })]
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
