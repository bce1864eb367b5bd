import CLeptonica
import Domain
import Foundation
import OCRTestSupport
import Synchronization
import Testing

@testable import Data

/// Inputs that are valid but stored in ways the decoders refuse, that take long to decode,
/// or that are larger than Tesseract reads: each gives a clear error or its text, never a
/// decode that outlives its time limit.
@Suite("Hostile images: unsupported storage, decoding bombs, mirrored EXIF, lines past 32,000 px")
struct HostileImageTests {
    struct Unsupported: Sendable, CustomTestStringConvertible {
        let name: String
        let data: @Sendable () throws -> Data
        /// Words the message must hold: what is unsupported, and how to convert it.
        let says: [String]
        var testDescription: String { name }
    }

    static let unsupported: [Unsupported] = [
        Unsupported(
            name: "float TIFF", data: { ImageInputTests.tiff(pages: 1, bitsPerSample: 32, sampleFormat: 3) }, says: ["floating-point", "convert"]),
        Unsupported(
            name: "32-bit integer TIFF", data: { ImageInputTests.tiff(pages: 1, bitsPerSample: 32, sampleFormat: 1) }, says: ["32 bits", "convert"]),
        Unsupported(name: "RLE8 BMP", data: { bmp(compression: 1) }, says: ["run-length", "RLE8", "convert"]),
        Unsupported(name: "PGM of maximum value 1", data: { Data("P5 8 8 1\n".utf8) + Data(repeating: 1, count: 64) }, says: ["up to 1", "convert"]),
        Unsupported(name: "12-bit JPEG", data: { try jpeg(patchingFrameWith: { $0[4] = 12 }) }, says: ["12 bits", "convert"]),
        Unsupported(name: "lossless JPEG", data: { try jpeg(patchingFrameWith: { $0[1] = 0xC3 }) }, says: ["lossless", "convert"]),
        Unsupported(name: "progressive JPEG of 300 scans", data: { try Fixture("fuzz/scan-bomb.jpg").data() }, says: ["scans", "re-encode"]),
    ]

    @Test("A valid image stored in a way the decoders do not read says which way and how to convert it", arguments: unsupported)
    func unsupportedStorage(_ input: Unsupported) throws {
        #expect {
            try ImageDecoder.decode(try input.data(), maximumPixelCount: 50_000_000)
        } throws: { error in
            guard case OCRError.unsupportedImage(_, let reason) = error else { return false }
            return input.says.allSatisfy { reason.contains($0) }
        }
    }

    @Test("A progressive JPEG of many scans stops decoding as soon as its control says to, and decodes whole without one")
    func decodingStops() throws {
        let data = try Fixture("fuzz/many-scans.jpg").data()
        let stopped = RecognitionControl(progress: nil)
        stopped.cancel()
        #expect(throws: OCRError.engineFailure("decoding the JPEG image was stopped")) {
            try ImageDecoder.decode(data, maximumPixelCount: 50_000_000, stoppingWith: stopped)
        }
        #expect(try ImageDecoder.decode(data, maximumPixelCount: 50_000_000).size == ImageSize(width: 2000, height: 2000))
    }

    @Test("A cancelled recognition of a slow JPEG throws CancellationError, not a decoding error")
    func cancelledDecodeReportsCancellation() async throws {
        let data = try Fixture("fuzz/many-scans.jpg").data()
        let repository = try SharedRepository.get()
        let task = Task { try await repository.recognizeText(in: data, rotation: .upright, options: .suite) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test(
        "A JPEG stored mirrored reads upright, with the rotation its EXIF orientation asks for",
        arguments: [(2, RotationDegree.upright), (4, .clockwise180), (5, .clockwise270), (7, .clockwise90)])
    func mirroredEXIF(orientation: Int, rotation: RotationDegree) async throws {
        let fixture = Fixture("three-lines-exif\(orientation).jpg")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: nil, options: .suite)
        #expect(result.rotation == rotation)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05)
    }

    @Test("One line wider than Tesseract's 32,000 pixels is read in pieces and comes back as one line")
    func lineWiderThanTesseractReads() async throws {
        // three-lines.png's first line, repeated side by side a word's space apart past 33,000 pixels.
        let page = try Fixture("three-lines.png").grayscaleImage()
        let line = try page.clipped(to: PixelRect(x: 36, y: 35, width: 624, height: 53))
        let copies = 33_000 / line.size.width + 1
        let wide = try Self.sideBySide(line, copies: copies)
        #expect(wide.size.width > TesseractEngine.largestSide)
        let result = try await SharedRepository.get().recognizeText(in: wide.pngData(), rotation: .upright, options: .suite)
        try #require(result.lines.count == 1)
        let first = try Fixture("three-lines.png").expectedText().split(separator: "\n")[0]
        let expected = String(repeating: String(first), count: copies)
        #expect(CharacterErrorRate.between(result.text, expected) <= 0.05)
    }

    @Test("A job that overruns its time limit is answered at once, but its worker is free again only when the job has ended")
    func abandonedJobHoldsItsWorker() async throws {
        let worker = EngineWorker(locator: LanguageDataLocator())
        let control = RecognitionControl(progress: nil, timeLimit: .milliseconds(1))
        let freed = Mutex(false)
        let release = DispatchSemaphore(value: 0)
        let markFreed: @Sendable () -> Void = { freed.withLock { $0 = true } }
        await #expect(throws: OCRError.self) {
            try await worker.run(control: control, whenFree: markFreed) { _ in
                release.wait()  // a stage that never checks its control
            }
        }
        #expect(!freed.withLock { $0 })
        release.signal()
        // The queue is serial: a second job runs only after the first ended.
        try await worker.run(control: RecognitionControl(progress: nil)) { _ in }
        #expect(freed.withLock { $0 })
    }

    /// An 8×8 8-bit BMP with a gray palette, stored with `compression` (its pixels plain).
    static func bmp(compression: Int) -> Data {
        var bytes: [UInt8] = []
        func u16(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) { bytes += (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        let offset = 14 + 40 + 256 * 4
        bytes += [0x42, 0x4D]
        u32(offset + 64)
        u32(0)
        u32(offset)
        u32(40)
        u32(8)
        u32(8)
        u16(1)
        u16(8)
        u32(compression)
        u32(64)
        u32(2835)
        u32(2835)
        u32(256)
        u32(0)
        for level in 0..<256 { bytes += [UInt8(level), UInt8(level), UInt8(level), 0] }
        bytes += [UInt8](repeating: 255, count: 64)
        return Data(bytes)
    }

    /// three-lines.jpg with its frame header (SOF0 marker onwards) changed by `patch`.
    static func jpeg(patchingFrameWith patch: (inout [UInt8]) -> Void) throws -> Data {
        var bytes = [UInt8](try Fixture("formats/three-lines.jpg").data())
        let start = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        var frame = Array(bytes[start..<start + 8])
        patch(&frame)
        bytes.replaceSubrange(start..<start + 8, with: frame)
        return Data(bytes)
    }

    /// `copies` of an 8-bit `image` side by side.
    static func sideBySide(_ image: LeptonicaImage, copies: Int) throws -> LeptonicaImage {
        let size = image.size
        let canvas = try #require(LeptonicaImage(taking: pixCreate(Int32(size.width * copies), Int32(size.height), 8)))
        pixSetAllArbitrary(canvas.pix, 255)
        for copy in 0..<copies {
            pixRasterop(canvas.pix, Int32(copy * size.width), 0, Int32(size.width), Int32(size.height), PIX_SRC, image.pix, 0, 0)
        }
        return canvas
    }
}
