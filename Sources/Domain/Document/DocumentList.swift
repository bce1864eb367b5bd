/// A bulleted or numbered list (`1.`, `①`, `가.`, `-`, `•`), like Vision's
/// `DocumentObservation.Container.List`.
public struct DocumentList: Sendable, Hashable, Codable {
    /// One item: its marker and its text (a continuation line joined on).
    public struct Item: Sendable, Hashable, Codable {
        /// The marker as printed (`1.`, `①`, `가.`, `•`).
        public var marker: String
        /// The item's text, without its marker.
        public var text: String
        /// Where the item is, marker included.
        public var boundingBox: NormalizedRect
        /// The indices in `OCRResult.lines` of its lines.
        public var lineIndices: [Int]

        /// Creates an item.
        public init(marker: String, text: String, boundingBox: NormalizedRect, lineIndices: [Int]) {
            self.marker = marker
            self.text = text
            self.boundingBox = boundingBox
            self.lineIndices = lineIndices
        }
    }

    /// The items, in order.
    public var items: [Item]
    /// Whether the markers count (`1.`, `①`, `가.`) rather than bullet.
    public var isNumbered: Bool
    /// Where the list is.
    public var boundingBox: NormalizedRect

    /// Creates a list.
    public init(items: [Item], isNumbered: Bool, boundingBox: NormalizedRect) {
        self.items = items
        self.isNumbered = isNumbered
        self.boundingBox = boundingBox
    }
}
