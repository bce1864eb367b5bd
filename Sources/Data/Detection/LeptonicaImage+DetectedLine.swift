internal import CLeptonica
import Domain
import Foundation

extension LeptonicaImage {
    /// The line `rectangle` of this 8-bit image cut out for reading alone: straightened,
    /// dark print on light paper, `lineHeight` pixels tall, with a white border. Also the
    /// rectangle of this image the piece stands for (its boxes, normalised to the piece,
    /// are normalised to that rectangle).
    func cutOut(_ rectangle: RotatedRectangle, lineHeight: Double) throws(OCRError) -> (piece: LeptonicaImage, region: PixelRect)? {
        let margin = max(2, rectangle.height * DetectedLineReading.margin)
        let degrees = rectangle.angle * 180 / .pi
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let outer = rectangle.grown(by: margin).bounds.clamped(to: whole)
        guard outer.width >= 4, outer.height >= 4 else { return nil }
        var piece = try clipped(to: outer)
        if abs(degrees) >= DetectedLineReading.straightenedAngle {
            // Turned back about the cut's centre, then the line's own box cut from the middle.
            let turned = try piece.rotated(degrees: -degrees)
            let (width, height) = (Int(rectangle.width + 2 * margin), Int(rectangle.height + 2 * margin))
            let centre = (x: turned.size.width / 2, y: turned.size.height / 2)
            let box = PixelRect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
                .clamped(to: PixelRect(x: 0, y: 0, width: turned.size.width, height: turned.size.height))
            guard box.width >= 4, box.height >= 4 else { return nil }
            piece = try turned.clipped(to: box)
        }
        // Light print on a dark ground (a sign's panel, a dark-mode screen) is turned dark on light.
        let scale = lineHeight / Double(piece.size.height)
        piece = try piece.scaled(by: min(4, scale))
        var binary = try piece.binarized()
        if binary.foregroundCount * 2 > piece.size.width * piece.size.height {
            binary = try binary.applying("invert a line") { pixInvert(nil, $0) }
        }
        // Ink reaching the cut's edge is the panel's frame or the next line's strokes, not this line.
        // So is ink around the whole line (a panel's frame inside the cut).
        let (width, height) = (Int32(Double(piece.size.width) * 0.9), Int32(Double(piece.size.height) * 0.7))
        let clean = try binary.applying("clear the line's edges") { pixRemoveBorderConnComps($0, 8) }
            .applying("clear the line's frame") { pixSelectBySize($0, width, height, 8, Int32(L_SELECT_IF_EITHER), Int32(L_SELECT_IF_LT), nil) }
        let gray = try clean.applying("make the line gray") { pixConvert1To8(nil, $0, 255, 0) }
        return (try gray.withBorder(DetectedLineReading.border), outer)
    }
}
