import Domain
import Foundation

/// Prepares an upright image for Tesseract, each step driven by a measured property:
/// grayscale; light-on-dark regions inverted (`LeptonicaImage+DarkRegions`); a desk around
/// a photographed page painted the paper's level (`LeptonicaImage+Desk`); uneven light
/// evened out (`LeptonicaImage+Light`); scaling so small text lands at a height Tesseract
/// reads well, measured from the ink's connected components; deskewing of small angles
/// (`.accurate`, measured by Leptonica's skew search); a border (white, or the paper's
/// level where a desk was painted over or the light evened).
///
/// Measured and left out (Docs/Benchmarks.md): background flattening of every page
/// (`pixBackgroundNormSimple` erased faded receipt print; `pixBackgroundNormMorph` made
/// photos worse, 0.019 → 0.059 CER; evening out the light of every page, not only where it
/// is measured uneven: faded receipts 0.026 → 0.039), and enlarging text of 15–20 px
/// (receipts got worse).
struct ImagePreparation {
    /// Text height (pixels) smaller text is enlarged to. Chosen on the tuning split of the
    /// evaluation set (Docs/Benchmarks.md): 24, 26, 28 and 32 were tried.
    static let targetTextHeight = 28.0
    /// Text at least this tall and at most `largestTextHeight` is left at its size
    /// (enlarging faded receipt print of 15–20 px made it read worse).
    static let smallestTextHeight = 14.0
    /// Measured "text" shorter than this is noise or unreadable at any size: it is not
    /// enlarged (on a photograph, mostly its texture: a snack box halved, measured 5 px,
    /// took 3.0 s enlarged to 12 MP and read nothing either way) ...
    static let smallestCredibleTextHeight = 8.0
    /// ... except on a page of at most `smallPagePixels`: there text of this many pixels and
    /// more is real (a screenshot or web page saved at half size: a news article's 7 px text
    /// read 0.85 CER as it stood, 0.21 enlarged; a fuzzed GIF of striped print, measured
    /// 7 px, reads enlarged in 2.4 s).
    static let smallestTextHeightOnSmallPages = 5.0
    static let smallPagePixels = 1_000_000
    static let largestTextHeight = 40.0
    /// Text taller than `largestTextHeight` is reduced to this height.
    static let reducedTextHeight = 32.0
    /// Enlargement stops here, and at `maximumScaledPixels`.
    static let maximumScale = 4.0
    static let maximumScaledPixels = 40_000_000.0
    /// Larger images are reduced towards this many pixels (recognition time and memory grow
    /// with it), but never so far that typical text falls below `smallestTextHeight`.
    static let pixelBudget = 12_000_000.0
    /// Deskew only when Leptonica's confidence reaches this and the angle this. (Its own
    /// `pixDeskew` asks for 3.0, which missed 4 of 6 skewed tuning pages whose measured
    /// angles were right to 0.2°, at confidences of 1.9–2.7.)
    static let minimumSkewConfidence = 1.5
    static let minimumSkewDegrees = 0.3
    static let border = 16
    /// A photographed page whose corners lie this far (a share of its shorter side) from an
    /// upright rectangle's is straightened: below it, straightening only resamples.
    static let straighteningSlant = 0.02

    let level: RecognitionLevel

    /// The orientation-independent page: grayscale, light-on-dark regions inverted, a desk
    /// painted over, scaled.
    struct Base {
        let image: LeptonicaImage
        let scale: Double
        /// The typical text height in `image`'s pixels (after scaling), when measured.
        var textHeight: Double? = nil
        /// The level of the page's surroundings: the paper's when a desk was painted over,
        /// else white. The deskew fill and the border get it too.
        let background: Int
        /// The rules painted over in `image`, drawn black on white in an image of its size
        /// (`nil` when it had none): turned, straightened and deskewed with the page, they
        /// tell where the prepared page's horizontal rules are (`PreparedImage.rules`).
        var rules: LeptonicaImage? = nil
        /// Which way the text lines run in the upright image, when clear.
        var lineDirection: LineDirection? = nil
        /// Whether the lines share a right edge but not a left one: a left-aligned page
        /// upside down (see `LeptonicaImage.linesAlignRightOnly`).
        var linesAlignRightOnly = false
        /// Whether the page is printed in two sizes (see `bodyTextHeight`): `textHeight` is
        /// then the smaller's, and lines twice as tall are double height.
        var twoSizes = false
        /// The corners of a page photographed on a desk, in `image`'s pixels, when found.
        var paperCorners: PaperCorners? = nil
        /// The part of the upright image `image` was prepared from, when only the part
        /// holding content was (`LeptonicaImage.contentRegion`: a slip on a large scan), and
        /// the upright image's size.
        var content: (region: PixelRect, of: ImageSize)? = nil
        /// Whether the page is texture and holds no text to read (`TextEvidence.isTexture`):
        /// it is answered from its measurements, and nothing else of it is prepared.
        var isTexture = false
    }

    /// `colour`: the picture in colour reduced `LeptonicaImage.deskReduction` times, when
    /// there is one (asked for only when the grey shows no desk).
    func base(from whole: LeptonicaImage, colour: () -> LeptonicaImage? = { nil }, trace: StageTrace? = nil) throws(OCRError) -> Base {
        // A large picture mostly blank paper is prepared and read from the part holding content.
        let region = try whole.contentRegion()
        let upright = try region.map { region throws(OCRError) in try whole.clipped(to: region) } ?? whole
        if let region { trace?.note("content", Double(region.width * region.height) / Double(whole.size.pixelCount)) }
        let original = try upright.grayscale()
        let originalBinary = try original.binarized()
        let gray = try original.invertingDarkRegions(binary: originalBinary).image
        var (page, paper, corners) = try gray.paintingOverDesk()
        if paper == nil, region == nil, let reduced = colour(), let coloured = try gray.paintingOverColouredDesk(reducedColour: reduced) {
            (page, paper, corners) = coloured
            trace?.note("colourDesk", 1)
        }
        if let corners { trace?.note("slant", corners.slant) }
        // Binarised once for regions, heights and line direction, unless the page changed.
        var binary = page === original ? originalBinary : try page.binarized()
        var components = binary.componentBoxes(connectivity: 8)
        var characterHeights = LeptonicaImage.characterHeights(of: components)
        var textHeight = Self.typicalTextHeight(characterHeights)
        // Under uneven light one threshold can keep the paper and lose the print, leaving no
        // text to measure: the light is then evened out for a guessed text height. (Both
        // levels: it costs no reading.)
        let light = try page.evenedOutLight(textHeight: textHeight ?? Self.guessedTextHeight(for: page.size))
        trace?.note("light", light.evenness)
        let evened = light.image
        if let evened {
            binary = try evened.binarized()
            components = binary.componentBoxes(connectivity: 8)
            characterHeights = LeptonicaImage.characterHeights(of: components)
            textHeight = Self.typicalTextHeight(characterHeights) ?? textHeight
        }
        var twoSizes = false
        if let measured = textHeight {
            let lines = TextLineFinder.chains(in: components, textHeight: measured)
            let characterSized = characterHeights.count
            let runsDown = { (try? binary.textLineDirection(textHeight: measured, pieces: components)) == .vertical }
            if TextEvidence.isTexture(
                chains: lines, components: components, characterSized: characterSized, textHeight: measured, of: binary, runsDown: runsDown)
            {
                trace?.note("texture", Double(characterSized))
                return Base(image: page, scale: 1, textHeight: measured, background: paper ?? page.paperLevel, isTexture: true)
            }
            if let lines {
                textHeight = Self.bodyTextHeight(measured: measured, lines: lines)
                twoSizes = textHeight != measured
                if twoSizes { trace?.note("body", textHeight ?? 0) }
            }
        }
        let scale = Self.scale(forTextHeight: textHeight, size: page.size)
        // The border, the deskew fill and masked areas take the paper's level: white around
        // grey paper (a dim photograph) is a third level, and one threshold then splits white
        // from paper and takes the whole page for ink.
        let background = evened == nil ? paper ?? page.paperLevel : LeptonicaImage.evenedPaperLevel
        var scaled = try (evened ?? page).scaled(by: scale)
        var rules: LeptonicaImage?
        if let textHeight { (scaled, rules) = try scaled.removingRules(textHeight: textHeight * scale, level: background) }
        // Both from the components the text height was measured in.
        let lineDirection = try textHeight.flatMap { height throws(OCRError) in
            try binary.textLineDirection(textHeight: height, pieces: components)
        }
        let linesAlignRightOnly = try textHeight.map { height throws(OCRError) in
            try binary.linesAlignRightOnly(textHeight: height, pieces: components)
        }
        trace?.noteText("direction", lineDirection.map { $0 == .vertical ? "down" : "across" } ?? "unmeasured")
        if let textHeight { trace?.note("textHeight", textHeight) }
        return Base(
            image: scaled, scale: scale, textHeight: textHeight.map { $0 * scale },
            background: background, rules: rules,
            lineDirection: lineDirection,
            linesAlignRightOnly: linesAlignRightOnly ?? false,
            twoSizes: twoSizes,
            paperCorners: corners?.scaled(by: scale),
            content: region.map { ($0, whole.size) })
    }

    /// Turns the base by `rotation`, straightens a page photographed at an angle (`.accurate`:
    /// its paper's corners known and at least `straighteningSlant` off a rectangle),
    /// deskews and adds the border.
    func prepare(base page: Base, rotation: RotationDegree, uprightSize: ImageSize) throws(OCRError) -> PreparedImage {
        let scale = page.scale
        var turned = try page.image.rotated(by: rotation)
        var straightening: (corners: PaperCorners, map: ProjectiveMap)?
        // Corners Leptonica cannot map leave the page as it is, not a failed recognition.
        if level == .accurate, let found = page.paperCorners, found.slant >= Self.straighteningSlant {
            let corners = found.turned(by: rotation, in: page.image.size)
            if let straight = try? turned.straightened(corners, fill: page.background) {
                turned = straight.image
                straightening = (corners, straight.toOriginal)
            }
        }
        var degrees = 0.0
        if level == .accurate, let skew = try measuredSkew(of: turned, textHeight: page.textHeight), abs(skew) >= Self.minimumSkewDegrees {
            degrees = skew
        }
        let (deskewed, image) = try Self.deskewedWithBorder(turned, degrees: degrees, level: page.background)
        // The rules, moved as the page was (any failure: a page read without them).
        var rules: (horizontal: [PixelRect], vertical: [PixelRect]) = ([], [])
        if let drawn = page.rules, let textHeight = page.textHeight {
            rules =
                (try? { () throws(OCRError) -> ([PixelRect], [PixelRect]) in
                    var moved = try drawn.rotated(by: rotation)
                    if let corners = straightening?.corners { moved = try moved.straightened(corners, fill: 255).image }
                    return try Self.deskewedWithBorder(moved, degrees: degrees, level: 255).bordered.ruleBoxes(textHeight: textHeight)
                }()) ?? ([], [])
        }
        var frame = PreparedFrame(
            uprightSize: uprightSize, scale: scale, scaledSize: turned.size, deskewDegrees: degrees,
            rotatedSize: deskewed.size, border: Self.border, straightening: straightening?.map)
        if let content = page.content {
            let region = content.region.turned(by: rotation, in: content.of)
            frame.contentOrigin = (region.x, region.y)
        }
        return PreparedImage(
            image: image, frame: frame, resolution: PreparedImage.resolution(forTextHeight: page.textHeight), background: page.background,
            rules: rules.horizontal, verticalRules: rules.vertical)
    }

    /// `image` turned `degrees` clockwise (when not 0), then given the border, both filled
    /// `level`: the last steps of preparing a page, which its rules take too.
    private static func deskewedWithBorder(
        _ image: LeptonicaImage, degrees: Double, level: Int
    ) throws(OCRError) -> (deskewed: LeptonicaImage, bordered: LeptonicaImage) {
        let deskewed = degrees == 0 ? image : try image.rotated(degrees: degrees, filledWith: level)
        return (deskewed, try deskewed.withBorder(border, level: level))
    }

    /// The clockwise turn (degrees) that levels the page's text lines: measured along the
    /// lines themselves when the page has a few lines of four characters or more (it holds
    /// for three short lines of a photographed book page, where Leptonica's search over the
    /// whole page is not sure), else by Leptonica's skew search when it is confident.
    func measuredSkew(of image: LeptonicaImage, textHeight: Double?) throws(OCRError) -> Double? {
        let binary = try image.binarized()
        if let textHeight, let skew = TextLineFinder.skew(in: binary.componentBoxes(connectivity: 8), textHeight: textHeight) {
            return skew
        }
        guard let skew = binary.skew(), skew.confidence >= Self.minimumSkewConfidence else { return nil }
        return skew.degrees
    }

    /// A text height for an image whose text could not be measured: a 25th of its shorter
    /// side (a receipt or page photographed whole), within the heights read unscaled.
    static func guessedTextHeight(for size: ImageSize) -> Double {
        min(largestTextHeight, max(smallestTextHeight, Double(min(size.width, size.height)) / 25))
    }

    /// The height of a typical character: the 90th percentile of component heights (a
    /// Hangul syllable splits into several components, most of them shorter than the
    /// syllable; its vertical vowel or final consonant spans nearly all of it), or `nil`
    /// when there are too few components to tell.
    static func typicalTextHeight(_ heights: [Int]) -> Double? {
        guard heights.count >= 12 else { return nil }
        let sorted = heights.sorted()
        return Double(sorted[sorted.count * 9 / 10])
    }

    /// The height of the body text: `measured` (see `typicalTextHeight`), or, on a page
    /// printed in two sizes, the smaller. A receipt's items and totals in a printer's
    /// double-height mode can hold a tenth of the components, and the 90th percentile then
    /// measures them; scaled by them, the small print shrinks below a readable height (the
    /// donkatsu receipt's header at 20 px). The two sizes are told from the text lines
    /// found (`lines`, with their character counts): when a quarter of the characters stand in
    /// lines under `mixedSizes` of `measured` (of three characters or more; neither rows of
    /// dashes, under `TextLineFinder.markHeight` of it, nor pictures), the height of those lines.
    static func bodyTextHeight(measured: Double, lines: [TextLineFinder.Chain]) -> Double {
        var heights: [Int] = []
        for line in lines
        where line.characters >= 3 && Double(line.box.height) >= TextLineFinder.markHeight * measured
            && Double(line.box.height) <= 3 * measured
        {
            heights += Array(repeating: line.box.height, count: line.characters)
        }
        heights.sort()
        guard !heights.isEmpty else { return measured }
        let lowerQuartile = Double(heights[heights.count / 4])
        return lowerQuartile < mixedSizes * measured ? lowerQuartile : measured
    }

    /// Lines under this share of the measured text height are print of a smaller size.
    static let mixedSizes = 0.75

    static func scale(forTextHeight height: Double?, size: ImageSize) -> Double {
        let height = height.flatMap { $0 > 0 ? $0 : nil }
        var scale = 1.0
        if let height, height < smallestTextHeight, height >= smallestTextHeightOnSmallPages {
            scale = min(maximumScale, targetTextHeight / height, (pixelBudget / Double(max(1, size.pixelCount))).squareRoot())
            scale = max(scale, 1)
            if height < smallestCredibleTextHeight, size.pixelCount > smallPagePixels { scale = 1 }
        } else if let height, height > largestTextHeight {
            scale = max(0.25, reducedTextHeight / height)
        }
        var pixels = Double(size.pixelCount) * scale * scale
        if pixels > pixelBudget, scale <= 1 {
            let readable = height.map { smallestTextHeight / $0 } ?? 1
            scale = min(scale, max((pixelBudget / Double(size.pixelCount)).squareRoot(), readable))
            pixels = Double(size.pixelCount) * scale * scale
        }
        if pixels > maximumScaledPixels { scale *= (maximumScaledPixels / pixels).squareRoot() }
        return scale
    }
}
