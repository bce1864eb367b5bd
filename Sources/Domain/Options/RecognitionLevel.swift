/// How much work to spend per image, like Apple Vision's `recognitionLevel`.
public enum RecognitionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// One recognition pass with light preparation (grayscale, scaling, border).
    /// Orientation, when not given, is taken from orientation detection alone. Korean read
    /// with other languages (`kor+eng`) is read by the Korean model, and by the others only
    /// where it doubts a word.
    case fast
    /// The default: full preparation (illumination normalisation, deskew), orientation
    /// verified by reading, a layout-analysis pass when the first reading looks wrong,
    /// and a Korean-only second opinion on Korean words misread as Latin letters.
    case accurate
}
