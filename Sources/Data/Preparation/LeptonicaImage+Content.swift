internal import CLeptonica
import Domain

/// The part of a large picture that holds anything but blank paper: a card slip on an A4
/// scan, a receipt in a corner of the scanner's bed.
///
/// Every later step costs with the pixels it is given (a 35 MP scan's preparation took
/// 1.4–1.8 s, its text a tenth of it), so a picture whose content fills at most
/// `contentMaximumShare` of it is prepared and read from that part alone, with a margin.
/// Content is whatever is `contentContrast` levels darker than the paper, measured on a copy
/// reduced `contentReduction` times (thin faint strokes keep most of their contrast at that
/// reduction); the paper is the level `paperPercentile` of the picture is at or below (a
/// receipt on a dark scanner bed: its paper, and the bed counts as content).
extension LeptonicaImage {
    /// Smaller pictures are prepared whole: their preparation is cheap.
    static let contentMinimumPixels = 4_000_000
    static let contentReduction = 4
    /// Levels darker than the paper that count as content.
    static let contentContrast = 16
    static let paperPercentile = 0.9
    /// Content covering more of the picture leaves it whole.
    static let contentMaximumShare = 0.5
    /// The margin around the content: this share of the picture's shorter side, at least
    /// `contentMinimumMargin` pixels.
    static let contentMargin = 0.03
    static let contentMinimumMargin = 64

    /// The rectangle of the 8-bit picture holding its content, with its margin, when it is
    /// large and the content fills at most `contentMaximumShare` of it; else `nil` (also
    /// for a blank picture: there is nothing to cut to).
    func contentRegion() throws(OCRError) -> PixelRect? {
        let size = size
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil, size.pixelCount >= Self.contentMinimumPixels else { return nil }
        let factor = 1 / Float(Self.contentReduction)
        let small = try applying("reduce the picture") { pixScaleAreaMap($0, factor, factor) }
        guard let histogram = small.grayHistogram(), let paper = Self.level(atPercentile: Self.paperPercentile, of: histogram) else {
            return nil
        }
        let threshold = Int32(max(1, paper - Self.contentContrast))
        let content = try small.applying("find the content") { pixThresholdToBinary($0, threshold) }
        var found: UnsafeMutablePointer<BOX>?
        guard pixClipBoxToForeground(content.pix, nil, nil, &found) == 0, let found else { return nil }
        var box = Optional(found)
        defer { boxDestroy(&box) }
        var x: Int32 = 0
        var y: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        boxGetGeometry(found, &x, &y, &width, &height)
        let reduction = Self.contentReduction
        let margin = max(Self.contentMinimumMargin, Int(Self.contentMargin * Double(min(size.width, size.height))))
        let region = PixelRect(x: Int(x) * reduction, y: Int(y) * reduction, width: Int(width) * reduction, height: Int(height) * reduction)
            .padded(by: margin, within: size)
        return Double(region.width * region.height) <= Self.contentMaximumShare * Double(size.pixelCount) ? region : nil
    }

    /// The lowest level at or below which `share` of a histogram's pixels lie.
    static func level(atPercentile share: Double, of histogram: [Int]) -> Int? {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if Double(seen) >= share * Double(total) { return level }
        }
        return histogram.count - 1
    }
}
