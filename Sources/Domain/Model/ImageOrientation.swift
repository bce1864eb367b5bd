/// How a stored image is oriented, in the names Apple's image APIs use
/// (`CGImagePropertyOrientation`, `UIImage.Orientation`): the direction the image's top
/// faces. `RotationDegree.imageOrientation` maps a rotation to it.
public enum ImageOrientation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Stored upright (EXIF 1).
    case up
    /// Stored turned so that it must be turned 90° clockwise (EXIF 6).
    case right
    /// Stored upside down (EXIF 3).
    case down
    /// Stored turned so that it must be turned 90° counter-clockwise (EXIF 8).
    case left
}
