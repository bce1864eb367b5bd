/// A rectangle in whole pixels with the origin at the **top-left** corner and `y` growing
/// downward, as Tesseract, Leptonica and most image files count.
public struct PixelRect: Sendable, Hashable, Codable {
    /// The left edge, in pixels from the left.
    public var x: Int
    /// The top edge, in pixels from the top.
    public var y: Int
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Creates a pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
