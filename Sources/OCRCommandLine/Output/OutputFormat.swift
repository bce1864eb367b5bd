/// How `ocr scan` prints results.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// The text of the lines after the recognition rules, one per line.
    case text
    /// One JSON object per image (an array for several images); schema in Docs/CLI.md.
    case json
    /// Tab-separated values: a header row, then one row per line.
    case tsv
    /// One compact JSON object per image and line of output, printed as soon as the image
    /// is done (in completion order), with its result or its error.
    case jsonl
    /// hOCR (XHTML): one `ocr_page` per image, lines and words with pixel boxes and confidences.
    case hocr
    /// ALTO 4 XML: one `Page` per image, `TextLine`s and `String`s with pixel positions and confidences.
    case alto
    /// Markdown: the document view — headings, paragraphs, lists, tables as pipe tables —
    /// one section per image.
    case markdown
    /// A searchable PDF written to `--output`: each image as a page, its text invisible over it.
    case pdf
}
