import Domain

/// A text line a trained detector found: where it lies (a rectangle at its angle, in the
/// pixels of the picture it was found in) and how sure the detector is of it (0...1).
struct DetectedLine: Equatable {
    var rectangle: RotatedRectangle
    var score: Double

    /// The axis-aligned box holding the line.
    var bounds: PixelRect { rectangle.bounds }
}
