/// Lines that read as one block of text: a paragraph, or a heading.
public struct DocumentParagraph: Sendable, Hashable, Codable {
    /// What a paragraph is on its page.
    public enum Role: String, Sendable, Hashable, Codable {
        /// The page's title: the largest text at its top.
        case title
        /// A heading: a short line of text larger than the body's.
        case heading
        /// Body text.
        case body
    }

    /// The paragraph's lines: joined with a space where a line wraps into the next, with a
    /// newline where it stops short of the paragraph's right edge.
    public var text: String
    /// What the paragraph is.
    public var role: Role
    /// Where it is, in normalized upright-image coordinates.
    public var boundingBox: NormalizedRect
    /// The indices in `OCRResult.lines` of its lines, in reading order.
    public var lineIndices: [Int]

    /// Creates a paragraph.
    public init(text: String, role: Role = .body, boundingBox: NormalizedRect, lineIndices: [Int]) {
        self.text = text
        self.role = role
        self.boundingBox = boundingBox
        self.lineIndices = lineIndices
    }
}
