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
                let opened = try binary.openedWithBrick(width: width, height: height, "open")
                let brickOpened = try binary.applying("open") { pixOpenBrick(nil, $0, width, height) }
                let closed = try binary.closedSafelyWithBrick(width: width, height: height, "close")
                let brickClosed = try binary.applying("close") { pixCloseSafeBrick(nil, $0, width, height) }
                #expect(Self.equal(opened, brickOpened), "opened \(width)×\(height)")
                #expect(Self.equal(closed, brickClosed), "closed \(width)×\(height)")
                if side > 1, LeptonicaImage.composes(side) { composite += 1 }
            }
        }
        #expect(composite > 80)  // most sides are read through the composite
        #expect(!LeptonicaImage.composes(41) && LeptonicaImage.composes(42) && LeptonicaImage.composes(140))
    }

    private static func equal(_ first: LeptonicaImage, _ second: LeptonicaImage) -> Bool {
        var same: Int32 = 0
        return pixEqual(first.pix, second.pix, &same) == 0 && same == 1
    }
}
