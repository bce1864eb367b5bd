import CLeptonica
import OCRTestSupport
import Testing

@testable import Data

@Suite("Gray-level histograms counted from the words: the same as Leptonica's")
struct LevelCountTests {
    @Test("Random images of every width remainder count as pixGetGrayHistogram counts")
    func randomImages() throws {
        var generator = SeededGenerator(seed: 11)
        for width in [1, 2, 3, 4, 5, 6, 7, 8, 13, 37, 64, 101] {
            let height = Int.random(in: 1...9, using: &generator)
            let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
            // Few levels, so that bins fill up the way paper and ink fill them.
            let levels = (0..<4).map { _ in UInt32.random(in: 0...255, using: &generator) }
            for y in 0..<height {
                for x in 0..<width { pixSetPixel(image.pix, Int32(x), Int32(y), levels.randomElement(using: &generator)!) }
            }
            #expect(image.levelCounts() == Self.leptonicaCounts(image), "\(width)×\(height)")
            #expect(image.levelCounts()?.reduce(0, +) == width * height)
        }
    }

    @Test("A photographed receipt counts as pixGetGrayHistogram counts", arguments: ["receipt.png", "page.png"])
    func fixture(name: String) throws {
        let image = try Fixture(name).grayscaleImage()
        #expect(image.levelCounts() == Self.leptonicaCounts(image))
    }

    @Test("Only 8-bit images without a colour map are counted")
    func otherDepths() throws {
        let binary = try #require(LeptonicaImage(taking: pixCreate(9, 3, 1)))
        #expect(binary.levelCounts() == nil)
        let mapped = try #require(LeptonicaImage(taking: pixCreate(9, 3, 8)))
        pixSetColormap(mapped.pix, pixcmapCreateLinear(8, 256))
        #expect(mapped.levelCounts() == nil)
    }

    private static func leptonicaCounts(_ image: LeptonicaImage) -> [Int]? {
        var histogram = pixGetGrayHistogram(image.pix, 1)
        defer { numaDestroy(&histogram) }
        guard let numa = histogram else { return nil }
        return (0..<256).map { index in
            var value: Int32 = 0
            numaGetIValue(numa, Int32(index), &value)
            return Int(value)
        }
    }
}
