/// Keeps only the text inside a region of the image, like Apple Vision's
/// `regionOfInterest`.
///
/// A word is kept when its centre lies inside the region; a line keeps its words that
/// are, with its text and box rebuilt from them (a line without word boxes is kept when
/// its own centre is inside). Unlike Vision, boxes stay in whole-image coordinates.
public struct RegionOfInterestFilter: RecognitionRule, Hashable, Codable {
    /// The region, in normalized upright-image coordinates (origin bottom-left).
    public var region: NormalizedRect

    /// Creates a filter for `region`.
    public init(region: NormalizedRect) {
        self.region = region
    }

    public var name: String { "region" }

    public func apply(to result: OCRResult) -> OCRResult {
        result.mappingLines { line in
            guard !line.words.isEmpty else { return contains(line.boundingBox) ? line : nil }
            let inside = line.words.filter { contains($0.boundingBox) }
            guard !inside.isEmpty else { return nil }
            return inside.count == line.words.count ? line : line.replacingWords(with: inside)
        }
    }

    private func contains(_ box: NormalizedRect) -> Bool {
        let midX = box.x + box.width / 2
        return midX >= region.minX && midX <= region.maxX && box.midY >= region.minY && box.midY <= region.maxY
    }
}
