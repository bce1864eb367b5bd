/// How the engine splits the page into blocks and lines before reading them.
public enum PageSegmentation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Read the page as one block of text first; when that reading looks wrong (low
    /// confidence), run the engine's full layout analysis too and keep the better one.
    ///
    /// This is the default: Tesseract's layout analysis mistakes the aligned horizontal
    /// strokes of Hangul for ruling lines and erases text, while a single block reads
    /// documents and receipts well but not scattered text on photos.
    case automatic
    /// Full layout analysis: columns, blocks, images. Tesseract's `PSM_AUTO`.
    case layoutAnalysis
    /// One column of text of variable sizes. Tesseract's `PSM_SINGLE_COLUMN`.
    case singleColumn
    /// One uniform block of text. Tesseract's `PSM_SINGLE_BLOCK`.
    case singleBlock
    /// A single line of text. Tesseract's `PSM_SINGLE_LINE`.
    case singleLine
    /// As much text as possible in no particular order. Tesseract's `PSM_SPARSE_TEXT`.
    case sparseText
}
