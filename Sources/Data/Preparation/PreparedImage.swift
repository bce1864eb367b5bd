import Domain
import Foundation

/// An image ready for Tesseract, with what is needed to map its boxes back to the
/// upright image the caller sees.
struct PreparedImage {
    let image: LeptonicaImage
    let frame: PreparedFrame
    /// The resolution Tesseract is told (pixels per inch), from the typical text height:
    /// its layout analysis sizes what it looks for (rule lines, gaps, pitch) by it.
    var resolution: Int = 300
    /// The level of the page's paper around its print (what areas not to be read are painted).
    var background: Int = 255
    /// The horizontal rules painted over on the page (table borders, separators), in its
    /// pixels: where rows end (`ReadingOrder`).
    var rules: [PixelRect] = []
    /// The vertical rules painted over on the page, in its pixels: where a table's cells end
    /// (`OCRResult.rulingLines`).
    var verticalRules: [PixelRect] = []

    /// The same page, its pixels replaced by `image` (levels stretched: paper white).
    func withStretched(_ image: LeptonicaImage) -> PreparedImage {
        PreparedImage(image: image, frame: frame, resolution: resolution, background: 255, rules: rules, verticalRules: verticalRules)
    }

    /// The resolution at which text `textHeight` pixels high is about 10-point print
    /// (a Hangul syllable is close to the em: 10 pt is 0.139 in), within Tesseract's
    /// credible range.
    static func resolution(forTextHeight textHeight: Double?) -> Int {
        Int(min(1200, max(70, (textHeight ?? 30) * 8)).rounded())
    }
}

/// How a prepared image's pixels relate to the upright image: scaled by `scale`, perhaps
/// straightened (a page photographed at an angle), then turned clockwise by
/// `deskewDegrees` about its centre (enlarged to `rotatedSize`), then given a border of
/// `border` pixels.
struct PreparedFrame {
    /// The upright image's size: the frame boxes are reported in.
    let uprightSize: ImageSize
    let scale: Double
    /// The size after scaling, before deskewing.
    let scaledSize: ImageSize
    let deskewDegrees: Double
    /// The size after deskewing (equal to `scaledSize` when not deskewed).
    let rotatedSize: ImageSize
    let border: Int
    /// From the straightened page's points back to the scaled page's, when straightened.
    var straightening: ProjectiveMap? = nil
    /// Where the image read lies in the prepared image, when only a piece of it is read.
    var origin: (x: Int, y: Int) = (0, 0)
    /// Where the prepared part lies in the upright image, when only the part holding its
    /// content was prepared (`ImagePreparation.Base.content`).
    var contentOrigin: (x: Int, y: Int) = (0, 0)
    /// How many times wider than the prepared image a piece was made before it was read
    /// (`DoubtfulLineReview`).
    var widening = 1.0

    /// Maps a top-left pixel rectangle of the prepared image to a normalized rectangle of
    /// the upright image (the bounding box of its four corners, clamped into the image).
    func uprightRect(_ rect: PixelRect) -> NormalizedRect {
        let corners = [
            (rect.x, rect.y), (rect.x + rect.width, rect.y),
            (rect.x, rect.y + rect.height), (rect.x + rect.width, rect.y + rect.height),
        ].map { uprightPoint(x: Double($0.0), y: Double($0.1)) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let left = max(0, xs.min() ?? 0)
        let top = max(0, ys.min() ?? 0)
        let right = min(Double(uprightSize.width), xs.max() ?? 0)
        let bottom = min(Double(uprightSize.height), ys.max() ?? 0)
        guard uprightSize.width > 0, uprightSize.height > 0, right > left, bottom > top else {
            return NormalizedRect(x: 0, y: 0, width: 0, height: 0)
        }
        let width = Double(uprightSize.width)
        let height = Double(uprightSize.height)
        return NormalizedRect(x: left / width, y: 1 - bottom / height, width: (right - left) / width, height: (bottom - top) / height)
    }

    private func uprightPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        // Move a piece back into place, undo the border, then the deskew rotation about the centre, then the
        // straightening, then the scaling, and move the content back into the picture.
        var px = x / widening + Double(origin.x) - Double(border)
        var py = y + Double(origin.y) - Double(border)
        if deskewDegrees != 0 {
            let angle = -deskewDegrees * .pi / 180
            let dx = px - Double(rotatedSize.width) / 2
            let dy = py - Double(rotatedSize.height) / 2
            px = Double(scaledSize.width) / 2 + dx * cos(angle) - dy * sin(angle)
            py = Double(scaledSize.height) / 2 + dx * sin(angle) + dy * cos(angle)
        }
        if let straightening {
            let point = straightening(ImagePoint(x: px, y: py))
            (px, py) = (point.x, point.y)
        }
        return (px / scale + Double(contentOrigin.x), py / scale + Double(contentOrigin.y))
    }
}

extension PreparedImage {
    /// `piece`, cut from `page` (and perhaps turned), read on its own: its boxes are its own
    /// pixels, its resolution the page's.
    init(piece: LeptonicaImage, of page: PreparedImage) {
        self.init(image: piece, frame: PreparedFrame(identityOf: piece.size), resolution: page.resolution)
    }
}

extension PreparedFrame {
    /// The frame of an image read as it is: no scaling, turning or border.
    init(identityOf size: ImageSize) {
        self.init(uprightSize: size, scale: 1, scaledSize: size, deskewDegrees: 0, rotatedSize: size, border: 0)
    }
}
