import CLeptonica
import OCRTestSupport
import Testing

@testable import Data

@Suite("Brick openings and closings: composite where that gives the same pixels")
struct MorphologyTests {
    /// Every side from 1 to 64 and some of a rule's lengths (primes among them), across,
    /// down and square (up to 40).
    static let sides: [Int32] = Array(1...64) + [97, 100, 120, 139, 140, 141, 150, 160]

    @Test("Opening and safe closing match Leptonica's brick operations pixel for pixel", arguments: ["receipt.png"])
    func sameAsBrick(fixture: String) throws {
        let binary = try Fixture(fixture).grayscaleImage().binarized()
        var composite = 0
        for side in Self.sides {
            for (width, height) in [(side, 1), (1, side), (side, side)] where side <= 40 || height == 1 || width == 1 {
                try Self.expectSameAsLeptonica(binary, width: width, height: height, "")
                if side > 1, LeptonicaImage.composes(side) { composite += 1 }
            }
        }
        #expect(composite > 80)  // most sides are read through the composite
        #expect(!LeptonicaImage.composes(41) && LeptonicaImage.composes(42) && LeptonicaImage.composes(140))
    }

    @Test("Line openings and safe closings from runs match Leptonica's on random ink, edges and all")
    func linesFromRuns() throws {
        var generator = SeededGenerator(seed: 5)
        for (width, height) in [(77, 53), (32, 40), (1, 30), (65, 1), (200, 9)] {
            let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 1)))
            // Strokes across and down of every length, some reaching the edges.
            for _ in 0..<(width + height) {
                let across = Bool.random(using: &generator)
                let x = Int.random(in: 0..<width, using: &generator)
                let y = Int.random(in: 0..<height, using: &generator)
                let length = Int.random(in: 1...max(1, across ? width : height), using: &generator)
                for step in 0..<length {
                    let (px, py) = across ? (x + step, y) : (x, y + step)
                    if px < width, py < height { pixSetPixel(image.pix, Int32(px), Int32(py), 1) }
                }
            }
            for length: Int32 in [2, 3, 4, 5, 7, 8, 16, 31, 32, 33, 41, 64, 70] {
                for (brickWidth, brickHeight) in [(length, Int32(1)), (Int32(1), length)] {
                    try Self.expectSameAsLeptonica(image, width: brickWidth, height: brickHeight, "\(width)×\(height) ")
                }
            }
        }
    }

    /// Expects `image` opened and safely closed with a `width` × `height` brick to be
    /// Leptonica's `pixOpenBrick` and `pixCloseSafeBrick` pixel for pixel (`label` first in
    /// a failure's message).
    private static func expectSameAsLeptonica(
        _ image: LeptonicaImage, width: Int32, height: Int32, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let opened = try image.openedWithBrick(width: width, height: height, "open")
        let brickOpened = try image.applying("open") { pixOpenBrick(nil, $0, width, height) }
        let closed = try image.closedSafelyWithBrick(width: width, height: height, "close")
        let brickClosed = try image.applying("close") { pixCloseSafeBrick(nil, $0, width, height) }
        #expect(equal(opened, brickOpened), "\(label)opened \(width)×\(height)", sourceLocation: sourceLocation)
        #expect(equal(closed, brickClosed), "\(label)closed \(width)×\(height)", sourceLocation: sourceLocation)
    }

    private static func equal(_ first: LeptonicaImage, _ second: LeptonicaImage) -> Bool {
        var same: Int32 = 0
        return pixEqual(first.pix, second.pix, &same) == 0 && same == 1
    }
}
