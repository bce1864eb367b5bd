import Domain

/// Geometry of pixel rectangles (top-left origin) used by layout and reading.
extension PixelRect {
    /// The rectangle grown by `margin` on every side, kept inside an image of `size`.
    func padded(by margin: Int, within size: ImageSize) -> PixelRect {
        let left = max(0, x - margin)
        let top = max(0, y - margin)
        let right = min(size.width, x + width + margin)
        let bottom = min(size.height, y + height + margin)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle `margin` pixels larger on every side, held at the origin but not bounded
    /// beyond it (a box's surroundings, for geometry rather than for cutting an image).
    func padded(by margin: Int) -> PixelRect {
        padded(by: margin, within: ImageSize(width: .max / 4, height: .max / 4))
    }

    /// How many characters (not spaces) `reading`, the reading of this line's box, holds
    /// per height of its width.
    func characterDensity(of reading: RecognizedLine) -> Double {
        Double(reading.text.visibleCharacterCount) * Double(height) / Double(max(1, width))
    }

    /// A text line's box with a fifth of its height (at least 2 px) of margin, for reading
    /// it alone.
    func readingBox(within size: ImageSize) -> PixelRect {
        padded(by: max(2, height / 5), within: size)
    }

    /// The rectangle in the image turned clockwise by `rotation` (`size`: the image before).
    func turned(by rotation: RotationDegree, in size: ImageSize) -> PixelRect {
        let corners = [ImagePoint(x: Double(x), y: Double(y)), ImagePoint(x: Double(maxX), y: Double(maxY))].map {
            $0.turned(by: rotation, in: size)
        }
        let left = Int(min(corners[0].x, corners[1].x))
        let top = Int(min(corners[0].y, corners[1].y))
        return PixelRect(x: left, y: top, width: Int(max(corners[0].x, corners[1].x)) - left, height: Int(max(corners[0].y, corners[1].y)) - top)
    }

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var centerY: Double { Double(y) + Double(height) / 2 }

    /// The part of this rectangle inside `bounds` (empty when they do not meet).
    func clamped(to bounds: PixelRect) -> PixelRect {
        let left = max(x, bounds.x)
        let top = max(y, bounds.y)
        return PixelRect(x: left, y: top, width: max(0, min(maxX, bounds.maxX) - left), height: max(0, min(maxY, bounds.maxY) - top))
    }

    /// The share of `other`'s area that lies inside this rectangle (0 for an empty `other`).
    func overlapShare(of other: PixelRect) -> Double {
        let common = other.clamped(to: self)
        let area = other.width * other.height
        return area > 0 ? Double(common.width * common.height) / Double(area) : 0
    }

    /// Whether the two share any pixel.
    func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether the pixel at (`x`, `y`) lies inside this rectangle.
    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The smallest rectangle holding all of `rectangles`, or `nil` when there are none.
    static func enclosing(_ rectangles: some Sequence<PixelRect>) -> PixelRect? {
        rectangles.reduce(nil) { $0?.union($1) ?? $1 }
    }
}
