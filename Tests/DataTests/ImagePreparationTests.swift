import CLeptonica
import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Image preparation: scaling decisions")
struct ImagePreparationTests {
    @Test(
        "Small text is enlarged towards 28 px, large text reduced to 32 px; noise-sized or normal text is left",
        arguments: [
            (12.0, 28.0 / 12), (13.0, 28.0 / 13), (7.9, 28.0 / 7.9), (5.0, 4), (4.9, 1), (20.0, 1), (40.0, 1), (60.0, 32.0 / 60),
        ] as [(Double, Double)])
    func enlargement(height: Double, expected: Double) {
        let scale = ImagePreparation.scale(forTextHeight: height, size: ImageSize(width: 800, height: 600))
        #expect(abs(scale - expected) < 1e-9)
    }

    @Test(
        "Binarising at the page's Otsu split gives Leptonica's one-tile Otsu binarisation, pixel for pixel",
        arguments: ["receipt-faded.png", "faint-photo.png", "inverted-page.png", "photo.jpg"])
    func binarisedAsLeptonicaDoes(name: String) throws {
        let image = try Fixture(name).grayscaleImage()
        var leptonica: UnsafeMutablePointer<PIX>?
        let size = image.size
        #expect(pixOtsuAdaptiveThreshold(image.pix, Int32(size.width), Int32(size.height), 0, 0, 0.1, nil, &leptonica) == 0)
        defer { pixDestroy(&leptonica) }
        let ours = try image.binarized()
        var same: Int32 = 0
        var ink: Int32 = 0
        withExtendedLifetime(ours) {
            #expect(pixEqual(ours.pix, leptonica, &same) == 0 && same == 1)
            #expect(pixCountPixels(ours.pix, &ink, nil) == 0 && ink > 0, "the page holds ink")
        }
        // The same page with a colour map of its grey levels binarises as Leptonica's Otsu binarises it.
        let mapped = try image.applying("map the levels") { pixConvertGrayToColormap($0) }
        #expect(pixGetColormap(mapped.pix) != nil)
        var mappedByLeptonica: UnsafeMutablePointer<PIX>?
        #expect(pixOtsuAdaptiveThreshold(mapped.pix, Int32(size.width), Int32(size.height), 0, 0, 0.1, nil, &mappedByLeptonica) == 0)
        defer { pixDestroy(&mappedByLeptonica) }
        var mappedSame: Int32 = 0
        let mappedOurs = try mapped.binarized()
        withExtendedLifetime(mappedOurs) { #expect(pixEqual(mappedOurs.pix, mappedByLeptonica, &mappedSame) == 0 && mappedSame == 1) }
    }

    @Test("Text of 5-8 px is enlarged on a page of at most a megapixel (a screenshot saved small), not on a larger photograph")
    func smallPages() {
        #expect(ImagePreparation.scale(forTextHeight: 6, size: ImageSize(width: 380, height: 370)) == 4)
        #expect(ImagePreparation.scale(forTextHeight: 5, size: ImageSize(width: 1500, height: 1500)) == 1)
        #expect(ImagePreparation.scale(forTextHeight: 9, size: ImageSize(width: 1500, height: 1500)) > 2)
    }

    @Test("Enlargement and large images both stay near the 12-megapixel budget")
    func pixelBudget() {
        let enlarged = ImagePreparation.scale(forTextHeight: 10, size: ImageSize(width: 3000, height: 3000))
        #expect(enlarged * enlarged * 9_000_000 <= ImagePreparation.pixelBudget + 1)
        let reduced = ImagePreparation.scale(forTextHeight: 40, size: ImageSize(width: 6000, height: 4000))
        #expect(reduced < 1 && reduced * 40 >= ImagePreparation.smallestTextHeight)
        #expect(ImagePreparation.scale(forTextHeight: nil, size: ImageSize(width: 100, height: 100)) == 1)
    }

    @Test("A table's horizontal rules are found where the page is read, upright or stored a quarter turn round")
    func rulesWhereThePageIsRead() throws {
        let page = try Fixture("ruled-table.png").grayscaleImage()
        let preparation = ImagePreparation(level: .accurate)
        let upright = try preparation.prepare(
            base: try preparation.base(from: page), rotation: .upright, uprightSize: page.size)
        // Six rules across the 660 px table: above, between and below its five rows.
        #expect(upright.rules.count == 6, "\(upright.rules)")
        #expect(upright.rules.allSatisfy { $0.width >= 640 && $0.height <= 8 })
        // Stored turned a quarter (its rules standing), read turned back: the same rules.
        let stored = try page.rotated(by: .clockwise90)
        let turned = try preparation.prepare(
            base: try preparation.base(from: stored), rotation: .clockwise270, uprightSize: page.size)
        #expect(turned.rules.count == 6, "\(turned.rules)")
        for (a, b) in zip(upright.rules.sorted { $0.y < $1.y }, turned.rules.sorted { $0.y < $1.y }) {
            #expect(abs(a.y - b.y) <= 3 && abs(a.x - b.x) <= 3)
        }
    }
}
