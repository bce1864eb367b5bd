/// A table: rows of cells, each cell with its text, box and place in the grid, like
/// Vision's `DocumentObservation.Container.Table`.
///
/// ```swift
/// if let amount = table.cell(row: 2, column: 3) { print(amount.text) }
/// ```
public struct DocumentTable: Sendable, Hashable, Codable {
    /// One cell. A merged cell spans several rows or columns; the grid places it at its
    /// first row and column.
    public struct Cell: Sendable, Hashable {
        /// The cell's text: its lines (or parts of lines) joined by newlines.
        public var text: String
        /// Where the cell is (its ruled box, or its text's when unruled).
        public var boundingBox: NormalizedRect
        /// The rows the cell spans (first row 0).
        public var rowRange: ClosedRange<Int>
        /// The columns the cell spans (first column 0).
        public var columnRange: ClosedRange<Int>

        /// Creates a cell.
        public init(text: String, boundingBox: NormalizedRect, rowRange: ClosedRange<Int>, columnRange: ClosedRange<Int>) {
            self.text = text
            self.boundingBox = boundingBox
            self.rowRange = rowRange
            self.columnRange = columnRange
        }
    }

    /// Every cell, row by row, left to right within a row.
    public var cells: [Cell]
    /// How many rows the grid has.
    public var rowCount: Int
    /// How many columns the grid has.
    public var columnCount: Int
    /// Whether the table is drawn with rules (else its columns are found from aligned text).
    public var isRuled: Bool
    /// Where the table is.
    public var boundingBox: NormalizedRect
    /// The indices in `OCRResult.lines` of the lines in the table.
    public var lineIndices: [Int]

    /// Creates a table.
    public init(cells: [Cell], rowCount: Int, columnCount: Int, isRuled: Bool, boundingBox: NormalizedRect, lineIndices: [Int]) {
        self.cells = cells
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.isRuled = isRuled
        self.boundingBox = boundingBox
        self.lineIndices = lineIndices
    }

    /// The cells that start in each row, left to right (Vision's `rows`).
    public var rows: [[Cell]] {
        (0..<rowCount).map { row in cells.filter { $0.rowRange.lowerBound == row } }
    }

    /// The cell covering `row` and `column`, if any (a merged cell covers several).
    public func cell(row: Int, column: Int) -> Cell? {
        cells.first { $0.rowRange.contains(row) && $0.columnRange.contains(column) }
    }
}
