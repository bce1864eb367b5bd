import CLeptonica
import CTesseract
import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Blocks of texture: probed with a sample of their lines before they are read")
struct TextureProbeTests {
    /// Found lines of a page whose text is 20 px high: `count` of each kind, a row apart.
    static func lines(text: Int = 0, marks: Int = 0, blobs: Int = 0) -> [PixelRect] {
        let text = (0..<text).map { PixelRect(x: 10, y: $0 * 40, width: 300, height: 20) }
        let marks = (0..<marks).map { PixelRect(x: 400, y: $0 * 40, width: 60, height: 4) }
        let blobs = (0..<blobs).map { PixelRect(x: 500, y: $0 * 40, width: 150, height: 90) }
        return text + marks + blobs
    }

    @Test(
        "A block of many found lines, most of their area not shaped like text, is probed; a block of text, or of a few lines, is not",
        arguments: [
            (lines(text: 2, marks: 10, blobs: 10), true),  // bricks and seams around two lines
            (lines(text: 20, marks: 10), false),  // a receipt with its dotted rules
            (lines(text: 1, blobs: 8), false),  // a few lines: cheap to read as they are
            (lines(marks: 30), true),
            (lines(text: 1_200), true),  // more lines of text's size than any page of print: grain
        ])
    func probed(lines: [PixelRect], isProbed: Bool) {
        #expect(TextureProbe.isProbed(lines, textHeight: 20) == isProbed)
    }

    @Test("The samples are the block's widest lines shaped like text, then its widest line of large type")
    func samples() {
        let lines = [
            PixelRect(x: 0, y: 0, width: 900, height: 4),  // a seam: not shaped like text
            PixelRect(x: 0, y: 40, width: 200, height: 22),
            PixelRect(x: 0, y: 80, width: 500, height: 18),
            PixelRect(x: 0, y: 120, width: 120, height: 200),  // a blob, taller than wide
            PixelRect(x: 0, y: 400, width: 350, height: 25),
            PixelRect(x: 0, y: 500, width: 150, height: 21),
            PixelRect(x: 0, y: 600, width: 400, height: 130),  // a plate's number
            PixelRect(x: 0, y: 800, width: 300, height: 90),
        ]
        #expect(
            TextureProbe.samples(of: lines, textHeight: 20) == [
                PixelRect(x: 0, y: 80, width: 500, height: 18), PixelRect(x: 0, y: 400, width: 350, height: 25),
                PixelRect(x: 0, y: 40, width: 200, height: 22), PixelRect(x: 0, y: 600, width: 400, height: 130),
            ])
    }

    @Test(
        "A sample reads as text when read confidently with the characters text of its width holds",
        arguments: [
            ("상승장에서는 누구나 투자의 천재처럼", Float(0.9), true), ("~ =", 0.9, false), ("상승장에서는 누구나 투자의 천재처럼", 0.4, false),
        ])
    func readsAsText(text: String, confidence: Float, reads: Bool) {
        // A line 20 px high and 400 px wide: twenty line heights.
        let box = PixelRect(x: 0, y: 0, width: 400, height: 20)
        let read = PreparedLine(
            line: RecognizedLine(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1), confidence: confidence),
            preparedBox: box)
        #expect(TextureProbe.readsAsText([read], of: box) == reads)
    }

    @Test("Read alone by Tesseract, a printed line reads as text; a strip of scattered blobs does not")
    func tesseractReadings() throws {
        let engines = EngineCache(locator: LanguageDataLocator(explicitDirectory: nil))
        let reader = try engines.reader(for: EngineSetup(languages: ["kor", "eng"]))
        let control = RecognitionControl(progress: nil)
        func readsAsText(_ image: LeptonicaImage) throws -> Bool {
            let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
            let whole = PixelRect(x: 0, y: 0, width: image.size.width, height: image.size.height)
            let texture = try TextureProbe.textureReadings(of: [whole], textHeight: Double(image.size.height) * 0.6) { line in
                try reader.look(at: prepared, PSM_SINGLE_LINE, within: line, control: control) ?? []
            }
            return texture == nil
        }
        #expect(try readsAsText(Fixture("thin-strip.png").grayscaleImage()))
        // A block with nothing shaped like text to sample is read as it is.
        #expect(TextureProbe.textureReadings(of: [PixelRect(x: 0, y: 0, width: 10, height: 300)], textHeight: 20) { _ in [] } == nil)
        #expect(try !readsAsText(Self.gravel(width: 640, height: 48)))
    }

    /// White with dark blobs of every size scattered over it (a wall's grit, a photo's
    /// texture), the same every time.
    static func gravel(width: Int, height: Int) throws -> LeptonicaImage {
        let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        pixSetAll(image.pix)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<90 {
            let (w, h) = (2 + next(24), 2 + next(height - 4))
            guard let box = boxCreate(Int32(next(width - w)), Int32(next(height - h)), Int32(w), Int32(h)) else { continue }
            var pointer: UnsafeMutablePointer<BOX>? = box
            pixClearInRect(image.pix, box)
            boxDestroy(&pointer)
        }
        return image
    }
}
