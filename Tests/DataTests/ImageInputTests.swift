import Data
import Domain
import Foundation
import OCRTestSupport
import Testing

@Suite("Image input: formats, bad data, limits")
struct ImageInputTests {
    @Test(
        "Every supported format and encoding decodes and reads the same text (a multi-page TIFF: its first page)",
        arguments: [
            "three-lines.jpg", "three-lines.tif", "three-lines.bmp", "three-lines.gif", "three-lines.webp",
            "three-lines-16bit.png", "three-lines-palette.png", "three-lines-cmyk.jpg", "three-lines-2pages.tif",
            "three-lines-animated.webp",
        ]
        .map { Fixture("formats/\($0)") })
    func formats(fixture: Fixture) async throws {
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try Fixture("three-lines.png").expectedText()) <= 0.05)
    }

    @Test("Every page of a multi-page TIFF is read, one result per page, in order")
    func multiPageTIFF() async throws {
        let fixture = Fixture("formats/three-lines-2pages.tif")
        let results = try await SharedRepository.get().recognizePages(in: fixture.data(), options: .suite)
        #expect(results.count == 2)
        #expect(CharacterErrorRate.between(results[0].text, try Fixture("three-lines.png").expectedText()) <= 0.05)
        #expect(results[1].text.contains("행복마트") && results[1].text.contains("합계"))
        // Any other image is one page.
        #expect(try await SharedRepository.get().recognizePages(in: Fixture("three-lines.png").data(), options: .suite).count == 1)
    }

    @Test("A file URL is read like its data; Vision's language tags read with their models")
    func fileURLAndLanguageTags() async throws {
        let repository = try TesseractOCRRepository(languages: ["ko-KR", "en-US"])
        #expect(repository.defaultLanguages == ["kor", "eng"])
        let fixture = Fixture("three-lines.png")
        let result = try await repository.recognizeText(at: fixture.url, rotation: .upright, options: .suite)
        #expect(result.languages == ["kor", "eng"])
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05)
        await #expect(throws: OCRError.self) { try await repository.recognizeText(at: URL(fileURLWithPath: "/nonexistent/a.png"), options: .suite) }
    }

    @Test("Every page of a PDF is read, one result per page, in order; PDF data as an image says how to read it")
    func pdfPages() async throws {
        let data = try Fixture("pdf/scan-2pages.pdf").data()
        let results = try await SharedRepository.get().recognizePages(in: data, options: .suite)
        #expect(results.count == 2)
        #expect(results[0].text.contains("행복마트") && results[0].text.contains("3,600"))
        #expect(CharacterErrorRate.between(results[1].text, try Fixture("three-lines.png").expectedText()) <= 0.05)
        await #expect {
            try await SharedRepository.get().recognizeText(in: data, rotation: nil, options: .suite)
        } throws: { error in
            guard case OCRError.unsupportedImage("pdf", let reason) = error else { return false }
            return reason.contains("recognizePages")
        }
    }

    /// A little-endian TIFF of `pages` 8×8 white pages (one strip each) of `bitsPerSample`
    /// samples in `sampleFormat` (TIFF's SampleFormat: 1 unsigned, 3 floating point), built
    /// byte by byte.
    static func tiff(pages: Int, bitsPerSample: Int = 8, sampleFormat: Int = 1) -> Data {
        var bytes: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        func u16(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) { bytes += (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        let stripBytes = 64 * bitsPerSample / 8
        let entries = [
            (256, 3, 8), (257, 3, 8), (258, 3, bitsPerSample), (259, 3, 1), (262, 3, 1), (273, 4, 0), (277, 3, 1), (278, 3, 8),
            (279, 4, stripBytes), (339, 3, sampleFormat),
        ]
        let directorySize = 2 + entries.count * 12 + 4
        for page in 0..<pages {
            let start = 8 + page * (directorySize + stripBytes)
            let pixels = start + directorySize
            u16(entries.count)
            for (tag, type, value) in entries {
                u16(tag)
                u16(type)
                u32(1)
                if type == 3 {
                    u16(value)
                    u16(0)
                } else {
                    u32(tag == 273 ? pixels : value)
                }
            }
            u32(page + 1 < pages ? pixels + stripBytes : 0)
            bytes += [UInt8](repeating: 255, count: stripBytes)
        }
        return Data(bytes)
    }

    @Test("A TIFF of more pages than are read from one file is refused, not read for pages × the time limit")
    func tooManyPages() async throws {
        #expect(try await SharedRepository.get().recognizePages(in: Self.tiff(pages: 3), options: .suite).count == 3)
        let many = Self.tiff(pages: ImageSource.maximumPages + 1)
        await #expect(throws: OCRError.self) { try await SharedRepository.get().recognizePages(in: many, options: .suite) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID().uuidString).tif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try many.write(to: URL(fileURLWithPath: path))
        let sources = ImageSource.pages(ofFileAtPath: path)
        #expect(sources.count == 1)
        #expect(throws: OCRError.self) { try sources[0].load() }
    }

    @Test("A multi-page TIFF file is one batch source per page, each loading that page alone")
    func pageSources() async throws {
        let sources = ImageSource.pages(ofFileAtPath: Fixture("formats/three-lines-2pages.tif").path)
        #expect(sources.map(\.name).map { $0.hasSuffix("[page 1 of 2]") || $0.hasSuffix("[page 2 of 2]") } == [true, true])
        let second = try await SharedRepository.get().recognizeText(in: try sources[1].load(), rotation: .upright, options: .suite)
        #expect(second.text.contains("합계"))
        #expect(ImageSource.pages(ofFileAtPath: Fixture("three-lines.png").path).map(\.name) == [Fixture("three-lines.png").path])
    }

    @Test("Text on a transparent background reads as if on white")
    func alpha() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("three-lines-alpha.png").data(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try Fixture("three-lines.png").expectedText()) <= 0.05)
    }

    @Test("An image with no text gives an empty result, not an error")
    func blankPage() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("blank.png").data(), rotation: .upright, options: .suite)
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
            try await SharedRepository.get().recognizeText(in: data, rotation: .upright, options: .suite)
        }
    }

    static let corruptions: [(String, String, @Sendable (Data) -> Data)] = [
        ("three-lines.png", "png", { $0.prefix($0.count / 2) }),
        ("three-lines.png", "png", { $0.dropLast(12) }),  // no IEND chunk
        (
            "three-lines.png", "png",
            { data in  // one flipped byte inside the image data
                var copy = data
                copy[copy.count / 2] ^= 0xFF
                return copy
            }
        ),
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
            try await SharedRepository.get().recognizeText(in: data, rotation: .upright, options: .suite)
        }
    }

    @Test("An image over the pixel limit is refused before decoding")
    func pixelLimit() async throws {
        var options = RecognitionOptions.suite
        options.maximumPixelCount = 10_000
        await #expect(throws: OCRError.imageTooLarge(width: 697, height: 233, maximumPixelCount: 10_000)) {
            try await SharedRepository.get().recognizeText(in: Fixture("three-lines.png").data(), options: options)
        }
    }

    @Test("A 30000×30000 PNG of 66 bytes is refused from its header, not decoded")
    func hugeHeader() async throws {
        await #expect(throws: OCRError.imageTooLarge(width: 30000, height: 30000, maximumPixelCount: 50_000_000)) {
            try await SharedRepository.get().recognizeText(in: Fixture("huge-header.png").data(), options: .suite)
        }
    }

    @Test("A 24-megapixel scan is reduced for reading, and its boxes still refer to the full image")
    func largeImage() async throws {
        let fixture = Fixture("large.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), options: .suite)
        #expect(result.imageSize == ImageSize(width: 6000, height: 4000))
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05)
        // The text was pasted at (400, 600) of the 6000×4000 page.
        let first = try #require(result.lines.first).boundingBox.topLeftPixelRect(in: result.imageSize)
        #expect(abs(first.x - 400) < 40 && abs(first.y - 600) < 60, "\(first)")
    }

    /// The three-lines GIF with a second frame whose descriptor says 40000×40000 (its data
    /// cut short): giflib decoded every frame before the first was read.
    static func gifWithHugeSecondFrame() throws -> Data {
        var bytes = [UInt8](try Fixture("formats/three-lines.gif").data())
        #expect(bytes.popLast() == 0x3B)  // the trailer
        let huge: [UInt8] = [0x2C, 0, 0, 0, 0, 0x40, 0x9C, 0x40, 0x9C, 0, 8, 2, 0x00, 0x01, 0]
        return Data(bytes + huge + huge + [0x3B])
    }

    @Test("A GIF is read from its first frame; later frames, however large, are never decoded")
    func gifFirstFrame() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Self.gifWithHugeSecondFrame(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try Fixture("three-lines.png").expectedText()) <= 0.05)
    }

    @Test("A GIF whose first frame is over the pixel limit is refused from its descriptor")
    func gifFrameOverLimit() async throws {
        // Logical screen 16×16; one frame of 46000×46000 (2.1 gigapixels), data cut short.
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [16, 0, 16, 0, 0, 0, 0]
            + [0x2C, 0, 0, 0, 0, 0xB0, 0xB3, 0xB0, 0xB3, 0, 8, 2, 0x00, 0x01, 0, 0x3B]
        await #expect(throws: OCRError.imageTooLarge(width: 46000, height: 46000, maximumPixelCount: 50_000_000)) {
            try await SharedRepository.get().recognizeText(in: Data(gif), rotation: .upright, options: .suite)
        }
    }

    @Test("A BMP over the pixel limit is refused from its header, not reported as corrupt")
    func bmpOverLimit() async throws {
        var bmp = [UInt8](repeating: 0, count: 54)
        bmp[0] = 0x42
        bmp[1] = 0x4D
        bmp[14] = 40
        bmp[26] = 1
        bmp[28] = 24
        bmp.replaceSubrange(18..<26, with: [0xA0, 0x86, 0x01, 0x00, 0xA0, 0x86, 0x01, 0x00])  // 100000 × 100000
        await #expect(throws: OCRError.imageTooLarge(width: 100_000, height: 100_000, maximumPixelCount: 50_000_000)) {
            try await SharedRepository.get().recognizeText(in: Data(bmp), rotation: .upright, options: .suite)
        }
    }

    /// A valid 32×32 8-bit gray TIFF stored in four 16×16 uncompressed tiles.
    static func tiledTIFF() -> Data {
        var bytes: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 3, 32), (257, 3, 32), (258, 3, 8), (259, 3, 1), (262, 3, 1), (277, 3, 1),
            (322, 3, 16), (323, 3, 16), (324, 4, 0), (325, 4, 256),
        ]
        let dataOffset = UInt32(8 + 2 + entries.count * 12 + 4)
        bytes += [UInt8(entries.count), 0]
        for entry in entries {
            // Four tiles of 256 bytes each would need arrays; one tile offset/count suffices
            // for the reader to see tiles (TileWidth), which is all the check needs.
            let value = entry.tag == 324 ? dataOffset : entry.value
            bytes += withUnsafeBytes(of: entry.tag.littleEndian, Array.init) + withUnsafeBytes(of: entry.type.littleEndian, Array.init)
            bytes += withUnsafeBytes(of: UInt32(1).littleEndian, Array.init) + withUnsafeBytes(of: value.littleEndian, Array.init)
        }
        bytes += [0, 0, 0, 0] + [UInt8](repeating: 255, count: 1024)
        return Data(bytes)
    }

    @Test("A tiled TIFF is refused as unsupported, saying so and how to convert it, not as corrupt")
    func tiledTIFFIsUnsupported() async throws {
        let error = await #expect(throws: OCRError.self) {
            try await SharedRepository.get().recognizeText(in: Self.tiledTIFF(), rotation: .upright, options: .suite)
        }
        guard case .unsupportedImage(let format, let reason)? = error else {
            Issue.record("expected unsupportedImage, got \(String(describing: error))")
            return
        }
        #expect(format == "tiff")
        #expect(reason.contains("tiles"))
    }

    @Test(
        "A truncated JPEG is refused even with an end marker inside it (in a comment or an EXIF thumbnail)")
    func truncatedJPEGWithEndMarkerInside() async throws {
        let jpeg = try Fixture("formats/three-lines.jpg").data()
        // A COM segment holding FF D9 right after SOI, then the image cut in half.
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x06, 0xFF, 0xD9, 0xFF, 0xD9]
        let data = Data(jpeg.prefix(2)) + Data(comment) + jpeg.dropFirst(2).prefix(jpeg.count / 2)
        await #expect(throws: OCRError.undecodableImage(format: "jpeg")) {
            try await SharedRepository.get().recognizeText(in: data, rotation: .upright, options: .suite)
        }
    }

    @Test("A 1×1 image gives an empty result")
    func tinyImage() async throws {
        // A valid 1×1 white PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAsTj2FAAAAABJRU5ErkJggg==")!
        let result = try await SharedRepository.get().recognizeText(in: png, rotation: .upright, options: .suite)
        #expect(result.lines.isEmpty)
        #expect(result.imageSize == ImageSize(width: 1, height: 1))
    }
}
