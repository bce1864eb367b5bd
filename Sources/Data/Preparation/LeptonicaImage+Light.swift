internal import CLeptonica
import Domain

/// Uneven light across a photographed page, measured and evened out.
///
/// Tesseract binarises with one global threshold. Where the light falls off across the
/// paper, print on the bright side is darker than paper on the dim side, and no threshold
/// splits both: a receipt photographed under a lamp read only its brighter column. The
/// page's background is estimated at a quarter of its size by closing the print away (a
/// grey closing wider than a character) and smoothing; where that background varies, the
/// page is divided by it, so paper everywhere gets one level and print keeps its contrast
/// to the paper around it.
extension LeptonicaImage {
    /// The reduction the background is estimated at.
    static let lightReduction = 4
    /// The light is even when the background's darker parts (5th percentile) reach this
    /// share of its brighter parts (95th percentile). Measured: photographs 0.38–0.92 (a
    /// desk that is not painted over counts as dark), scans and rendered pages 0.93–1.0,
    /// except receipts with wide print-head streaks (0.90) and dark header bands (0.75–0.94),
    /// which are evened out too, at little cost (Docs/Benchmarks.md).
    static let evenLightShare = 0.93
    /// Light falls off across a page to at most this share of its brightest background;
    /// darker background is something dark, left dark.
    static let deepestShade = 0.4
    /// The paper's level after evening out (print keeps its contrast below it).
    static let evenedPaperLevel = 235

    /// The image with its light evened out when uneven (`nil` when even, or the image is too
    /// small or not 8-bit), and how even the light was (0...1, see `evenLightShare`).
    /// - Parameter textHeight: The typical character height: the print closed away is wider.
    func evenedOutLight(textHeight: Double) throws(OCRError) -> (image: LeptonicaImage?, evenness: Double) {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil else { return (nil, 1) }
        let reduction = Self.lightReduction
        // Closing away print needs a window wider than a character, at the reduced scale (odd).
        let window = Int((1.5 * textHeight / Double(reduction)).rounded(.up)) | 1
        let reducedSize = ImageSize(width: size.width / reduction, height: size.height / reduction)
        guard reducedSize.width >= 4 * window, reducedSize.height >= 4 * window else { return (nil, 1) }
        let factor = 1 / Float(reduction)
        let background = try applying("reduce the image") { pixScaleAreaMap($0, factor, factor) }
            .applying("close the print away") { pixCloseGray($0, Int32(window), Int32(window)) }
            .applying("smooth the background") { pixBlockconv($0, Int32(window), Int32(window)) }
            // One more column and row, so the map covers the image's last partial tiles.
            .applying("extend the background") { pixExtendByReplication($0, 1, 1) }
        var dark: UInt32 = 0
        var bright: UInt32 = 0
        guard pixGetRankValue(background.pix, 1, 0.05, &dark) == 0, pixGetRankValue(background.pix, 1, 0.95, &bright) == 0, bright > 0
        else { return (nil, 1) }
        let evenness = Double(dark) / Double(bright)
        guard evenness < Self.evenLightShare else { return (nil, evenness) }
        // Background darker than shade can make (a dark picture, a logo, a black desk) is an
        // object: it is divided by the floor instead, so it stays dark and its edges do not
        // turn into bright frames.
        let floor = try background.applying("make the floor") { pixCreateTemplate($0) }
        pixSetAllArbitrary(floor.pix, UInt32(Self.deepestShade * Double(bright)))
        let lit = try withExtendedLifetime(floor) { () throws(OCRError) in
            try background.applying("floor the background") { pixMinOrMax(nil, $0, floor.pix, Int32(L_CHOOSE_MAX)) }
        }
        let inverse = try lit.applying("invert the background") { pixGetInvBackgroundMap($0, Int32(Self.evenedPaperLevel), 0, 0) }
        let evened = try withExtendedLifetime(inverse) { () throws(OCRError) in
            try applying("even out the light") { pixApplyInvBackgroundGrayMap($0, inverse.pix, Int32(reduction), Int32(reduction)) }
        }
        return (evened, evenness)
    }
}
