internal import CLeptonica
import Domain
import Foundation

/// The Leptonica operations image preparation uses. Each returns a new image (or the same
/// one when there is nothing to do) and throws `OCRError.engineFailure` when Leptonica fails.
extension LeptonicaImage {
    /// 8-bit grayscale (`pixConvertTo8`; colour by luminance, colormaps removed).
    func grayscale() throws(OCRError) -> LeptonicaImage {
        guard pixGetDepth(pix) != 8 || pixGetColormap(pix) != nil else { return self }
        return try Self.checked(pixConvertTo8(pix, 0), "convert the image to grayscale")
    }

    /// The 8-bit image with its levels stretched so the paper is white and the ink dark:
    /// `paper` (the most frequent level in the brighter half) maps to 255 and the 1st
    /// percentile to 0 (`pixGammaTRC`, linear). Faint thermal print on grey paper, with
    /// white print-head streaks beside it, otherwise offers Tesseract's global threshold
    /// three levels, and it can split paper from streaks instead of ink from paper.
    /// `nil` when anything on the page is already near black. With `lines`, the levels are
    /// measured inside those rectangles only (the text's own ink and paper).
    func stretchedToPaperWhite(measuredIn lines: [PixelRect] = []) throws(OCRError) -> LeptonicaImage? {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil else { return nil }
        let mask = lines.isEmpty ? nil : try areaMask(lines)
        guard let histogram = grayHistogram(within: mask) else { return nil }
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        let paper = Self.mostCommonBrightLevel(in: histogram)
        var black = 0
        var seen = 0
        while black < 255, seen + histogram[black] <= total / 100 {
            seen += histogram[black]
            black += 1
        }
        // Only faint print: even the darkest 1% is grey (a photo's dark desk or shadow
        // would make the stretch clip the ink under uneven light).
        // Measured in found lines, the difference is the text's: a smaller one is still ink.
        guard black > Self.inkBlackLevel, paper - black >= (lines.isEmpty ? 24 : 12) else { return nil }
        return try Self.checked(pixGammaTRC(nil, pix, 1.0, Int32(black), Int32(paper)), "stretch the image's levels")
    }

    /// A 1-bit image of this one's size, set inside `rectangles`.
    func areaMask(_ rectangles: [PixelRect]) throws(OCRError) -> LeptonicaImage {
        let size = size
        let mask = try Self.checked(pixCreate(Int32(size.width), Int32(size.height), 1), "make a mask")
        for rectangle in rectangles {
            guard let box = boxCreate(Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width), Int32(rectangle.height)) else { continue }
            var pointer: UnsafeMutablePointer<BOX>? = box
            pixSetInRect(mask.pix, box)
            boxDestroy(&pointer)
        }
        return mask
    }

    /// The most frequent level in the brighter half of `histogram`: the paper's.
    static func mostCommonBrightLevel(in histogram: [Int]) -> Int {
        (128..<256).max { histogram[$0] < histogram[$1] } ?? 255
    }

    /// The page's most common bright level (its paper's), 255 when it has none.
    var paperLevel: Int {
        grayHistogram().map(Self.mostCommonBrightLevel) ?? 255
    }

    /// Ink at or below this level counts as black already.
    static let inkBlackLevel = 40

    /// The 256-level histogram of an 8-bit image, counting only where `mask` (1-bit) is set
    /// when one is given.
    func grayHistogram(within mask: LeptonicaImage? = nil) -> [Int]? {
        if mask == nil, let counts = levelCounts() { return counts }
        let histogram = withExtendedLifetime(mask) {
            mask.map { pixGetGrayHistogramMasked(pix, $0.pix, 0, 0, 1) } ?? pixGetGrayHistogram(pix, 1)
        }
        guard let numa = histogram else { return nil }
        var pointer: UnsafeMutablePointer<NUMA>? = numa
        defer { numaDestroy(&pointer) }
        return (0..<256).map { index in
            var value: Int32 = 0
            numaGetIValue(numa, Int32(index), &value)
            return Int(value)
        }
    }

    /// A copy of the image's pixels of its own (`pixCopy`).
    func copy() throws(OCRError) -> LeptonicaImage {
        try applying("copy the image") { pixCopy(nil, $0) }
    }

    /// Of the columns (`vertical`) or rows of an 8-bit image in `range`, the middle of the
    /// widest run of those with the least print (the lowest mean darkness): the middle of the
    /// widest gap between characters or lines, so a cut there leaves print whole on both
    /// sides. `nil` when it cannot be measured.
    func emptiestLine(in range: Range<Int>, vertical: Bool) -> Int? {
        let size = self.size
        let clamped = max(0, range.lowerBound)..<min(range.upperBound, vertical ? size.width : size.height)
        guard pixGetDepth(pix) == 8, !clamped.isEmpty,
            let box = vertical
                ? boxCreate(Int32(clamped.lowerBound), 0, Int32(clamped.count), Int32(size.height))
                : boxCreate(0, Int32(clamped.lowerBound), Int32(size.width), Int32(clamped.count))
        else { return nil }
        var boxPointer: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&boxPointer) }
        guard let means = vertical ? pixAverageByColumn(pix, box, Int32(L_BLACK_IS_MAX)) : pixAverageByRow(pix, box, Int32(L_BLACK_IS_MAX)) else {
            return nil
        }
        var numa: UnsafeMutablePointer<NUMA>? = means
        defer { numaDestroy(&numa) }
        let darkness = (0..<Int(numaGetCount(means))).map { index in
            var value: Float = 0
            numaGetFValue(means, Int32(index), &value)
            return value
        }
        guard let least = darkness.min() else { return nil }
        var widest: Range<Int> = 0..<0
        var runStart: Int?
        for (index, value) in (darkness + [.infinity]).enumerated() {
            if value <= least {
                if runStart == nil { runStart = index }
            } else if let start = runStart {
                if index - start > widest.count { widest = start..<index }
                runStart = nil
            }
        }
        return clamped.lowerBound + (widest.lowerBound + widest.upperBound) / 2
    }

    /// The part of the image inside `rectangle` (`pixClipRectangle`).
    func clipped(to rectangle: PixelRect) throws(OCRError) -> LeptonicaImage {
        guard let box = boxCreate(Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width), Int32(rectangle.height)) else {
            throw .engineFailure("Leptonica could not make a box")
        }
        var pointer: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&pointer) }
        return try applying("clip the image") { pixClipRectangle($0, box, nil) }
    }

    /// Runs `body` with everything inside `rectangle` but the `kept` areas painted `level`
    /// (8-bit images), then puts the rectangle back as it was: a block is read with nothing
    /// in view but its own lines.
    func withOnly<T>(_ kept: [PixelRect], visibleIn rectangle: PixelRect, level: Int, _ body: () throws -> T) throws -> T {
        guard pixGetDepth(pix) == 8, rectangle.width > 0, rectangle.height > 0 else { return try body() }
        let saved = try clipped(to: rectangle)
        let mask = try Self.checked(pixCreate(Int32(rectangle.width), Int32(rectangle.height), 1), "make a mask")
        pixSetAll(mask.pix)
        for area in kept {
            guard let box = boxCreate(Int32(area.x - rectangle.x), Int32(area.y - rectangle.y), Int32(area.width), Int32(area.height)) else {
                continue
            }
            var pointer: UnsafeMutablePointer<BOX>? = box
            pixClearInRect(mask.pix, box)
            boxDestroy(&pointer)
        }
        pixSetMaskedGeneral(pix, mask.pix, UInt32(level), Int32(rectangle.x), Int32(rectangle.y))
        defer {
            pixRasterop(pix, Int32(rectangle.x), Int32(rectangle.y), Int32(saved.size.width), Int32(saved.size.height), PIX_SRC, saved.pix, 0, 0)
        }
        return try body()
    }

    /// The image made `factor` times wider, its height kept.
    func widened(by factor: Double) throws(OCRError) -> LeptonicaImage {
        guard abs(factor - 1) > 0.01 else { return self }
        return try Self.checked(pixScale(pix, Float(factor), 1), "widen the image")
    }

    /// The image scaled by `factor` (`pixScale`: smooth interpolation up, area mapping down).
    func scaled(by factor: Double) throws(OCRError) -> LeptonicaImage {
        guard abs(factor - 1) > 0.01 else { return self }
        return try Self.checked(pixScale(pix, Float(factor), Float(factor)), "scale the image")
    }

    /// A 1-bit image of an 8-bit one, thresholded where Otsu's method separates ink from
    /// paper in this image (`pixOtsuAdaptiveThreshold` with one tile), so faded print
    /// keeps its strokes.
    ///
    /// The threshold is found as that function finds it for one tile
    /// (`numaSplitDistribution` of the histogram, score fraction 0.1), from the image itself:
    /// the function copies the whole image three times first (its tile twice, then an 8-bit
    /// copy for the histogram), each a fresh buffer the kernel clears (a 12 MP photo is
    /// binarised three times while it is prepared). The same pixels either way.
    func binarized() throws(OCRError) -> LeptonicaImage {
        let size = size
        // Leptonica's Otsu wants tiles of 16 pixels at least: a thinner strip (a cropped
        // line 15 px high) is thresholded at the Otsu level of its histogram.
        if size.width < 16 || size.height < 16 {
            let threshold = grayHistogram().map(Self.otsuThreshold) ?? 128
            return try applying("binarise the image") { pixThresholdToBinary($0, Int32(threshold)) }
        }
        // Leptonica's Otsu takes 8 bits only; a colour map is read as grey by the histogram
        // and by the thresholding alike, as Leptonica's Otsu reads it.
        guard pixGetDepth(pix) == 8 else { throw .engineFailure("Leptonica could not binarise the image") }
        var histogram = levelCounts().map(Self.histogramNuma) ?? pixGetGrayHistogram(pix, 1)
        defer { numaDestroy(&histogram) }
        guard let histogram else { throw .engineFailure("Leptonica could not binarise the image") }
        var threshold: Int32 = 0
        var inkMean: Float = 0
        var paperMean: Float = 0
        guard numaSplitDistribution(histogram, 0.1, &threshold, &inkMean, &paperMean, nil, nil, nil) == 0 else {
            throw .engineFailure("Leptonica could not binarise the image")
        }
        return try applying("binarise the image") { pixThresholdToBinary($0, threshold) }
    }

    /// A 1-bit image of an 8-bit one, thresholded locally (Sauvola's method over windows
    /// about `window` pixels wide), so that light print (a pale colour, a faded or shaded
    /// area) keeps its strokes where one threshold for the page would lose it.
    func binarizedLocally(window: Int) throws(OCRError) -> LeptonicaImage {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil else { return try binarized() }
        let size = size
        let half = Int32(max(2, min(window / 2, (min(size.width, size.height) - 3) / 2)))
        // Sauvola's method keeps running sums of the image and its squares (12 bytes a
        // pixel): in tiles of about a megapixel, that memory stays small for any page.
        let across = Int32(max(1, min(size.width / Int(4 * half + 8), Int((Double(size.width) / 1000).rounded(.up)))))
        let down = Int32(max(1, min(size.height / Int(4 * half + 8), Int((Double(size.height) / 1000).rounded(.up)))))
        var binary: UnsafeMutablePointer<PIX>?
        guard half >= 2, pixSauvolaBinarizeTiled(pix, half, 0.34, across, down, nil, &binary) == 0 else { return try binarized() }
        return try Self.checked(binary, "binarise the image locally")
    }

    /// The level that best splits a histogram into two classes (Otsu's method): levels
    /// below it are ink.
    static func otsuThreshold(_ histogram: [Int]) -> Int {
        let total = Double(histogram.reduce(0, +))
        guard total > 0 else { return 128 }
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var below = 0.0
        var belowSum = 0.0
        var best = (variance: -1.0, level: 128)
        for level in 0..<histogram.count {
            below += Double(histogram[level])
            belowSum += Double(level * histogram[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let difference = belowSum / below - (sum - belowSum) / above
            let variance = below * above * difference * difference
            if variance > best.variance { best = (variance, level + 1) }
        }
        return best.level
    }

    /// The skew of text lines in a 1-bit image, in degrees (positive: turn clockwise to
    /// deskew), with Leptonica's confidence, searched over ±`range` degrees
    /// (`pixFindSkewSweepAndSearch`); `nil` when no angle was found.
    func skew(searchingWithin range: Float = 10) -> (degrees: Double, confidence: Double)? {
        var angle: Float = 0
        var confidence: Float = 0
        guard pixFindSkewSweepAndSearch(pix, &angle, &confidence, 4, 2, range, 1, 0.01) == 0 else { return nil }
        return (Double(angle), Double(confidence))
    }

    /// The image turned clockwise by `degrees` about its centre, enlarged so no pixel is
    /// lost (`pixRotate`, area mapping); the corners brought in get `level` (8-bit) or white.
    func rotated(degrees: Double, filledWith level: Int = 255) throws(OCRError) -> LeptonicaImage {
        let size = size
        let radians = Float(degrees * .pi / 180)
        let turned = try applying("deskew the image") {
            pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), Int32(size.width), Int32(size.height))
        }
        guard level < 255, pixGetDepth(pix) == 8 else { return turned }
        // The corners brought in: where a black sheet of the same size, turned the same way, is white.
        let sheet = try Self.checked(pixCreate(Int32(size.width), Int32(size.height), 1), "make a mask")
        pixSetAll(sheet.pix)
        let corners = try sheet.applying("turn the mask") {
            pixRotate($0, radians, Int32(L_ROTATE_SAMPLING), Int32(L_BRING_IN_WHITE), Int32(size.width), Int32(size.height))
        }.applying("invert the mask") { pixInvert(nil, $0) }
        withExtendedLifetime(corners) { _ = pixSetMasked(turned.pix, corners.pix, UInt32(level)) }
        return turned
    }

    /// The image with a border of `width` pixels: `level` on 8-bit images, white otherwise
    /// (`pixAddBorder`).
    func withBorder(_ width: Int, level: Int = 255) throws(OCRError) -> LeptonicaImage {
        let value: UInt32 = pixGetDepth(pix) == 1 ? 0 : (pixGetDepth(pix) == 8 ? UInt32(level) : 0xFFFF_FF00)
        return try applying("add a border") { pixAddBorder($0, Int32(width), value) }
    }

    /// The heights of those of `boxes` (8-connected components) that could be characters.
    static func characterHeights(of boxes: [PixelRect]) -> [Int] {
        boxes.compactMap { box in
            // Specks, rules and blobs are not characters.
            guard box.height >= 3, box.width >= 1, box.width <= 4 * box.height, box.height <= 6 * max(box.width, 2) else { return nil }
            return box.height
        }
    }

    /// A new image made from this one's `PIX` by `make` (this image stays alive meanwhile).
    func applying(_ action: String, _ make: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) throws(OCRError) -> LeptonicaImage {
        try Self.checked(make(pix), action)
    }

    /// The number of foreground pixels of a 1-bit image.
    var foregroundCount: Int {
        var count: Int32 = 0
        pixCountPixels(pix, &count, nil)
        return Int(count)
    }

    static func checked(_ result: UnsafeMutablePointer<PIX>?, _ action: String) throws(OCRError) -> LeptonicaImage {
        guard let image = LeptonicaImage(taking: result) else { throw .engineFailure("Leptonica could not \(action)") }
        return image
    }
}
