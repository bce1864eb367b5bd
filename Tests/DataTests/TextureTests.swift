import CLeptonica
import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// Pages of texture — noise, a moiré, grain, a scan smeared to specks — are answered as
/// holding no text from their measurements (`TextEvidence`), and pages of text never are.
@Suite("Texture pages: answered from their measurements")
struct TextureTests {
    /// A generated 8-bit page of `width` × `height`, each pixel's level from `level(x, y)`.
    static func page(width: Int, height: Int, _ level: (Int, Int) -> UInt32) throws -> LeptonicaImage {
        let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        for y in 0..<height {
            for x in 0..<width { pixSetPixel(image.pix, Int32(x), Int32(y), level(x, y)) }
        }
        return image
    }

    /// Noise of 5% black pixels, a moiré of two gratings crossing at 7°, paper grain.
    static func textures() throws -> [(name: String, image: LeptonicaImage)] {
        var random = SeededGenerator(seed: 64)
        let noise = try page(width: 1100, height: 800) { _, _ in Double.random(in: 0..<1, using: &random) < 0.05 ? 0 : 255 }
        let angle = 7.0 * Double.pi / 180
        let moire = try page(width: 1100, height: 800) { x, y in
            let first = sin(Double(x) * 2 * .pi / 6)
            let second = sin((Double(x) * cos(angle) + Double(y) * sin(angle)) * 2 * .pi / 6.3)
            return first + second > 0.4 ? 0 : 255
        }
        // Grain about normal around 200 (the sum of four uniform draws; deviation about 46).
        let grain = try page(width: 1100, height: 800) { _, _ in
            UInt32(max(0, min(255, 200 + (0..<4).reduce(0) { sum, _ in sum + Int.random(in: -40...40, using: &random) })))
        }
        return [("salt and pepper", noise), ("moiré", moire), ("grain", grain)]
    }

    @Test("Noise, a moiré and grain are texture: no lines, the image's own size, upright")
    func generatedTextures() async throws {
        for (name, image) in try Self.textures() {
            let base = try ImagePreparation(level: .accurate).base(from: image)
            #expect(base.isTexture, "\(name)")
            let result = try await SharedRepository.get().recognizeText(in: try image.pngData(), options: .suite)
            #expect(result.lines.isEmpty, "\(name): \(result.text)")
            #expect(result.imageSize == image.size && result.rotation == .upright, "\(name)")
        }
    }

    @Test("A fuzzed scan smeared to specks (found slow by the decode fuzzer) is texture: no lines, its size reported")
    func fuzzedSpecks() async throws {
        let result = try await SharedRepository.get().recognizeText(in: Fixture("fuzz/slow-specks.gif").data(), options: .suite)
        #expect(result.lines.isEmpty, "\(result.text)")
        #expect(result.imageSize == ImageSize(width: 697, height: 233))
    }

    @Test(
        "Pages of text are never texture: print, small print, receipts, photographs, dark mode, pages turned a quarter",
        arguments: [
            "three-lines.png", "small.png", "receipt.png", "photo.jpg", "dark-mode.png", "page.png", "condensed.png", "skewed.png",
            "receipt-rot90.png", "receipt-rot270.png", "short-lines-40-rot90.png",
        ])
    func textIsNotTexture(name: String) throws {
        let base = try ImagePreparation(level: .accurate).base(from: try Fixture(name).grayscaleImage())
        #expect(!base.isTexture)
    }
}
