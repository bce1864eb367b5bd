import CTesseract
import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Rectangles of a page read where they are")
struct RectangleReadingTests {
    @Test("A rectangle as wide as the page reads its own rows, not the bottom of the page")
    func fullWidthRectangle() throws {
        let image = try Fixture("receipt.png").grayscaleImage()
        let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
        let engine = try EngineCache(locator: LanguageDataLocator(explicitDirectory: nil)).engine(for: ["kor", "eng"])
        let control = RecognitionControl(progress: nil)
        let page = try #require(try engine.look(at: prepared, PSM_SINGLE_BLOCK, control: control))
        let top = try #require(page.first)
        let band = top.preparedBox.padded(by: top.preparedBox.height / 3, within: image.size)
        let row = PixelRect(x: 0, y: band.y, width: image.size.width, height: band.height)
        let read = try #require(try engine.look(at: prepared, PSM_SINGLE_LINE, within: row, control: control))
        #expect(read.map(\.line.text) == [top.line.text], "read \(read.map(\.line.text)), printed \(top.line.text)")
        #expect(read.first.map { abs($0.preparedBox.y - top.preparedBox.y) <= top.preparedBox.height / 2 } == true)
    }
}
