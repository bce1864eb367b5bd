import CLeptonica
import Domain
import OCRTestSupport
import Testing

@testable import Data

/// Sets the `width` × `height` rectangle at `x`, `y` of an 8-bit `image` to `level`.
private func fillRect(_ image: LeptonicaImage, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ level: UInt32) {
    var box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height))
    pixSetInRectArbitrary(image.pix, box, level)
    boxDestroy(&box)
}

@Suite("Light-on-dark regions: found by shape, inverted before reading")
struct DarkRegionTests {
    @Test("A dark header band is found across the page's width and inverted")
    func headerBand() throws {
        let image = try Fixture("inverted-header.png").grayscaleImage()
        let (inverted, regions) = try image.invertingDarkRegions()
        let band = try #require(regions.count == 1 ? regions.first : nil, "regions: \(regions)")
        #expect(band.y == 0 && band.width == image.size.width)
        #expect(band.height > 40 && band.height < image.size.height / 2)
        #expect(inverted !== image)
    }

    @Test("A dark band joined to a thin frame around the page is found alone and inverted")
    func bandJoinedToFrame() throws {
        let image = try Fixture("inverted-header.png").grayscaleImage().copy()
        let size = image.size
        // A 3-pixel black frame along the picture's edges (a card's dark border), touching the band.
        for (x, y, width, height) in [
            (0, 0, size.width, 3), (0, size.height - 3, size.width, 3), (0, 0, 3, size.height), (size.width - 3, 0, 3, size.height),
        ] {
            fillRect(image, x, y, width, height, 0)
        }
        let (inverted, regions) = try image.invertingDarkRegions()
        let band = try #require(regions.count == 1 ? regions.first : nil, "regions: \(regions)")
        #expect(band.y <= 3 && band.width >= size.width - 6)
        #expect(band.height > 40 && band.height < size.height / 2)
        #expect(inverted !== image)
    }

    @Test("A whole light-on-dark page is one region")
    func wholePage() throws {
        let image = try Fixture("inverted-page.png").grayscaleImage()
        let regions = try image.invertingDarkRegions().regions
        #expect(regions == [PixelRect(x: 0, y: 0, width: image.size.width, height: image.size.height)])
    }

    @Test(
        "Dark-on-light pages, a photo on a dark desk and bold print are left alone",
        arguments: ["receipt.png", "photo.jpg", "receipt-faded.png", "receipts/08-restaurant-photo.jpg", "skewed.png"])
    func nothingInverted(name: String) throws {
        let image = try Fixture(name).grayscaleImage()
        let (same, regions) = try image.invertingDarkRegions()
        #expect(regions.isEmpty)
        #expect(same === image)
    }
}

@Suite("The desk around a photographed page: measured and painted the paper's level")
struct DeskTests {
    /// As preparation does it: grayscale, light-on-dark regions inverted.
    private func grayscale(_ name: String) throws -> LeptonicaImage {
        try Fixture(name).grayscaleImage().invertingDarkRegions().image
    }

    @Test("A page photographed on a dark desk: the desk becomes paper", arguments: ["photo.jpg", "receipts/08-restaurant-photo.jpg"])
    func deskPainted(name: String) throws {
        let image = try grayscale(name)
        let (painted, paper, _) = try image.paintingOverDesk()
        let level = try #require(paper)
        #expect(level >= 128)
        #expect(painted !== image)
        // The corners were desk; now they are the paper's level.
        #expect(image.level(x: 2, y: 2) < level / 2)
        #expect(painted.level(x: 2, y: 2) == level)
        #expect(painted.level(x: painted.size.width - 1, y: painted.size.height - 1) == level)
    }

    /// A `width` × `height` picture of `desk` level with a sheet of `paper` level over
    /// `sheet`, printed with rows of dark marks.
    private func photograph(width: Int, height: Int, desk: UInt32, paper: UInt32, sheet: PixelRect) throws -> LeptonicaImage {
        let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        pixSetAllArbitrary(image.pix, desk)
        for y in sheet.y..<(sheet.y + sheet.height) {
            for x in sheet.x..<(sheet.x + sheet.width) {
                let inMark = (y - sheet.y) % 40 >= 14 && (y - sheet.y) % 40 < 26 && (x - sheet.x) % 16 >= 6 && (x - sheet.x) % 16 < 12
                let inMargin = x < sheet.x + 20 || x >= sheet.x + sheet.width - 20 || y < sheet.y + 10 || y >= sheet.y + sheet.height - 20
                pixSetPixel(image.pix, Int32(x), Int32(y), inMark && !inMargin ? 60 : paper)
            }
        }
        return image
    }

    @Test("A page on a mid-grey table covering most of the picture: the table becomes paper, its outline is not trusted")
    func lightWideDesk() throws {
        // The table at 0.57 of the printed paper's mean level (a receipt photographed on a grey-brown desk).
        let image = try photograph(width: 640, height: 480, desk: 110, paper: 210, sheet: PixelRect(x: 160, y: 120, width: 320, height: 240))
        let (painted, paper, corners) = try image.paintingOverDesk()
        let level = try #require(paper)
        #expect(abs(level - 210) <= 2)
        #expect(painted.level(x: 2, y: 2) == level)
        #expect(corners == nil)
    }

    /// A 12 MP picture of paper printed all over with rows of marks (12 px tall, 40 px
    /// apart), whose right two fifths are `shade` level: shaded paper with its marks when
    /// `printedInShade`, else bare desk.
    private func largePhotograph(shade: UInt32, printedInShade: Bool) throws -> LeptonicaImage {
        let (width, height, shadeWidth) = (4000, 3000, 1600)
        let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ level: UInt32) { fillRect(image, x, y, w, h, level) }
        fill(0, 0, width, height, 200)
        let shadeStart = width - shadeWidth
        fill(shadeStart, 0, shadeWidth, height, shade)
        for y in stride(from: 40, to: height - 40, by: 40) {
            for x in stride(from: 40, to: width - 40, by: 16) where printedInShade || x < shadeStart {
                fill(x, y, 6, 12, x >= shadeStart ? 10 : 40)
            }
        }
        return image
    }

    @Test("A large photograph's dark edge region holding text is paper in shadow; one without is a desk (text searched at a reduced copy)")
    func largePhotographShadeOrDesk() throws {
        let shaded = try largePhotograph(shade: 80, printedInShade: true)
        let (same, paper, _) = try shaded.paintingOverDesk()
        #expect(paper == nil)
        #expect(same === shaded)
        let onDesk = try largePhotograph(shade: 80, printedInShade: false)
        let (painted, deskPaper, _) = try onDesk.paintingOverDesk()
        let level = try #require(deskPaper)
        #expect(abs(level - 200) <= 2)
        #expect(painted.level(x: painted.size.width - 3, y: 2) == level)
    }

    @Test("A sheet standing inside a picture of a grained table: the table is a desk, though its grain chains like text")
    func sheetOnGrainedTable() throws {
        let (width, height) = (4000, 3000)
        let sheet = PixelRect(x: 1200, y: 800, width: 1600, height: 1400)
        let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ level: UInt32) { fillRect(image, x, y, w, h, level) }
        fill(0, 0, width, height, 80)
        fill(sheet.x, sheet.y, sheet.width, sheet.height, 200)
        // Rows of marks everywhere: the sheet's print, and the table's grain as dark streaks.
        for y in stride(from: 40, to: height - 40, by: 40) {
            for x in stride(from: 40, to: width - 40, by: 16) {
                let onSheet = x >= sheet.x + 20 && x < sheet.maxX - 20 && y >= sheet.y + 20 && y < sheet.maxY - 20
                let offSheet = x + 6 < sheet.x || x > sheet.maxX || y + 12 < sheet.y || y > sheet.maxY
                if onSheet || offSheet { fill(x, y, 6, 12, onSheet ? 40 : 10) }
            }
        }
        let (painted, paper, corners) = try image.paintingOverDesk()
        let level = try #require(paper)
        #expect(abs(level - 200) <= 2)
        #expect(painted.level(x: 2, y: 2) == level)
        let found = try #require(corners)
        #expect(found.all.allSatisfy { abs($0.x - 2000) < 900 && abs($0.y - 1500) < 800 })
    }

    @Test("A light mark on a dark desk beside the page is painted with the desk; the page is left as it is")
    func lightMarkBesidePage() throws {
        let sheet = PixelRect(x: 160, y: 120, width: 320, height: 240)
        let image = try photograph(width: 640, height: 480, desk: 50, paper: 210, sheet: sheet)
        // A light patch on the desk above the sheet's middle: no corner's extreme.
        fillRect(image, 300, 40, 40, 32, 200)
        let (painted, paper, corners) = try image.paintingOverDesk()
        let level = try #require(paper)
        #expect(corners != nil)
        #expect(image.level(x: 320, y: 56) == 200)
        #expect(painted.level(x: 320, y: 56) == level)
        // The sheet's print is still there.
        let mark = (x: sheet.x + 16 * 3 + 8, y: sheet.y + 40 + 20)
        #expect(painted.level(x: mark.x, y: mark.y) == 60)
    }

    @Test("A sheet on a desk of two tones: the light part of the desk joined to the sheet is desk too, and the sheet's corners are found")
    func sheetOnTwoToneDesk() throws {
        let sheet = PixelRect(x: 160, y: 120, width: 320, height: 240)
        let image = try photograph(width: 640, height: 480, desk: 60, paper: 215, sheet: sheet)
        // Light wood from the sheet's right side to the picture's edge.
        fillRect(image, sheet.maxX, 200, 640 - sheet.maxX, 80, 170)
        let (painted, paper, corners) = try image.paintingOverDesk()
        let level = try #require(paper)
        let found = try #require(corners)
        let expected = [(160.0, 120.0), (480, 120), (480, 360), (160, 360)]
        #expect(zip(found.all, expected).allSatisfy { abs($0.x - $1.0) <= 16 && abs($0.y - $1.1) <= 16 })
        #expect(painted.level(x: 600, y: 240) == level)
    }

    @Test("A dark-mode screen's flat background is no desk: it is inverted with its light text, and the white card is left as it is")
    func darkModeScreen() throws {
        let image = try grayscale("dark-mode.png")
        let (page, paper, corners) = try image.paintingOverDesk()
        #expect(paper == nil && corners == nil)
        // The background, light now; the card, still white.
        #expect(image.level(x: 10, y: 10) < 40 && page.level(x: 10, y: 10) > 200)
        #expect(page.level(x: 400, y: 395) == image.level(x: 400, y: 395))
        // The top bar's light text is dark now: the darkest pixel of its row.
        let row = (250..<560).map { page.level(x: $0, y: 82) }
        #expect((row.min() ?? 255) < 80)
    }

    @Test("A box on fabric of the same grey but another colour: no desk in grey, a desk in colour, the box's corners found")
    func colouredDesk() throws {
        let fixture = Fixture("colour-desk.jpg")
        let image = try grayscale("colour-desk.jpg")
        #expect(try image.paintingOverDesk().paper == nil)
        let colour = try #require(ImageDecoder.reducedColour(try fixture.data(), reduction: LeptonicaImage.deskReduction))
        #expect(pixGetDepth(colour.pix) == 32)
        let (painted, paper, corners) = try #require(try image.paintingOverColouredDesk(reducedColour: colour))
        let level = try #require(paper)
        let found = try #require(corners)
        let expected = [(210.0, 190.0), (985, 175), (995, 715), (205, 725)]
        #expect(zip(found.all, expected).allSatisfy { abs($0.x - $1.0) <= 20 && abs($0.y - $1.1) <= 20 }, "\(found)")
        // The fabric is the box's level now; the box's print is left.
        #expect(painted.level(x: 40, y: 40) == level)
        #expect(painted.level(x: 600, y: 600) == image.level(x: 600, y: 600))
    }

    @Test("Rendered flat levels are flat; a photographed desk's noise is not")
    func flatOrNoisy() throws {
        let flat = try photograph(width: 200, height: 100, desk: 20, paper: 220, sheet: PixelRect(x: 60, y: 20, width: 80, height: 60))
        let noisy = try flat.copy()
        var seed: UInt64 = 7
        for y in 0..<100 {
            for x in 0..<200 where flat.level(x: x, y: y) == 20 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                pixSetPixel(noisy.pix, Int32(x), Int32(y), UInt32(16 + (seed >> 60) % 8))
            }
        }
        let desk = try #require(LeptonicaImage(taking: pixCreate(200, 100, 1)))
        fillRect(desk, 0, 0, 200, 20, 1)
        #expect(flat.isFlat(within: desk))
        #expect(!noisy.isFlat(within: desk))
    }

    @Test("A quadrilateral outlines a sheet only where the image steps down outside every side of it")
    func outlinedSheet() throws {
        let image = try #require(LeptonicaImage(taking: pixCreate(80, 60, 8)))
        fillRect(image, 0, 0, 80, 60, 60)
        fillRect(image, 20, 10, 40, 40, 210)
        let sheet = PaperCorners(
            topLeft: ImagePoint(x: 20, y: 10), topRight: ImagePoint(x: 60, y: 10),
            bottomRight: ImagePoint(x: 60, y: 50), bottomLeft: ImagePoint(x: 20, y: 50))
        #expect(image.isOutlined(by: sheet, paperLevel: 210))
        // The same level goes on left of the sheet: that side cuts through paper.
        fillRect(image, 0, 10, 20, 40, 210)
        #expect(!image.isOutlined(by: sheet, paperLevel: 210))
    }

    @Test("A quadrilateral's span on a row runs from its left edge to its right one")
    func quadrilateralSpan() {
        let corners = PaperCorners(
            topLeft: ImagePoint(x: 10, y: 0), topRight: ImagePoint(x: 110, y: 10),
            bottomRight: ImagePoint(x: 100, y: 110), bottomLeft: ImagePoint(x: 0, y: 100))
        let span = corners.span(atRow: 50)
        #expect(abs((span?.lowerBound ?? -1) - 5) < 1e-9)
        #expect(abs((span?.upperBound ?? -1) - 106) < 1e-9)
        #expect(corners.span(atRow: -1) == nil && corners.span(atRow: 111) == nil)
    }

    @Test("A grey region along one edge, a small part of the picture, is no desk")
    func lightNarrowEdge() throws {
        let image = try photograph(width: 640, height: 480, desk: 110, paper: 210, sheet: PixelRect(x: 0, y: 40, width: 640, height: 440))
        let (same, paper, _) = try image.paintingOverDesk()
        #expect(paper == nil)
        #expect(same === image)
    }

    @Test(
        "Scans, text near the edges and light-on-dark pages have no desk",
        arguments: ["receipt.png", "small.png", "inverted-header.png", "inverted-page.png", "page.png", "skewed.png", "blank.png"])
    func noDesk(name: String) throws {
        let image = try grayscale(name)
        let (same, paper, _) = try image.paintingOverDesk()
        #expect(paper == nil)
        #expect(same === image)
    }
}
