import Domain
import Testing

@Suite("NormalizedRect: Vision convention (origin bottom-left, y up)")
struct NormalizedRectTests {
    @Test("A top-left pixel rectangle converts to bottom-left normalized coordinates")
    func fromPixels() {
        let rect = NormalizedRect(
            topLeftPixelRect: PixelRect(x: 10, y: 20, width: 100, height: 30), in: ImageSize(width: 200, height: 100))
        #expect(rect.x == 0.05)
        #expect(rect.y == 0.5)  // bottom edge at row 50 from the top is 50 rows above the bottom
        #expect(rect.width == 0.5)
        #expect(abs(rect.height - 0.3) < 1e-12)
        #expect(abs(rect.maxY - 0.8) < 1e-12)  // top edge at row 20 of 100 → 0.8 from the bottom
    }

    @Test("A box at the top of the image has a high y; one at the bottom has y = 0")
    func topAndBottom() {
        let size = ImageSize(width: 100, height: 100)
        let top = NormalizedRect(topLeftPixelRect: PixelRect(x: 0, y: 0, width: 100, height: 10), in: size)
        let bottom = NormalizedRect(topLeftPixelRect: PixelRect(x: 0, y: 90, width: 100, height: 10), in: size)
        #expect(top.y == 0.9)
        #expect(top.maxY == 1)
        #expect(bottom.y == 0)
        #expect(top.midY > bottom.midY)
    }

    @Test(
        "Pixel → normalized → pixel is the identity",
        arguments: [
            PixelRect(x: 0, y: 0, width: 640, height: 480),
            PixelRect(x: 13, y: 7, width: 101, height: 33),
            PixelRect(x: 639, y: 479, width: 1, height: 1),
            PixelRect(x: 200, y: 100, width: 0, height: 0),
        ])
    func roundTrip(pixels: PixelRect) {
        let size = ImageSize(width: 640, height: 480)
        #expect(NormalizedRect(topLeftPixelRect: pixels, in: size).topLeftPixelRect(in: size) == pixels)
    }

    @Test(
        "Values never leave 0...1",
        arguments: [
            PixelRect(x: -20, y: -20, width: 50, height: 50),
            PixelRect(x: 90, y: 90, width: 50, height: 50),
            PixelRect(x: 500, y: 500, width: 10, height: 10),
        ])
    func clampsPixelRects(pixels: PixelRect) {
        let rect = NormalizedRect(topLeftPixelRect: pixels, in: ImageSize(width: 100, height: 100))
        for value in [rect.x, rect.y, rect.width, rect.height, rect.maxX, rect.maxY] {
            #expect((0...1).contains(value))
        }
    }

    @Test("The memberwise initialiser clamps too; a zero-sized image gives an empty rect")
    func clampsValues() {
        let rect = NormalizedRect(x: -1, y: 0.8, width: 3, height: .infinity)
        #expect(rect == NormalizedRect(x: 0, y: 0.8, width: 1, height: 0))
        #expect(NormalizedRect(x: 0.5, y: 0.5, width: 0.9, height: 0.9).maxX == 1)
        let empty = NormalizedRect(topLeftPixelRect: PixelRect(x: 1, y: 1, width: 1, height: 1), in: ImageSize(width: 0, height: 0))
        #expect(empty == NormalizedRect(x: 0, y: 0, width: 0, height: 0))
    }
}

@Suite("Word grouping follows the line text")
struct WordGroupingTests {
    static func word(_ text: String, x: Double, confidence: Float = 0.9) -> RecognizedWord {
        RecognizedWord(text: text, boundingBox: NormalizedRect(x: x, y: 0.5, width: 0.05, height: 0.1), confidence: confidence)
    }

    @Test("Syllable-words are merged into the line's space-separated words, boxes united")
    func mergesSyllables() {
        let line = RecognizedLine(
            text: "합계 3,600", boundingBox: NormalizedRect(x: 0.1, y: 0.52, width: 0.5, height: 0.05), confidence: 0.9,
            words: [Self.word("합", x: 0.1, confidence: 0.8), Self.word("계", x: 0.15, confidence: 1), Self.word("3,600", x: 0.4)])
        let grouped = line.groupingWordsByText()
        #expect(grouped.words.map(\.text) == ["합계", "3,600"])
        #expect(abs(grouped.words[0].boundingBox.width - 0.1) < 1e-9)
        #expect(abs(grouped.words[0].confidence - 0.9) < 1e-6)
        // Word boxes are clipped to the line box (Tesseract's syllable boxes can overreach).
        #expect(grouped.boundingBox == line.boundingBox)
        #expect(grouped.words.allSatisfy { $0.boundingBox.minY == 0.52 && abs($0.boundingBox.maxY - 0.57) < 1e-9 })
    }

    @Test("Words that do not spell the line text are left alone")
    func mismatchKeepsWords() {
        let words = [Self.word("ab", x: 0.1), Self.word("c", x: 0.2)]
        let line = RecognizedLine(text: "abd", boundingBox: NormalizedRect(x: 0.1, y: 0.5, width: 0.2, height: 0.1), confidence: 0.9, words: words)
        #expect(line.groupingWordsByText().words.map(\.text) == ["ab", "c"])
        #expect(zip(line.groupingWordsByText().words, words).allSatisfy { approximatelyEqual($0.boundingBox, $1.boundingBox) })
    }
}

@Suite("Rectangle clipping and union")
struct RectangleSetTests {
    @Test("Clipping keeps the overlap, or the bounds' extent where there is none")
    func clipping() {
        let bounds = NormalizedRect(x: 0.2, y: 0.2, width: 0.5, height: 0.1)
        let tall = NormalizedRect(x: 0.3, y: 0.1, width: 0.1, height: 0.5)
        #expect(approximatelyEqual(tall.clipped(to: bounds), NormalizedRect(x: 0.3, y: 0.2, width: 0.1, height: 0.1)))
        let outside = NormalizedRect(x: 0.8, y: 0.22, width: 0.1, height: 0.05)
        #expect(approximatelyEqual(outside.clipped(to: bounds), NormalizedRect(x: 0.2, y: 0.22, width: 0.5, height: 0.05)))
        #expect(approximatelyEqual(tall.union(bounds), NormalizedRect(x: 0.2, y: 0.1, width: 0.5, height: 0.5)))
    }
}

func approximatelyEqual(_ a: NormalizedRect, _ b: NormalizedRect, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance && abs(a.width - b.width) < tolerance
        && abs(a.height - b.height) < tolerance
}
