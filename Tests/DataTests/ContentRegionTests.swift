import CLeptonica
import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

@Suite("A large, mostly blank picture is prepared and read from the part holding its content")
struct ContentRegionTests {
    /// A white `width` × `height` picture with `fixture` pasted at `at` (top-left), and where it lies.
    private func page(width: Int, height: Int, with fixture: String, at origin: (x: Int, y: Int)) throws -> (LeptonicaImage, PixelRect) {
        let pasted = try Fixture(fixture).grayscaleImage()
        let page = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        pixSetAll(page.pix)
        let size = pasted.size
        withExtendedLifetime(pasted) {
            _ = pixRasterop(page.pix, Int32(origin.x), Int32(origin.y), Int32(size.width), Int32(size.height), PIX_SRC, pasted.pix, 0, 0)
        }
        return (page, PixelRect(x: origin.x, y: origin.y, width: size.width, height: size.height))
    }

    @Test("A receipt on a 12 MP white page: the region holds it, with a margin, and is a small part of the page")
    func regionAroundContent() throws {
        let (image, receipt) = try page(width: 4000, height: 3000, with: "receipt.png", at: (2500, 300))
        let region = try #require(try image.contentRegion())
        #expect(region.x <= receipt.x && region.y <= receipt.y && region.maxX >= receipt.maxX && region.maxY >= receipt.maxY)
        #expect(region.x >= receipt.x - 200 && region.maxY <= receipt.maxY + 200, "\(region) around \(receipt)")
        #expect(Double(region.width * region.height) <= LeptonicaImage.contentMaximumShare * 12_000_000)
    }

    @Test("No region: a small picture, a blank one, and one whose content fills most of it")
    func wholePicture() throws {
        #expect(try page(width: 1200, height: 1000, with: "receipt.png", at: (800, 100)).0.contentRegion() == nil)
        let blank = try #require(LeptonicaImage(taking: pixCreate(4000, 3000, 8)))
        pixSetAll(blank.pix)
        #expect(try blank.contentRegion() == nil)
        // Content in two opposite corners spans the page.
        let (spread, _) = try page(width: 4000, height: 3000, with: "receipt.png", at: (50, 50))
        let corner = try Fixture("receipt.png").grayscaleImage()
        withExtendedLifetime(corner) {
            _ = pixRasterop(spread.pix, 3400, 2400, 500, 500, PIX_SRC, corner.pix, 0, 0)
        }
        #expect(try spread.contentRegion() == nil)
    }

    @Test("Read from its region, the receipt on a large page reads as alone, its lines boxed where it lies on the page")
    func readFromRegion() async throws {
        let (image, receipt) = try page(width: 4000, height: 3000, with: "receipt.png", at: (2500, 300))
        let alone = try await SharedRepository.get().recognizeText(in: Fixture("receipt.png").data(), rotation: .upright, options: .suite)
        let result = try await SharedRepository.get().recognizeText(in: image.pngData(), rotation: .upright, options: .suite)
        #expect(result.imageSize == ImageSize(width: 4000, height: 3000))
        #expect(CharacterErrorRate.between(result.text, alone.text) <= 0.05, "\(result.text)")
        try Self.expectLines(of: result, inside: receipt)
    }

    @Test("A sideways receipt on a large page: turned upright, its lines boxed where it lies in the upright page")
    func readTurnedFromRegion() async throws {
        let (image, receipt) = try page(width: 3000, height: 4000, with: "receipt-rot90.png", at: (200, 2600))
        let result = try await SharedRepository.get().recognizeText(in: image.pngData(), rotation: nil, options: .suite)
        #expect(result.rotation == .clockwise90)
        #expect(result.imageSize == ImageSize(width: 4000, height: 3000))
        #expect(CharacterErrorRate.between(result.text, try Fixture("receipt.png").expectedText()) <= 0.1, "\(result.text)")
        try Self.expectLines(of: result, inside: receipt.turned(by: .clockwise90, in: image.size))
    }

    @Test(
        "A sideways receipt with a barcode beside it on a large page: the bars fool the measured line direction, the poor reading has its quarter turns sampled"
    )
    func turnedBesideBarcode() async throws {
        let (image, receipt) = try page(width: 3000, height: 4000, with: "receipt-rot90.png", at: (200, 2600))
        // A barcode's bars turned with the receipt: black, across, 4–16 px thick, 4–8 px apart.
        var y = receipt.y
        for (index, thickness) in Array(repeating: [4, 8, 12, 16, 8], count: 40).joined().enumerated() where y + thickness < receipt.maxY {
            let bar = boxCreate(Int32(receipt.maxX + 40), Int32(y), Int32(receipt.height / 3), Int32(thickness))
            var pointer = bar
            pixClearInRect(image.pix, bar)
            boxDestroy(&pointer)
            y += thickness + [4, 6, 8][index % 3]
        }
        let result = try await SharedRepository.get().recognizeText(in: image.pngData(), rotation: nil, options: .suite)
        #expect(result.rotation == .clockwise90)
        #expect(CharacterErrorRate.between(result.text, try Fixture("receipt.png").expectedText()) <= 0.1, "\(result.text)")
    }

    /// Every line of `result` lies inside `rectangle` (pixels of the upright image), give or take 8 px.
    private static func expectLines(of result: OCRResult, inside rectangle: PixelRect, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(!result.lines.isEmpty, sourceLocation: sourceLocation)
        for line in result.lines {
            let box = line.boundingBox.topLeftPixelRect(in: result.imageSize)
            #expect(
                box.x >= rectangle.x - 8 && box.y >= rectangle.y - 8 && box.maxX <= rectangle.maxX + 8 && box.maxY <= rectangle.maxY + 8,
                "\(line.text): \(box) outside \(rectangle)", sourceLocation: sourceLocation)
        }
    }
}
