internal import CLeptonica
import Domain

/// A desk told from the page by its colour where their greys are one: a magenta snack box
/// on green fabric (grey 124 and 127). Found in grey, the fabric's weave set the page's
/// text height, and the box's print was never read (tesseract itself read 3 of its 54
/// characters).
///
/// On the picture in colour reduced as the grey desk is (`deskReduction`; a JPEG's DCT gives
/// that copy for next to nothing), the desk is what touches the picture's edge in the colour
/// most common along that edge, up to the Otsu level of every pixel's distance from it. It
/// counts when that colour is a colour (not grey or white: a page's margin), covers
/// `wideDeskShare` of the picture, leaves a quadrilateral page whose every side is an edge
/// in that distance, and is not flat (a rendered background is a screen's, with its own text).
extension LeptonicaImage {
    /// The 8-bit image with a desk found in `reducedColour` (the same picture in colour,
    /// reduced `deskReduction` times) painted the paper's level, that level, and the paper's
    /// corners; `nil` when there is no such desk.
    func paintingOverColouredDesk(reducedColour: LeptonicaImage) throws(OCRError) -> (image: LeptonicaImage, paper: Int?, corners: PaperCorners?)? {
        let size = size
        let reduction = Self.deskReduction
        let reducedSize = (width: size.width / reduction, height: size.height / reduction)
        guard pixGetDepth(pix) == 8, pixGetDepth(reducedColour.pix) == 32,
            reducedSize.width >= Self.deskMinimumReducedSide, reducedSize.height >= Self.deskMinimumReducedSide
        else { return nil }
        // The DCT's reduction rounds up; a picture decoded reduced already is reduced further.
        let small = try reducedColour.applying("fit the colour copy") { pixScaleToSize($0, Int32(reducedSize.width), Int32(reducedSize.height)) }
        // A grey or white edge is left to the grey desk (a page's white margin, a scan's bed).
        let edge = small.edgeColour()
        guard max(edge.red, edge.green, edge.blue) - min(edge.red, edge.green, edge.blue) >= Self.colouredDeskMinimumChroma else { return nil }
        let distance = try small.colourDistance(to: edge)
        guard let histogram = distance.grayHistogram() else { return nil }
        let threshold = Int32(Self.otsuThreshold(histogram))
        let desk = try distance.applying("find the coloured desk") { pixThresholdToBinary($0, threshold) }
            .applying("keep what touches the edge") { pixExtractBorderConnComps($0, 8) }
        let share = Double(desk.foregroundCount) / Double(small.size.pixelCount)
        let outside = try desk.applying("find the paper") { pixInvert(nil, $0) }
        guard share >= Self.wideDeskShare, let paperDistance = distance.averageLevel(within: outside),
            let corners = Self.paperCorners(outside: desk, reduction: reduction, largestRegionOnly: true),
            distance.isOutlined(by: corners.scaled(by: 1 / Double(reduction)), paperLevel: paperDistance)
        else { return nil }
        let mask = try fullSize(desk: desk)
        guard !isFlat(within: mask), let painted = try painting(desk: mask, outside: corners) else { return nil }
        return (painted.image, painted.level, corners)
    }

    /// How far apart (levels) a coloured desk's strongest and weakest channels are, at least.
    static let colouredDeskMinimumChroma = 48

    /// The colour most common along a 32-bit image's edge: each channel's median there.
    private func edgeColour() -> (red: Int, green: Int, blue: Int) {
        let size = size
        var channels: [[Int]] = [[], [], []]
        func sample(_ x: Int, _ y: Int) {
            var (red, green, blue): (Int32, Int32, Int32) = (0, 0, 0)
            pixGetRGBPixel(pix, Int32(x), Int32(y), &red, &green, &blue)
            channels[0].append(Int(red))
            channels[1].append(Int(green))
            channels[2].append(Int(blue))
        }
        for x in 0..<size.width {
            sample(x, 0)
            sample(x, size.height - 1)
        }
        for y in 1..<max(1, size.height - 1) {
            sample(0, y)
            sample(size.width - 1, y)
        }
        let medians = channels.map { $0.sorted()[$0.count / 2] }
        return (medians[0], medians[1], medians[2])
    }

    /// An 8-bit image of how far each pixel of a 32-bit image lies from `colour` (Euclidean
    /// distance in RGB, at most 255).
    private func colourDistance(to colour: (red: Int, green: Int, blue: Int)) throws(OCRError) -> LeptonicaImage {
        let size = size
        let distance = try Self.checked(pixCreate(Int32(size.width), Int32(size.height), 8), "measure the colours")
        for y in 0..<size.height {
            for x in 0..<size.width {
                var (red, green, blue): (Int32, Int32, Int32) = (0, 0, 0)
                pixGetRGBPixel(pix, Int32(x), Int32(y), &red, &green, &blue)
                let (dr, dg, db) = (Int(red) - colour.red, Int(green) - colour.green, Int(blue) - colour.blue)
                let value = min(255, Int(Double(dr * dr + dg * dg + db * db).squareRoot().rounded()))
                pixSetPixel(distance.pix, Int32(x), Int32(y), UInt32(value))
            }
        }
        return distance
    }
}
