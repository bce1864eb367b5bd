/// How far a stored image must be turned **clockwise** to stand upright.
///
/// This is the meaning of the EXIF orientations "up", "right", "down" and "left"
/// (EXIF values 1, 6, 3 and 8): a phone held in portrait usually stores its photo
/// turned, with `.clockwise90`. Recognised boxes are always reported in the upright
/// image's coordinates.
public enum RotationDegree: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The image is already upright (EXIF 1).
    case upright = 0
    /// Turn 90° clockwise to stand upright (EXIF 6).
    case clockwise90 = 90
    /// Turn 180° to stand upright (EXIF 3).
    case clockwise180 = 180
    /// Turn 270° clockwise (90° counter-clockwise) to stand upright (EXIF 8).
    case clockwise270 = 270

    /// Creates a rotation from a number of degrees; `nil` unless 0, 90, 180 or 270
    /// (negative or larger multiples of 90 are reduced, so -90 is 270).
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Creates a rotation from an EXIF orientation value; `nil` for mirrored or invalid values.
    public init?(exifOrientation: Int) {
        switch exifOrientation {
        case 1: self = .upright
        case 6: self = .clockwise90
        case 3: self = .clockwise180
        case 8: self = .clockwise270
        default: return nil
        }
    }

    /// The number of degrees (0, 90, 180 or 270).
    public var degrees: Int { rawValue }

    /// The number of clockwise quarter turns (0 to 3).
    public var quarterTurns: Int { rawValue / 90 }

    /// The matching EXIF orientation value (1, 6, 3 or 8).
    public var exifOrientation: Int {
        switch self {
        case .upright: 1
        case .clockwise90: 6
        case .clockwise180: 3
        case .clockwise270: 8
        }
    }

    /// Whether turning by this rotation swaps the image's width and height.
    public var swapsDimensions: Bool { quarterTurns % 2 == 1 }

    /// The rotation that undoes this one.
    public var inverse: RotationDegree { RotationDegree(degrees: 360 - rawValue) ?? .upright }
}

extension RotationDegree {
    /// The image is already upright: `.upright` as the Apple-Vision-based domain layer this
    /// library was specified from spells it (orientation "up").
    public static let degree0 = RotationDegree.upright
    /// Turn 90° clockwise: `.clockwise90` (orientation "right", EXIF 6).
    public static let degree90 = RotationDegree.clockwise90
    /// Turn 180°: `.clockwise180` (orientation "down", EXIF 3).
    public static let degree180 = RotationDegree.clockwise180
    /// Turn 270° clockwise: `.clockwise270` (orientation "left", EXIF 8).
    public static let degree270 = RotationDegree.clockwise270

    /// The image orientation this rotation stands for, as `CGImagePropertyOrientation`
    /// and `UIImage.Orientation` name them.
    public var imageOrientation: ImageOrientation {
        switch self {
        case .upright: .up
        case .clockwise90: .right
        case .clockwise180: .down
        case .clockwise270: .left
        }
    }

    /// This rotation followed by `next` (the angles add up, modulo 360°).
    public func followed(by next: RotationDegree) -> RotationDegree {
        RotationDegree(degrees: rawValue + next.rawValue) ?? .upright
    }
}
