internal import CLeptonica
import Domain
import Foundation

/// Light-on-dark text: found by measuring the page, turned into dark-on-light.
///
/// Tesseract reads dark text on light paper. Its own remedy (re-reading every doubtful
/// line inverted, `invert_threshold`) cost about 13% of every reading, also on pages
/// with nothing inverted, and it never sees a dark band as lines at all (a receipt's
/// white-on-black header is lost in every mode). Instead, a dark region is recognised by
/// its shape in the binarised page: a solid, mostly-filled block of ink whose holes are
/// character-sized, several of them, none of them page-sized (a dark desk around a
/// photographed page has one hole, the page). Such regions are inverted in the grayscale
/// image before anything else is measured.
extension LeptonicaImage {
    /// A dark region's smallest size (pixels): a band must hold a line of text.
    static let darkRegionMinimumHeight = 12
    static let darkRegionMinimumWidth = 24
    /// The part of the region's box its ink must cover: a solid band, not a frame or text
    /// (white strokes take little of a band; a blurred bold "000" is one blob with three
    /// holes, but its strokes leave it emptier).
    static let darkRegionMinimumFill = 0.7
    /// A band is taller than its characters by its margins; a blob of merged dark characters
    /// with their counters as holes is barely taller than the counters.
    static let darkRegionMinimumHeightPerCharacter = 1.4
    /// Holes count as characters from this height (pixels) to `darkRegionHoleMaximumShare`
    /// of the region's height; at least `darkRegionMinimumCharacters` must be found.
    static let darkRegionHoleMinimumHeight = 6
    static let darkRegionHoleMaximumShare = 0.9
    static let darkRegionMinimumCharacters = 3
    /// No single hole may take more than this part of the region (a page on a dark desk).
    static let darkRegionLargestHoleShare = 0.25

    /// The 8-bit image with its dark text regions inverted, and the boxes inverted (empty,
    /// and `self` returned, when there are none). `binary` is this image binarised, when
    /// the caller has it already.
    func invertingDarkRegions(binary: LeptonicaImage? = nil) throws(OCRError) -> (image: LeptonicaImage, regions: [PixelRect]) {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil else { return (self, []) }
        let binary = if let binary { binary } else { try binarized() }
        let regions = binary.darkTextRegions().filter { isEvenlyDark($0, ink: binary) }
        guard !regions.isEmpty else { return (self, []) }
        let copy = try self.copy()
        for region in regions {
            pixRasterop(
                copy.pix, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), Self.invertDestination,
                nil, 0, 0)
        }
        return (copy, regions)
    }

    /// The 8-bit image with its dark background inverted: the ink touching the image's edge
    /// (thresholded at the page's Otsu level), closed over whatever light marks it holds
    /// (text) narrower than `darkBackgroundTextShare` of the image's shorter side. Light
    /// regions wider than that (a white card, a yellow bar) are left as they are.
    func invertingDarkBackground() throws(OCRError) -> LeptonicaImage {
        let side = Int32(max(3, (Self.darkBackgroundTextShare * Double(min(size.width, size.height))).rounded()))
        let background = try binarized().applying("find the dark background") { pixExtractBorderConnComps($0, 8) }
            .applying("cover its light text") { pixCloseSafeBrick(nil, $0, side, side) }
        let inverted = try applying("invert the page") { pixInvert(nil, $0) }
        let result = try copy()
        _ = withExtendedLifetime((background, inverted)) { pixCombineMasked(result.pix, inverted.pix, background.pix) }
        return result
    }

    /// Light marks on a dark background narrower than this share of the image's shorter
    /// side are its text, inverted with it.
    static let darkBackgroundTextShare = 0.02

    /// Whether the ink of `box` in this 8-bit image (`binary`'s foreground there) is one
    /// even dark level, as a dark band's is, its light text the holes: not paper with darker
    /// text on it (a slip in shadow on a bright photo, binarised as one blob), whose ink
    /// holds the text's darker levels. Its darkest 5% lie within `darkRegionInkSpread`
    /// levels of its median.
    private func isEvenlyDark(_ box: PixelRect, ink binary: LeptonicaImage) -> Bool {
        guard let gray = try? clipped(to: box), let mask = try? binary.clipped(to: box),
            let histogram = gray.grayHistogram(within: mask),
            let median = Self.level(atPercentile: 0.5, of: histogram), let darkest = Self.level(atPercentile: 0.05, of: histogram)
        else { return true }
        return median - darkest <= Self.darkRegionInkSpread
    }

    /// How far (grey levels) the darkest 5% of a dark region's ink may lie below its median.
    static let darkRegionInkSpread = 60

    /// Leptonica's `PIX_NOT(PIX_DST)` raster operation: invert the destination in place.
    private static let invertDestination: Int32 = 0x5

    /// A square this many pixels wide opens thin ink away and leaves solid ink (see
    /// `darkTextRegions`): rules, frames and strokes are thinner, a band holding a line of
    /// text (`darkRegionMinimumHeight`) is thicker.
    static let darkRegionSolidSide: Int32 = 7

    /// In a 1-bit image, the boxes of the ink components that are dark text regions, and
    /// of its solid parts that are (ink opened with a `darkRegionSolidSide` square): a band
    /// touching a card's dark edge or a frame's rule is one component with them, and is
    /// found alone once they are opened away.
    private func darkTextRegions() -> [PixelRect] {
        let whole = componentBoxes(connectivity: 8)
        let solid =
            (try? openedWithBrick(width: Self.darkRegionSolidSide, height: Self.darkRegionSolidSide, "find solid ink"))?
            .componentBoxes(connectivity: 8) ?? []
        let wholeBoxes = Set(whole)
        let candidates = whole.map { ($0, false) } + solid.filter { !wholeBoxes.contains($0) }.map { ($0, true) }
        return candidates.filter { box, isSolid in
            guard box.height >= Self.darkRegionMinimumHeight, box.width >= Self.darkRegionMinimumWidth,
                let region = try? clipped(to: box)
            else { return false }
            let area = Double(box.width * box.height)
            guard Double(region.foregroundCount) >= Self.darkRegionMinimumFill * area,
                let holes = try? region.applying("find holes", { pixHolesByFilling($0, 4) })
            else { return false }
            let holeBoxes = holes.componentBoxes(connectivity: 4)
            guard holeBoxes.allSatisfy({ Double($0.width * $0.height) <= Self.darkRegionLargestHoleShare * area }) else {
                return false
            }
            let characters = holeBoxes.filter {
                $0.height >= Self.darkRegionHoleMinimumHeight
                    && Double($0.height) <= Self.darkRegionHoleMaximumShare * Double(box.height)
            }
            guard characters.count >= Self.darkRegionMinimumCharacters else { return false }
            let characterHeight = characters.map(\.height).sorted()[characters.count / 2]
            if isSolid, !Self.holdsLineOfText(box, holes: holeBoxes, characterHeight: characterHeight) { return false }
            return Double(box.height) >= Self.darkRegionMinimumHeightPerCharacter * Double(characterHeight)
        }.map(\.0)
    }

    /// A solid part's band is at most this many of its characters' heights tall: a line or
    /// two of text and their margins (a dark bench or a picture opened out of a photo holds
    /// specks many times smaller than itself).
    static let darkBandMaximumHeightPerCharacter = 6.0

    /// Whether a solid part of the ink (`box`, its character-sized `holes`) is a band
    /// holding a line of light text: no taller than `darkBandMaximumHeightPerCharacter`
    /// characters, its holes chained into a line of `darkRegionMinimumCharacters` or more.
    private static func holdsLineOfText(_ box: PixelRect, holes: [PixelRect], characterHeight: Int) -> Bool {
        guard Double(box.height) <= darkBandMaximumHeightPerCharacter * Double(characterHeight) else { return false }
        let longest = TextLineFinder.chains(in: holes, textHeight: Double(characterHeight))?.map(\.characters).max() ?? 0
        return longest >= darkRegionMinimumCharacters
    }

    /// How many ink components a 1-bit image has (`pixCountConnComp`).
    func componentCount(connectivity: Int32) -> Int {
        var count: Int32 = 0
        return pixCountConnComp(pix, connectivity, &count) == 0 ? Int(count) : 0
    }

    /// The bounding boxes of a 1-bit image's ink components (`pixConnCompBB`).
    func componentBoxes(connectivity: Int32) -> [PixelRect] {
        guard let boxes = pixConnCompBB(pix, connectivity) else { return [] }
        var pointer: UnsafeMutablePointer<BOXA>? = boxes
        defer { boxaDestroy(&pointer) }
        return (0..<boxaGetCount(boxes)).compactMap { index in
            var x: Int32 = 0
            var y: Int32 = 0
            var width: Int32 = 0
            var height: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &width, &height) == 0 else { return nil }
            return PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
        }
    }
}
