import Domain

/// One step after a page is read: its lines in, the lines out, looked at again in the page
/// as read. `RecognitionJob.lineReviews` lists them in the order they run.
protocol LineReview {
    /// The step's name in `SWIFTOCR_TRACE`.
    var stage: String { get }
    /// The lines, those looked at again mended, dropped or added.
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine]
}

extension DoubtfulLineReview: LineReview {
    var stage: String { "review" }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try review(lines, in: page.prepared)
    }
}

extension UnreadLineReview: LineReview {
    var stage: String { "unread" }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try review(lines, found: page.foundLines, textHeight: textHeight, in: page.prepared)
    }
}

/// A second opinion as a step: `LineSecondOpinion` types are made for the job's crew.
struct SecondOpinionReview: LineReview {
    let opinion: any LineSecondOpinion
    var stage: String { type(of: opinion).stage }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try opinion.review(lines, in: page.prepared)
    }
}

extension UnsureWordReview: LineReview {
    var stage: String { Self.stage }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try review(lines, in: page.prepared)
    }
}

extension NumberReview: LineReview {
    var stage: String { Self.stage }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try review(lines, in: page.prepared)
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

extension LineCandidates: LineReview {
    var stage: String { "candidates" }
    func review(_ lines: [PreparedLine], of page: PageReader.Reading) throws -> [PreparedLine] {
        try attach(to: lines, in: page.prepared)
    }
}
