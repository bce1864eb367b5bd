import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Uneven light: measured from the page's background and evened out")
struct LightTests {
    @Test("A receipt photographed under uneven light is evened out, its paper brought to one level")
    func unevenReceipt() throws {
        let image = try Fixture("receipt-uneven-light.jpg").grayscaleImage()
        let light = try image.evenedOutLight(textHeight: 24)
        #expect(light.evenness < LeptonicaImage.evenLightShare)
        let evened = try #require(light.image)
        #expect(evened.size == image.size)
        // After evening, the brighter background is close to the chosen paper level everywhere.
        let again = try evened.evenedOutLight(textHeight: 24)
        #expect(again.evenness > light.evenness)
    }

    @Test(
        "Scans and rendered pages, faded print included, are left as they are",
        arguments: ["receipt.png", "receipt-faded.png", "page.png", "small.png", "skewed.png", "receipts/11-mart-faint.png"])
    func evenPages(name: String) throws {
        let light = try Fixture(name).grayscaleImage().evenedOutLight(textHeight: 24)
        #expect(light.image == nil)
        #expect(light.evenness >= LeptonicaImage.evenLightShare)
    }

    @Test("Print faint where the text is, beside a dark desk edge: its levels are measured in its lines and stretched")
    func faintPrintBesideDarkEdge() async throws {
        // The page's darkest 1% is the desk's edge, so the page does not count as faint; the
        // found lines' own ink is grey 180 on paper about 20 levels lighter.
        let result = try await SharedRepository.get().recognizeText(in: Fixture("faint-photo.png").data(), options: .suite)
        #expect(result.text.contains("214-86-35510"), "\(result.text)")
    }

    @Test("Levels measured inside lines: the ink and paper of the text, not of the whole page")
    func levelsInsideLines() throws {
        let image = try Fixture("receipt.png").grayscaleImage()
        // Dark print: nothing to stretch, measured anywhere.
        #expect(try image.stretchedToPaperWhite(measuredIn: [PixelRect(x: 0, y: 0, width: image.size.width, height: image.size.height / 4)]) == nil)
        let mask = try image.areaMask([PixelRect(x: 2, y: 3, width: 10, height: 5)])
        #expect(mask.foregroundCount == 50)
    }

    @Test("Dark pictures on a page are not shade: they stay dark, and the text still reads")
    func darkPictures() async throws {
        let fixture = Fixture("dark-pictures.png")
        let image = try fixture.grayscaleImage()
        let light = try image.evenedOutLight(textHeight: 32)
        let evened = try #require(light.image)
        // The pictures' centres (levels 12 and 60), 124 px above the bottom.
        let y = image.size.height - 124
        #expect(evened.level(x: 164, y: y) < 60)
        #expect(evened.level(x: 440, y: y) < 160)
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), options: .suite)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.03, "\(result.text)")
    }

    @Test("An image too small to hold a background a few characters wide is left alone")
    func tooSmall() throws {
        let light = try Fixture("three-lines.png").grayscaleImage().evenedOutLight(textHeight: 90)
        #expect(light.image == nil && light.evenness == 1)
    }
}
