internal import CLeptonica
import Domain

/// Owns one Leptonica `PIX` and destroys it with `pixDestroy` when released.
///
/// Not `Sendable`: it is created and used on one engine worker's queue only.
final class LeptonicaImage {
    let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`; `nil` when `pix` is `nil` (a failed Leptonica call).
    init?(taking pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    /// The value of one pixel (`pixGetPixel`): the level, on an 8-bit image.
    func level(x: Int, y: Int) -> Int {
        var value: UInt32 = 0
        pixGetPixel(pix, Int32(x), Int32(y), &value)
        return Int(value)
    }

    var size: ImageSize { ImageSize(width: Int(pixGetWidth(pix)), height: Int(pixGetHeight(pix))) }

    /// An 8-bit image's rows as plain bytes, row after row (empty for another depth):
    /// Leptonica keeps a row's bytes in 32-bit words, most significant first.
    func grayBytes() -> [UInt8] {
        guard pixGetDepth(pix) == 8, let data = pixGetData(pix) else { return [] }
        let size = size
        let wordsPerLine = Int(pixGetWpl(pix))
        let source = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let flip = Int(UInt32(1).bigEndian == 1 ? 0 : 3)
        var gray = [UInt8](repeating: 0, count: size.width * size.height)
        gray.withUnsafeMutableBufferPointer { out in
            for y in 0..<size.height {
                let row = source + y * wordsPerLine * 4
                for x in 0..<size.width { out[y * size.width + x] = row[x ^ flip] }
            }
        }
        return gray
    }

    /// The image mirrored left to right (`pixFlipLR`).
    func flippedLeftRight() throws(OCRError) -> LeptonicaImage {
        guard let flipped = LeptonicaImage(taking: pixFlipLR(nil, pix)) else { throw .engineFailure("Leptonica could not mirror the image") }
        return flipped
    }

    /// The image turned clockwise by `rotation` (`pixRotateOrth`), or `self` for `.upright`.
    func rotated(by rotation: RotationDegree) throws(OCRError) -> LeptonicaImage {
        guard rotation != .upright else { return self }
        guard let turned = LeptonicaImage(taking: pixRotateOrth(pix, Int32(rotation.quarterTurns))) else {
            throw .engineFailure("could not rotate the image by \(rotation.degrees)°")
        }
        return turned
    }

    /// The image with any alpha channel blended onto white (`pixAlphaBlendUniform`), so
    /// transparent backgrounds read as paper rather than as black.
    func flattenedOntoWhite() throws(OCRError) -> LeptonicaImage {
        guard pixGetDepth(pix) == 32, pixGetSpp(pix) == 4 else { return self }
        guard let flat = LeptonicaImage(taking: pixAlphaBlendUniform(pix, 0xffff_ff00)) else {
            throw .engineFailure("could not remove the image's alpha channel")
        }
        return flat
    }
}
