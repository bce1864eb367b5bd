import CLeptonica
import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Text line direction: measured from the ink, for turned pages")
struct LineDirectionTests {
    private func direction(_ name: String) throws -> LineDirection? {
        let gray = try Fixture(name).grayscaleImage()
        let binary = try gray.binarized()
        let height = try #require(ImagePreparation.typicalTextHeight(LeptonicaImage.characterHeights(of: binary.componentBoxes(connectivity: 8))))
        return try binary.textLineDirection(textHeight: Double(height))
    }

    @Test(
        "Pages stored a quarter turn away have lines running down the image",
        arguments: ["three-lines-rot90.png", "three-lines-rot270.png", "receipt-rot90.png", "receipt-rot270.png"])
    func quarterTurns(name: String) throws {
        #expect(try direction(name) == .vertical)
    }

    @Test(
        "Upright and upside-down pages, photos, receipts and light-on-dark pages do not",
        arguments: [
            "three-lines.png", "three-lines-rot180.png", "receipt.png", "photo.jpg", "skewed.png", "small.png",
            "receipt-faded.png", "inverted-header.png", "mixed.png", "receipts/08-restaurant-photo.jpg",
        ])
    func notVertical(name: String) throws {
        #expect(try direction(name) != .vertical)
    }

    @Test("A post standing beside text set wide (a road sign's, the sign halved) is no line running down")
    func postIsNoLine() throws {
        let page = try #require(LeptonicaImage(taking: pixCreate(400, 300, 1)))
        // Two rows of characters 14 x 20 px, 20 px apart (a bar of a third of their height
        // joins none of them), and a solid post 16 px wide, 220 px tall.
        for row in 0..<2 {
            for column in 0..<8 { pixRasterop(page.pix, Int32(20 + 34 * column), Int32(60 + 60 * row), 14, 20, PIX_SET, nil, 0, 0) }
        }
        pixRasterop(page.pix, 350, 40, 16, 220, PIX_SET, nil, 0, 0)
        #expect(try page.textLineDirection(textHeight: 20) == nil)
    }

    private func alignsRightOnly(_ name: String, turned rotation: RotationDegree = .upright) throws -> Bool {
        let gray = try Fixture(name).grayscaleImage().rotated(by: rotation)
        let binary = try gray.binarized()
        let height = try #require(ImagePreparation.typicalTextHeight(LeptonicaImage.characterHeights(of: binary.componentBoxes(connectivity: 8))))
        return try binary.linesAlignRightOnly(textHeight: Double(height))
    }

    @Test("A left-aligned page upside down has lines ending together on the right only", arguments: ["page.png", "small.png"])
    func upsideDown(name: String) throws {
        #expect(try alignsRightOnly(name, turned: .clockwise180))
        #expect(try !alignsRightOnly(name))
    }

    @Test(
        "Receipts (both edges), few lines, photos and skewed pages give no such cue",
        arguments: ["receipt.png", "receipt-rot180.png", "three-lines-rot180.png", "photo.jpg", "skewed.png", "mixed.png"])
    func noHalfTurnCue(name: String) throws {
        #expect(try !alignsRightOnly(name))
    }
}
