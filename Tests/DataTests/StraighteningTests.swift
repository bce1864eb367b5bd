import CLeptonica
import Domain
import OCRTestSupport
import Testing

@testable import Data

@Suite("Pages photographed at an angle: corners found, straightened, boxes mapped back")
struct StraighteningTests {
    private func distance(_ a: ImagePoint, _ b: ImagePoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    @Test("A receipt on a desk has four corners, slanted, enclosing a large part of the picture")
    func cornersFound() throws {
        let image = try Fixture("receipt-uneven-light.jpg").grayscaleImage()
        let corners = try #require(try image.paintingOverDesk().corners)
        #expect(corners.area > 0.2 * Double(image.size.pixelCount))
        #expect(corners.slant > 0 && corners.slant < 0.3)
        #expect(corners.topLeft.x < corners.topRight.x && corners.topLeft.y < corners.bottomLeft.y)
    }

    @Test("Pages without a desk have no corners", arguments: ["receipt.png", "receipt-faded.png", "skewed.png"])
    func noCorners(name: String) throws {
        #expect(try Fixture(name).grayscaleImage().paintingOverDesk().corners == nil)
    }

    /// A 1-bit desk mask of `width` × `height` reduced pixels, set where `isDesk(x, y)`.
    private func deskMask(width: Int, height: Int, _ isDesk: (Int, Int) -> Bool) throws -> LeptonicaImage {
        let mask = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 1)))
        for y in 0..<height {
            for x in 0..<width where isDesk(x, y) { pixSetPixel(mask.pix, Int32(x), Int32(y), 1) }
        }
        return mask
    }

    @Test("A page inside the picture, turned a little, has its four corners")
    func pageInsideThePicture() throws {
        // A quadrilateral page from about (20, 12) to (110, 160) on a 135 × 180 desk.
        let desk = try deskMask(width: 135, height: 180) { x, y in
            let left = 20 + y / 10
            let right = 110 + y / 20
            return x < left || x > right || y < 12 + x / 30 || y > 160
        }
        let corners = try #require(LeptonicaImage.paperCorners(outside: desk, reduction: 8))
        #expect(abs(corners.topLeft.x - 20.5 * 8) < 16 && abs(corners.bottomLeft.y - 160.5 * 8) < 16)
    }

    @Test("A bright region running off the picture (a board on a wall above a dark bench) has no corners")
    func regionRunningOffThePicture() throws {
        // The bench's slanted top edge is the only edge inside the picture.
        let desk = try deskMask(width: 135, height: 180) { x, y in y > 146 + x * 29 / 117 }
        #expect(LeptonicaImage.paperCorners(outside: desk, reduction: 8) == nil)
    }

    @Test("The map back takes the straightened rectangle's corners to the page's corners")
    func mapBack() throws {
        let image = try Fixture("receipt-uneven-light.jpg").grayscaleImage()
        let corners = try #require(try image.paintingOverDesk().corners)
        let straight = try image.straightened(corners, fill: 200)
        #expect(straight.image.size == image.size)
        for (target, corner) in zip(corners.straightened.all, corners.all) {
            #expect(distance(straight.toOriginal(target), corner) < 1.5, "\(target) → \(corner)")
        }
    }

    @Test(
        "Corners turned with the image match the corners found in the turned image",
        arguments: [RotationDegree.clockwise90, .clockwise180, .clockwise270])
    func turnedCorners(rotation: RotationDegree) throws {
        let image = try Fixture("receipt-uneven-light.jpg").grayscaleImage()
        let corners = try #require(try image.paintingOverDesk().corners)
        let found = try #require(try image.rotated(by: rotation).paintingOverDesk().corners)
        let turned = corners.turned(by: rotation, in: image.size)
        // Within two reduced pixels of the desk measurement (8 px each).
        for (a, b) in zip(turned.all, found.all) {
            #expect(distance(a, b) < 17, "\(a) vs \(b)")
        }
    }

    @Test("Lines read from a straightened receipt are boxed on the page, in reading order")
    func boxesOnThePage() async throws {
        let fixture = Fixture("receipt-uneven-light.jpg")
        let image = try fixture.grayscaleImage()
        let corners = try #require(try image.paintingOverDesk().corners)
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), options: .suite)
        try #require(result.lines.count >= 6)
        let midpoints = result.lines.map(\.boundingBox.midY)
        #expect(midpoints == midpoints.sorted(by: >))
        let width = Double(image.size.width)
        let height = Double(image.size.height)
        let paperLeft = min(corners.topLeft.x, corners.bottomLeft.x) / width
        let paperRight = max(corners.topRight.x, corners.bottomRight.x) / width
        let paperTop = 1 - min(corners.topLeft.y, corners.topRight.y) / height
        let paperBottom = 1 - max(corners.bottomLeft.y, corners.bottomRight.y) / height
        for line in result.lines {
            let box = line.boundingBox
            #expect(box.minX >= paperLeft - 0.01 && box.maxX <= paperRight + 0.01, "\(line.text): \(box)")
            #expect(box.minY >= paperBottom - 0.01 && box.maxY <= paperTop + 0.01, "\(line.text): \(box)")
            // A line of 24 px print is about a line's height tall, not a page's.
            #expect(box.height * height < 60, "\(line.text): \(box)")
        }
        // `.fast` reads the page as photographed: the same lines must be boxed in the same places.
        #expect(corners.slant >= ImagePreparation.straighteningSlant)
        let asPhotographed = try await SharedRepository.get().recognizeText(
            in: fixture.data(), rotation: nil, options: RecognitionOptions(recognitionLevel: .fast, timeLimit: SuiteLimits.timeLimit), progress: nil)
        for line in result.lines {
            let key = line.text.split(separator: " ").first
            guard let other = asPhotographed.lines.first(where: { $0.text.split(separator: " ").first == key }) else { continue }
            #expect(abs(other.boundingBox.midY - line.boundingBox.midY) < 0.015, "\(line.text)")
            #expect(abs(other.boundingBox.minX - line.boundingBox.minX) < 0.015, "\(line.text)")
        }
    }
}
