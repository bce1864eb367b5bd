@testable import Data
import Domain
import OCRTestSupport
import Testing

@Suite("Light-on-dark regions: found by shape, inverted before reading")
struct DarkRegionTests {
    private func grayscale(_ fixture: Fixture) throws -> LeptonicaImage {
        try ImageDecoder.decode(fixture.data(), maximumPixelCount: 50_000_000).grayscale()
    }

    @Test("A dark header band is found across the page's width and inverted")
    func headerBand() throws {
        let image = try grayscale(Fixture("inverted-header.png"))
        let (inverted, regions) = try image.invertingDarkRegions()
        let band = try #require(regions.count == 1 ? regions.first : nil, "regions: \(regions)")
        #expect(band.y == 0 && band.width == image.size.width)
        #expect(band.height > 40 && band.height < image.size.height / 2)
        #expect(inverted !== image)
    }

    @Test("A whole light-on-dark page is one region")
    func wholePage() throws {
        let image = try grayscale(Fixture("inverted-page.png"))
        let regions = try image.invertingDarkRegions().regions
        #expect(regions == [PixelRect(x: 0, y: 0, width: image.size.width, height: image.size.height)])
    }

    @Test(
        "Dark-on-light pages, a photo on a dark desk and bold print are left alone",
        arguments: ["receipt.png", "photo.jpg", "receipt-faded.png", "receipts/08-restaurant-photo.jpg", "skewed.png"])
    func nothingInverted(name: String) throws {
        let image = try grayscale(Fixture(name))
        let (same, regions) = try image.invertingDarkRegions()
        #expect(regions.isEmpty)
        #expect(same === image)
    }
}
