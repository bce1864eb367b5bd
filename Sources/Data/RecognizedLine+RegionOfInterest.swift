import Domain

extension RecognizedLine {
    /// This line, read in the cut-out `region` (pixels, top-left origin) of an upright image
    /// of `size`, with its box and its words' boxes in the whole image's coordinates.
    func placed(in region: PixelRect, of size: ImageSize) -> RecognizedLine {
        var line = self
        line.boundingBox = boundingBox.placed(in: region, of: size)
        line.words = words.map { word in
            var word = word
            word.boundingBox = word.boundingBox.placed(in: region, of: size)
            return word
        }
        return line
    }
}

extension NormalizedRect {
    /// This rectangle, normalized to the cut-out `region` of an image of `size`, normalized
    /// to the whole image instead.
    fileprivate func placed(in region: PixelRect, of size: ImageSize) -> NormalizedRect {
        let width = Double(max(1, size.width))
        let height = Double(max(1, size.height))
        // The region's bottom edge, counted from the image's bottom.
        let bottom = height - Double(region.y + region.height)
        return NormalizedRect(
            x: (Double(region.x) + x * Double(region.width)) / width,
            y: (bottom + y * Double(region.height)) / height,
            width: self.width * Double(region.width) / width,
            height: self.height * Double(region.height) / height)
    }
}
