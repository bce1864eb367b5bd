import Domain

/// How far a reading breaks rows of text apart: lines side by side on one row that are not
/// read one after the other (a label column read, then its value column).
enum RowSplitting {
    /// How much of the taller line's height two lines on one row share.
    static let rowOverlap = 0.8
    /// A reading must read apart this many more rows than another to count as breaking them.
    static let tolerance = 3
    /// How much more confident a reading that breaks rows must be to be taken instead.
    static let confidenceMargin = 0.05

    /// The pairs of lines that share a row exactly (text of one height on one baseline: each
    /// covering at least `rowOverlap` of the other's height) and lie apart horizontally, but
    /// are not read one after the other. Blocks that merely sit side by side (a business
    /// card's name and address) rarely line up that exactly; a label and its value do.
    static func rowsReadApart(_ lines: [RecognizedLine]) -> Int {
        var count = 0
        for (i, a) in lines.enumerated() {
            for (j, b) in lines.enumerated() where j > i + 1 {
                let overlap = min(a.boundingBox.maxY, b.boundingBox.maxY) - max(a.boundingBox.y, b.boundingBox.y)
                guard overlap >= rowOverlap * max(a.boundingBox.height, b.boundingBox.height) else { continue }
                let apart = a.boundingBox.maxX <= b.boundingBox.x || b.boundingBox.maxX <= a.boundingBox.x
                if apart { count += 1 }
            }
        }
        return count
    }
}
