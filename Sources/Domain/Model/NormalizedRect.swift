import Foundation

/// A rectangle in normalized image coordinates, following Apple Vision's convention.
///
/// All values are fractions of the upright image: `0...1`, with the origin at the
/// **bottom-left** corner and `y` growing **upward**. A rectangle never extends
/// outside the unit square: initialisers clamp their input into it.
///
/// ```swift
/// let box = NormalizedRect(topLeftPixelRect: PixelRect(x: 10, y: 20, width: 100, height: 30),
///                          in: ImageSize(width: 200, height: 100))
/// // box.y == 0.5 (bottom edge at pixel row 50 of 100, counted from the bottom)
/// ```
public struct NormalizedRect: Sendable, Hashable, Codable {
    /// The left edge, as a fraction of the image width.
    public let x: Double
    /// The bottom edge, as a fraction of the image height measured from the bottom.
    public let y: Double
    /// The width, as a fraction of the image width.
    public let width: Double
    /// The height, as a fraction of the image height.
    public let height: Double

    /// Creates a rectangle, clamped into the unit square.
    public init(x: Double, y: Double, width: Double, height: Double) {
        let left = Self.unit(x)
        let bottom = Self.unit(y)
        self.x = left
        self.y = bottom
        self.width = min(Self.unit(width), 1 - left)
        self.height = min(Self.unit(height), 1 - bottom)
    }

    /// Converts a rectangle in top-left-origin pixel coordinates (Tesseract's, and most
    /// image libraries') into normalized bottom-left-origin coordinates.
    /// - Parameters:
    ///   - rect: The pixel rectangle; `y` is its top edge, counted from the top.
    ///   - size: The size of the image the rectangle belongs to.
    public init(topLeftPixelRect rect: PixelRect, in size: ImageSize) {
        guard size.width > 0, size.height > 0 else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let imageWidth = Double(size.width)
        let imageHeight = Double(size.height)
        let bottomEdgeFromTop = Double(rect.y + rect.height)
        self.init(
            x: Double(rect.x) / imageWidth,
            y: (imageHeight - bottomEdgeFromTop) / imageHeight,
            width: Double(rect.width) / imageWidth,
            height: Double(rect.height) / imageHeight
        )
    }

    /// The same rectangle in top-left-origin pixel coordinates of an image of `size`,
    /// rounded to whole pixels.
    public func topLeftPixelRect(in size: ImageSize) -> PixelRect {
        let imageWidth = Double(size.width)
        let imageHeight = Double(size.height)
        let left = (x * imageWidth).rounded()
        let right = ((x + width) * imageWidth).rounded()
        let top = ((1 - (y + height)) * imageHeight).rounded()
        let bottom = ((1 - y) * imageHeight).rounded()
        return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// The left edge (same as `x`).
    public var minX: Double { x }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge (same as `y`).
    public var minY: Double { y }
    /// The top edge.
    public var maxY: Double { y + height }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }

    private static func unit(_ value: Double) -> Double {
        value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
    }
}

extension NormalizedRect {
    /// This rectangle clipped to `bounds`; where they do not overlap along an axis, the
    /// result takes `bounds`' extent along it.
    public func clipped(to bounds: NormalizedRect) -> NormalizedRect {
        func overlap(_ low: Double, _ high: Double, _ boundLow: Double, _ boundHigh: Double) -> (Double, Double) {
            let clippedLow = max(low, boundLow)
            let clippedHigh = min(high, boundHigh)
            return clippedLow < clippedHigh ? (clippedLow, clippedHigh) : (boundLow, boundHigh)
        }
        let (left, right) = overlap(minX, maxX, bounds.minX, bounds.maxX)
        let (bottom, top) = overlap(minY, maxY, bounds.minY, bounds.maxY)
        return NormalizedRect(x: left, y: bottom, width: right - left, height: top - bottom)
    }

    /// The smallest rectangle containing both rectangles.
    public func union(_ other: NormalizedRect) -> NormalizedRect {
        let left = min(minX, other.minX)
        let bottom = min(minY, other.minY)
        return NormalizedRect(
            x: left, y: bottom, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - bottom)
    }
}
