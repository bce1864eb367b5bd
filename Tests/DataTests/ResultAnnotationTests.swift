import CLeptonica
import Data
import Domain
import Foundation
import OCRTestSupport
import Testing

/// `ResultAnnotation`: the picture people check a reading by, read back pixel by pixel.
@Suite("Annotated images: upright, each line boxed where the result says")
struct ResultAnnotationTests {
    /// The colour of a pixel of a decoded 32-bit image.
    static func colour(_ pix: UnsafeMutablePointer<PIX>, _ x: Int, _ y: Int) -> (Int32, Int32, Int32) {
        var red: Int32 = 0
        var green: Int32 = 0
        var blue: Int32 = 0
        pixGetRGBPixel(pix, Int32(x), Int32(y), &red, &green, &blue)
        return (red, green, blue)
    }

    @Test("A sideways receipt is drawn upright, with a coloured box on every line's edges and its text left untouched")
    func boxesWhereTheResultSays() async throws {
        let fixture = Fixture("receipt-rot90.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: nil, options: .suite)
        #expect(result.rotation == .clockwise90)
        let png = try ResultAnnotation.png(of: try fixture.data(), result: result)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        var read = png.withUnsafeBytes { pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        defer { pixDestroy(&read) }
        let pix = try #require(read)
        #expect(Int(pixGetWidth(pix)) == result.imageSize.width && Int(pixGetHeight(pix)) == result.imageSize.height)
        #expect(pixGetDepth(pix) == 32)
        #expect(!result.lines.isEmpty)
        for line in result.lines {
            let box = line.boundingBox.topLeftPixelRect(in: result.imageSize)
            let (red, green, blue) = Self.colour(pix, box.x + box.width / 2, box.y)  // top edge, middle
            let expected =
                line.confidence >= ResultAnnotation.confident
                ? (Int32(0), Int32(170), Int32(0))
                : line.confidence >= ResultAnnotation.doubtful ? (255, 140, 0) : (220, 0, 0)
            #expect(red == expected.0 && green == expected.1 && blue == expected.2, "\(line.text): \(red),\(green),\(blue)")
        }
        // Away from every box the picture is the gray page, unpainted.
        let corner = Self.colour(pix, 2, 2)
        #expect(corner.0 == corner.1 && corner.1 == corner.2)
    }

    @Test("Highlighted boxes (a receipt's fields) are drawn in blue over the lines' boxes")
    func highlightedFields() async throws {
        let fixture = Fixture("receipt.png")
        let options = RecognitionOptions(rules: .fieldExtraction(), timeLimit: SuiteLimits.timeLimit)
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: options)
        let total = try #require(ReceiptExtractor().extract(from: result).total)
        let png = try ResultAnnotation.png(of: try fixture.data(), result: result, highlighting: [total.boundingBox])
        var read = png.withUnsafeBytes { pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        defer { pixDestroy(&read) }
        let pix = try #require(read)
        let box = total.boundingBox.topLeftPixelRect(in: result.imageSize)
        let (red, green, blue) = Self.colour(pix, box.x + box.width / 2, box.y)
        #expect(red == 0 && green == 90 && blue == 255, "\(red),\(green),\(blue)")
    }

    @Test("What cannot be decoded is the same error recognition gives")
    func notAnImage() {
        #expect(throws: OCRError.self) { try ResultAnnotation.png(of: Data("not an image".utf8), result: OCRResult(lines: [])) }
    }
}
