import Domain

/// One step after a page is read: its lines in, the lines out, looked at again in the page
/// as read. `RecognitionJob.lineReviews` lists them in the order they run.
protocol LineReview {
    /// The step's name in `SWIFTOCR_TRACE`.
    var stage: String { get }
    /// The lines, those looked at again mended, dropped or added.
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine]
}

/// A step that needs only the prepared page (most of them), named by its type.
protocol PreparedPageReview: LineReview {
    static var stage: String { get }
    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine]
}

extension PreparedPageReview {
    var stage: String { Self.stage }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try review(lines, in: page.prepared)
    }
}

extension DoubtfulLineReview: PreparedPageReview {}
extension UnsureWordReview: PreparedPageReview {}
extension NumberReview: PreparedPageReview {}

extension UnreadLineReview: LineReview {
    var stage: String { "unread" }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try review(lines, found: page.foundLines, textHeight: textHeight, in: page.prepared)
    }
}

/// Read and looked at again: now the words read inside pictures must be sure
/// (`PageReader.reliableWords`).
struct PictureWordsReview: LineReview {
    var stage: String { "pictures" }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        PageReader.reliableWords(of: lines, inside: page.pictures)
    }
}

extension LineCandidates: PreparedPageReview {
    static let stage = "candidates"
    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        try attach(to: lines, in: prepared)
    }
}
