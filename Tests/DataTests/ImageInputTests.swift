import Data
import Domain
import Foundation
import OCRTestSupport
import Testing

@Suite("Image input: formats, bad data, limits")
struct ImageInputTests {
    @Test(
        "Every supported format and encoding decodes and reads the same text (a multi-page TIFF: its first page)",
        arguments: ["three-lines.jpg", "three-lines.tif", "three-lines.bmp", "three-lines.gif", "three-lines.webp",
                    "three-lines-16bit.png", "three-lines-palette.png", "three-lines-cmyk.jpg", "three-lines-2pages.tif"]
            .map { Fixture("formats/\($0)") })
    func formats(fixture: Fixture) async throws {
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright)
        #expect(CharacterErrorRate.between(result.text, try Fixture("three-lines.png").expectedText()) <= 0.05)
    }

    @Test("Text on a transparent background reads as if on white")
    func alpha() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("three-lines-alpha.png").data(), rotation: .upright)
        #expect(CharacterErrorRate.between(result.text, try Fixture("three-lines.png").expectedText()) <= 0.05)
    }

    @Test("An image with no text gives an empty result, not an error")
    func blankPage() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("blank.png").data(), rotation: .upright)
        #expect(result.filteredLines.isEmpty)
        #expect(result.imageSize == ImageSize(width: 400, height: 300))
    }

    static let badInputs: [(String, Data, OCRError)] = [
        ("empty data", Data(), .emptyData),
        ("random bytes", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }), .notAnImage),
        ("a few bytes", Data([0x89, 0x50]), .notAnImage),
        ("text", Data("상승장에서는 누구나 투자의 천재처럼 보인다.".utf8), .notAnImage),
    ]

    @Test("Bad data throws the matching error", arguments: badInputs)
    func badData(name: String, data: Data, expected: OCRError) async throws {
        await #expect(throws: expected) {
            try await SharedRepository.get().recognizeText(in: data, rotation: .upright)
        }
    }

    static let corruptions: [(String, String, @Sendable (Data) -> Data)] = [
        ("three-lines.png", "png", { $0.prefix($0.count / 2) }),
        ("three-lines.png", "png", { $0.dropLast(12) }),  // no IEND chunk
        ("three-lines.png", "png", { data in  // one flipped byte inside the image data
            var copy = data
            copy[copy.count / 2] ^= 0xFF
            return copy
        }),
        ("formats/three-lines.jpg", "jpeg", { $0.prefix($0.count / 2) }),
        ("formats/three-lines.tif", "tiff", { $0.prefix($0.count / 2) }),
        ("formats/three-lines.webp", "webp", { $0.prefix($0.count / 2) }),
        ("formats/three-lines.gif", "gif", { $0.prefix($0.count / 2) }),
    ]

    @Test("Truncated or corrupt images are reported as undecodable, naming the format", arguments: 0..<corruptions.count)
    func corruptImages(index: Int) async throws {
        let (file, format, corrupt) = Self.corruptions[index]
        let data = corrupt(try Fixture(file).data())
        await #expect(throws: OCRError.undecodableImage(format: format)) {
            try await SharedRepository.get().recognizeText(in: data, rotation: .upright)
        }
    }

    @Test("An image over the pixel limit is refused before decoding")
    func pixelLimit() async throws {
        var options = RecognitionOptions()
        options.maximumPixelCount = 10_000
        await #expect(throws: OCRError.imageTooLarge(width: 697, height: 233, maximumPixelCount: 10_000)) {
            try await SharedRepository.get().recognizeText(in: Fixture("three-lines.png").data(), options: options)
        }
    }

    @Test("A 30000×30000 PNG of 66 bytes is refused from its header, not decoded")
    func hugeHeader() async throws {
        await #expect(throws: OCRError.imageTooLarge(width: 30000, height: 30000, maximumPixelCount: 50_000_000)) {
            try await SharedRepository.get().recognizeText(in: Fixture("huge-header.png").data())
        }
    }

    @Test("A 24-megapixel scan is reduced for reading, and its boxes still refer to the full image")
    func largeImage() async throws {
        let fixture = Fixture("large.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data())
        #expect(result.imageSize == ImageSize(width: 6000, height: 4000))
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05)
        // The text was pasted at (400, 600) of the 6000×4000 page.
        let first = try #require(result.lines.first).boundingBox.topLeftPixelRect(in: result.imageSize)
        #expect(abs(first.x - 400) < 40 && abs(first.y - 600) < 60, "\(first)")
    }

    @Test("A 1×1 image gives an empty result")
    func tinyImage() async throws {
        // A valid 1×1 white PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAsTj2FAAAAABJRU5ErkJggg==")!
        let result = try await SharedRepository.get().recognizeText(in: png, rotation: .upright)
        #expect(result.lines.isEmpty)
        #expect(result.imageSize == ImageSize(width: 1, height: 1))
    }
}
