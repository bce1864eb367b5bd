/// The size of an image in pixels.
public struct ImageSize: Sendable, Hashable, Codable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Creates an image size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The number of pixels.
    public var pixelCount: Int { width * height }

    /// The size after turning the image by `rotation` (width and height swap on quarter turns).
    public func rotated(by rotation: RotationDegree) -> ImageSize {
        rotation.swapsDimensions ? ImageSize(width: height, height: width) : self
    }
}
