internal import CLeptonica
import Domain

/// The desk around a photographed page, measured and painted over with the paper's level.
///
/// Tesseract binarises with one global threshold. With a dark desk in the picture, that
/// threshold falls between desk and paper, and faint print (grey on light paper) lands on
/// the paper's side and vanishes: a photographed faded receipt read as `Z 20,40(`. The
/// desk is found on an 8× reduced copy, where print averages into its paper: the dark
/// regions there that touch the image's edge, widened by one reduced pixel so no dark
/// sliver is left along the paper's edge. When they cover enough of the picture and are dark
/// enough for their extent, they are painted with the paper's most common level, so the
/// image holds only paper and print.
extension LeptonicaImage {
    /// The reduction the desk is measured at: print averages away, a desk stays dark.
    static let deskReduction = 8
    /// The part of the picture dark edge regions must cover to count as a desk (a scanner's
    /// thin border or a page's own dark margin is left alone).
    static let deskMinimumShare = 0.05

    /// The smallest side (pixels) of the reduced image a desk is looked for in.
    static let deskMinimumReducedSide = 24
    /// A desk is at most this dark relative to the rest, on average (at the reduction, text
    /// near the edge averages into grey rows, about 0.7 of its paper; a desk is far darker).
    static let deskMaximumRelativeLevel = 0.5
    /// A desk covering `wideDeskShare` of the picture or more may be this light: rows of text
    /// near the edge are thin strips, never a third of the picture. Receipts photographed on
    /// a mid-grey table kept the table, and one global threshold then lost their faint
    /// print; a web graphic's coloured edge band covers far less of the picture.
    static let wideDeskMaximumRelativeLevel = 0.62
    static let wideDeskShare = 0.3

    /// How dark, relative to the paper, an edge region covering `share` of the picture must be to be a desk.
    static func deskMaximumRelativeLevel(covering share: Double) -> Double {
        share >= wideDeskShare ? wideDeskMaximumRelativeLevel : deskMaximumRelativeLevel
    }

    /// The 8-bit image with its desk painted the paper's level, that level, and the paper's
    /// corners when it is a quadrilateral and the desk dark (see `paperCorners(outside:reduction:)`); `self`
    /// and `nil` when there is no desk. (Whatever is added around the page later must have the
    /// same level: next to white, Tesseract's threshold would split paper from white.)
    func paintingOverDesk() throws(OCRError) -> (image: LeptonicaImage, paper: Int?, corners: PaperCorners?) {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil else { return (self, nil, nil) }
        let size = size
        let reduction = Self.deskReduction
        // Otsu's method needs a reduced image of some size; a small image is no photograph.
        guard size.width >= Self.deskMinimumReducedSide * reduction, size.height >= Self.deskMinimumReducedSide * reduction
        else { return (self, nil, nil) }
        let factor = 1 / Float(reduction)
        let small = try applying("reduce the image") { pixScaleAreaMap($0, factor, factor) }
        var edgeRegions = try small.binarized().applying("find the desk") { pixExtractBorderConnComps($0, 8) }
        let share = Double(edgeRegions.foregroundCount) / Double(small.size.pixelCount)
        let outside = try edgeRegions.applying("find the paper") { pixInvert(nil, $0) }
        guard share >= Self.deskMinimumShare,
            let deskLevel = small.averageLevel(within: edgeRegions),
            let paperLevel = small.averageLevel(within: outside),
            deskLevel <= Self.deskMaximumRelativeLevel(covering: share) * paperLevel
        else { return (self, nil, nil) }
        // A desk of two tones (light and dark wood) leaves its light parts joined to the
        // paper, which is then no quadrilateral: split what is left once more, paper from light desk.
        // The paper is then the largest bright region, and its outline must be an edge all round
        // (a board whose lit part is brighter than its shaded part is cut through its print).
        var corners = Self.paperCorners(outside: edgeRegions, reduction: reduction)
        if corners == nil, let brighter = try small.edgeRegions(darkerThanSplitOf: outside),
            let brighterCorners = Self.paperCorners(outside: brighter, reduction: reduction, largestRegionOnly: true),
            small.isOutlined(by: brighterCorners.scaled(by: 1 / Double(reduction)), paperLevel: paperLevel)
        {
            (edgeRegions, corners) = (brighter, brighterCorners)
        }
        let desk = try fullSize(desk: edgeRegions)
        // A dark background of one flat level holding light text is a screen's (a dark-mode
        // app around a white card), no photographed desk: its text is turned dark on light.
        if isFlat(within: desk), try applying("invert the page", { pixInvert(nil, $0) }).holdsText(within: desk) {
            return (try invertingDarkBackground(), nil, nil)
        }
        // A dark region that holds text lines is paper in shadow, not a desk; unless the
        // paper is a quadrilateral standing inside the picture (a receipt on a wooden table,
        // whose grain chains like text lines).
        if corners == nil, try holdsText(within: desk) { return (self, nil, nil) }
        // A light desk's outline is not trusted for straightening: at the reduction it blurs
        // into the paper (a page on the tune split "straightened" askew read at CER 0.26, not under 0.05).
        let trusted = deskLevel <= Self.deskMaximumRelativeLevel * paperLevel ? corners : nil
        guard let painted = try painting(desk: desk, outside: trusted) else { return (self, nil, nil) }
        return (painted.image, painted.level, trusted)
    }

    /// A desk found at `deskReduction` (1-bit), widened by one reduced pixel (no dark sliver
    /// is left along the paper's edge), at this image's size.
    func fullSize(desk reduced: LeptonicaImage) throws(OCRError) -> LeptonicaImage {
        let (size, reduction) = (size, Int32(Self.deskReduction))
        return try reduced.applying("widen the desk") { pixDilateBrick(nil, $0, 3, 3) }
            .applying("enlarge the desk") { pixExpandBinaryReplicate($0, reduction, reduction) }
            // The reduction dropped the last partial block: extend the edge rows and columns.
            .applying("fit the desk to the image") { pixResizeToMatch($0, nil, Int32(size.width), Int32(size.height)) }
    }

    /// This 8-bit image with `desk` (1-bit, full size) painted the paper's most common bright
    /// level, and that level; with the paper's `corners`, everything outside them too: the
    /// desk is all that lies outside the page, also where the threshold at the reduction took
    /// it for paper (a light streak of a table, a hand holding the slip). `nil` when no
    /// bright pixel lies outside the desk.
    func painting(desk: LeptonicaImage, outside corners: PaperCorners?) throws(OCRError) -> (image: LeptonicaImage, level: Int)? {
        let paper = try desk.applying("find the paper") { pixInvert(nil, $0) }
        guard let level = mostCommonBrightLevel(within: paper) else { return nil }
        let painted = try copy()
        withExtendedLifetime(desk) { _ = pixSetMasked(painted.pix, desk.pix, UInt32(level)) }
        if let corners { painted.fill(outside: corners, margin: Double(2 * Self.deskReduction), level: level) }
        return (painted, level)
    }

    /// The regions touching the image's edge that are darker than the Otsu level of the
    /// pixels `mask` (1-bit) covers, or `nil` when the mask covers none.
    private func edgeRegions(darkerThanSplitOf mask: LeptonicaImage) throws(OCRError) -> LeptonicaImage? {
        guard let histogram = grayHistogram(within: mask), histogram.contains(where: { $0 > 0 }) else { return nil }
        let threshold = Int32(Self.otsuThreshold(histogram))
        return try applying("split the paper from a light desk") { pixThresholdToBinary($0, threshold) }
            .applying("find the light desk") { pixExtractBorderConnComps($0, 8) }
            // A thin bridge of light desk to the paper is cut.
            .applying("cut the light desk from the paper") { pixCloseSafeBrick(nil, $0, 3, 3) }
    }

    /// A desk region holding this share of the picture's text lines (by area) is shaded paper.
    static let deskMaximumTextShare = 0.2

    /// Whether the region `mask` covers holds a good part of the picture's text: lines of
    /// at least three characters, found in a locally binarised copy (text in shadow is
    /// darker than its shaded paper, not than the lit paper). A picture of more than
    /// `textSearchPixels` is searched at a reduced copy of that many pixels (at most halved):
    /// Sauvola's method and the components of a 12 MP photograph took 0.38 s of its 0.9 s of
    /// preparation.
    private func holdsText(within mask: LeptonicaImage) throws(OCRError) -> Bool {
        let factor = max(0.5, min(1, (Self.textSearchPixels / Double(size.pixelCount)).squareRoot()))
        let searched = factor < 1 ? try applying("reduce the picture") { pixScaleAreaMap($0, Float(factor), Float(factor)) } : self
        let size = searched.size
        let window = max(31, min(size.width, size.height) / 15)
        let smallest = max(3, Int((6 * factor).rounded()))
        let components = try searched.binarizedLocally(window: window).componentBoxes(connectivity: 8)
        guard
            let textHeight = ImagePreparation.typicalTextHeight(components.map(\.height).filter { $0 >= smallest && $0 <= window * 2 }),
            let chains = TextLineFinder.chains(in: components, textHeight: textHeight)
        else { return false }
        let text = chains.filter { $0.characters >= 3 && Double($0.box.height) <= 3 * textHeight }.map(\.box)
        let total = text.reduce(0) { $0 + $1.width * $1.height }
        let inMask = { (box: PixelRect) in
            mask.level(x: Int((Double(box.x) + Double(box.width) / 2) / factor), y: Int((Double(box.y) + Double(box.height) / 2) / factor)) != 0
        }
        let inside = text.filter(inMask).reduce(0) { $0 + $1.width * $1.height }
        return total > 0 && Double(inside) >= Self.deskMaximumTextShare * Double(total)
    }

    /// The most pixels the desk region's text is searched at (see `holdsText(within:)`).
    static let textSearchPixels = 4_000_000.0

    /// The paper's share of the picture below which its corners are not looked for.
    static let paperMinimumShare = 0.1
    /// The quadrilateral through the paper's corners must cover this share of the paper
    /// region (a page is a quadrilateral; a region of another shape gives no corners).
    static let paperMinimumFill = 0.9

    /// The corners of the paper: the region outside the desk (`desk`, a 1-bit mask of the
    /// image reduced by `reduction`), in the full image's pixels; `nil` when the paper is
    /// small, not a quadrilateral, or runs off the picture along a side (a menu board on a
    /// wall above a dark bench: "straightening" the wall's outline skewed the board).
    static func paperCorners(outside desk: LeptonicaImage, reduction: Int, largestRegionOnly: Bool = false) -> PaperCorners? {
        let size = desk.size
        var points: [ImagePoint] = []
        for y in 0..<size.height {
            for x in 0..<size.width where desk.level(x: x, y: y) == 0 {
                points.append(ImagePoint(x: Double(x), y: Double(y)))
            }
        }
        if largestRegionOnly { points = largestRegion(of: points) }
        guard Double(points.count) >= paperMinimumShare * Double(size.pixelCount),
            let corners = PaperCorners(extremesOf: points), corners.area >= paperMinimumFill * Double(points.count),
            !corners.hasSide(alongBorderOf: size, margin: 1)
        else { return nil }
        // Reduced pixel centres, in full-size pixels.
        return PaperCorners(extremesOf: corners.all.map { ImagePoint(x: ($0.x + 0.5) * Double(reduction), y: ($0.y + 0.5) * Double(reduction)) })
    }

    /// The largest 8-connected region among `points` (whole pixels of one image).
    private static func largestRegion(of points: [ImagePoint]) -> [ImagePoint] {
        var index: [Int: Int] = [:]
        func key(_ x: Double, _ y: Double) -> Int { Int(y) << 32 | Int(x) }
        for (number, point) in points.enumerated() { index[key(point.x, point.y)] = number }
        var regions = DisjointSets(count: points.count)
        for (number, point) in points.enumerated() {
            // Neighbours already visited in row order: left, and the three above.
            for (dx, dy) in [(-1.0, 0.0), (-1, -1), (0, -1), (1, -1)] {
                if let neighbour = index[key(point.x + dx, point.y + dy)] { regions.union(number, neighbour) }
            }
        }
        guard let largest = regions.groups().max(by: { $0.count < $1.count }) else { return [] }
        return largest.map { points[$0] }
    }

    /// How much brighter, relative to the paper, the image just inside each side of a page
    /// must be than just outside it, on average along the side: a page's outline is an edge.
    static let outlineMinimumStep = 0.1

    /// Whether every side of `corners` (in this image's pixels) is an edge: two pixels
    /// inside it the image is brighter than two pixels outside by `outlineMinimumStep` of `paperLevel`.
    func isOutlined(by corners: PaperCorners, paperLevel: Double) -> Bool {
        let points = corners.all
        let size = size
        let centre = ImagePoint(x: points.map(\.x).reduce(0, +) / 4, y: points.map(\.y).reduce(0, +) / 4)
        return (0..<4).allSatisfy { index in
            let (a, b) = (points[index], points[(index + 1) % 4])
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length >= 4 else { return false }
            // The side's normal, pointing away from the quadrilateral's centre.
            var normal = (x: (b.y - a.y) / length, y: -(b.x - a.x) / length)
            let middle = ImagePoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            if normal.x * (middle.x - centre.x) + normal.y * (middle.y - centre.y) < 0 { normal = (-normal.x, -normal.y) }
            var step = 0.0
            var samples = 0
            // The corners' own neighbourhoods are left out: the paper may be rounded or torn there.
            for tenth in 1..<10 {
                let t = Double(tenth) / 10
                let point = ImagePoint(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                let inside = (x: Int((point.x - 2 * normal.x).rounded()), y: Int((point.y - 2 * normal.y).rounded()))
                let outside = (x: Int((point.x + 2 * normal.x).rounded()), y: Int((point.y + 2 * normal.y).rounded()))
                guard [inside, outside].allSatisfy({ (0..<size.width).contains($0.x) && (0..<size.height).contains($0.y) }) else { continue }
                step += Double(level(x: inside.x, y: inside.y) - level(x: outside.x, y: outside.y))
                samples += 1
            }
            return samples > 0 && step / Double(samples) >= Self.outlineMinimumStep * paperLevel
        }
    }

    /// Sets every pixel more than `margin` pixels left or right of `quadrilateral`, or above
    /// or below it, to `level` (8-bit).
    private func fill(outside quadrilateral: PaperCorners, margin: Double, level: Int) {
        let size = size
        func fillRow(_ y: Int, from start: Int, to end: Int) {
            guard end > start else { return }
            var box = boxCreate(Int32(start), Int32(y), Int32(end - start), 1)
            pixSetInRectArbitrary(pix, box, UInt32(level))
            boxDestroy(&box)
        }
        for y in 0..<size.height {
            let near = [Double(y) - margin, Double(y), Double(y) + margin].compactMap { quadrilateral.span(atRow: $0) }
            guard let left = near.map(\.lowerBound).min(), let right = near.map(\.upperBound).max() else {
                fillRow(y, from: 0, to: size.width)
                continue
            }
            fillRow(y, from: 0, to: min(size.width, max(0, Int((left - margin).rounded(.down)))))
            fillRow(y, from: max(0, min(size.width, Int((right + margin).rounded(.up)))), to: size.width)
        }
    }

    /// A region where at least this share of neighbouring pixels have the same level is
    /// flat: rendered, not photographed (a photographed desk's grain and sensor noise leave
    /// at most about half of them equal, even in the dark).
    static let flatShare = 0.9

    /// Whether the pixels of this 8-bit image that a 1-bit `mask` (of the same size) covers
    /// are flat (`flatShare`), sampled every fourth row.
    func isFlat(within mask: LeptonicaImage) -> Bool {
        guard pixGetDepth(pix) == 8, pixGetDepth(mask.pix) == 1, let data = pixGetData(pix), let bits = pixGetData(mask.pix) else { return false }
        let size = size
        let (wordsPerLine, maskWordsPerLine) = (Int(pixGetWpl(pix)), Int(pixGetWpl(mask.pix)))
        var (pairs, equal) = (0, 0)
        withExtendedLifetime(mask) {
            for y in stride(from: 0, to: min(size.height, mask.size.height), by: 4) {
                let line = data + y * wordsPerLine
                let maskLine = bits + y * maskWordsPerLine
                // Leptonica keeps a word's first pixel in its most significant byte (bit).
                func level(_ x: Int) -> UInt32 { (line[x / 4] >> UInt32(24 - 8 * (x % 4))) & 0xff }
                func covered(_ x: Int) -> Bool { (maskLine[x / 32] >> UInt32(31 - x % 32)) & 1 == 1 }
                for x in 0..<(min(size.width, mask.size.width) - 1) where covered(x) && covered(x + 1) {
                    pairs += 1
                    if level(x) == level(x + 1) { equal += 1 }
                }
            }
        }
        return pairs > 0 && Double(equal) >= Self.flatShare * Double(pairs)
    }

    /// The mean level of an 8-bit image where a 1-bit `mask` is set, or `nil` when unset.
    func averageLevel(within mask: LeptonicaImage) -> Double? {
        var value: Float = 0
        let failed = withExtendedLifetime(mask) { pixGetAverageMasked(pix, mask.pix, 0, 0, 1, Int32(L_MEAN_ABSVAL), &value) }
        return failed == 0 ? Double(value) : nil
    }

    /// The paper's level among the pixels `mask` covers, or `nil` when it covers no bright pixel.
    private func mostCommonBrightLevel(within mask: LeptonicaImage) -> Int? {
        guard let histogram = grayHistogram(within: mask) else { return nil }
        let level = Self.mostCommonBrightLevel(in: histogram)
        return histogram[level] > 0 ? level : nil
    }
}
