import Domain
import Foundation

/// A PDF file read page by page through poppler's command-line tools (`pdfinfo`,
/// `pdfimages`, `pdftotext`, `pdftoppm`; Debian's `poppler-utils`): each page rendered as it
/// is shown, at the resolution of the scan it holds, for recognition like any image.
///
/// Poppler is a maintained, packaged renderer (GPL, run as a separate program, so this
/// package links none of it); it never runs a PDF's JavaScript. Every call is bounded in
/// time (`toolTimeLimit`) and output; a page is rendered at most at the pixel limit, so a
/// page that claims 200 × 200 inches is rendered smaller, never at its size.
public struct PDFFile: Sendable {
    /// The most time one call of a poppler tool may take.
    public static let toolTimeLimit: Duration = .seconds(60)
    /// The resolution a page without images (text and drawings only) is rendered at.
    public static let defaultResolution = 300.0
    /// The range a scan's own resolution is taken from: a page is rendered at its scan's
    /// resolution, so its pixels are the scan's own (not resampled), within this range
    /// (finer print gains nothing for reading, and a 1,200 ppi scan would cost four times
    /// the memory).
    public static let resolutionRange = 50.0...600.0

    /// The file's path.
    public let path: String
    /// Each page's size in points, in order.
    private let pages: [(width: Double, height: Double)]

    /// How many pages it has.
    public var pageCount: Int { pages.count }

    /// Whether `data` starts as a PDF (`%PDF-` within its first kilobyte).
    public static func isPDF(_ data: Data) -> Bool {
        data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil
    }

    /// Opens the PDF at `path`: its pages and their sizes, read with one `pdfinfo`.
    /// - Throws: `OCRError.unsupportedImage` when poppler's tools are not installed, the
    ///   file is encrypted, or it has more than `ImageSource.maximumPages` pages;
    ///   `.undecodableImage("pdf")` when poppler cannot read it.
    public init(path: String) throws(OCRError) {
        self.path = path
        // The first pages past the limit are enough to tell there are too many.
        let info = try Self.tool("pdfinfo", ["-f", "1", "-l", "\(ImageSource.maximumPages + 1)", Self.safe(path)])
        let fields = Self.fields(info)
        if fields["Encrypted"]?.hasPrefix("yes") == true, info.status != 0 || fields["Pages"] == nil {
            throw Self.encrypted
        }
        guard info.status == 0, let count = fields["Pages"].flatMap({ Int($0) }) else {
            if info.standardError.contains("password") { throw Self.encrypted }
            throw .undecodableImage(format: "pdf")
        }
        guard count <= ImageSource.maximumPages else {
            throw .unsupportedImage(
                format: "pdf",
                reason:
                    "it has \(count) pages and at most \(ImageSource.maximumPages) are read from one file; split it (pdfseparate, qpdf --split-pages)"
            )
        }
        let facts = Self.pageFacts(info)
        pages = (1...max(1, count)).map { facts[$0] ?? (0, 0) }
    }

    /// Whether page `page` (from 1) already carries its text: a text layer a program can
    /// copy (made searchable before, or printed to PDF from a document) that covers at least
    /// `coveredInkFraction` of the ink the page shows. A layer that covers less (a Bates
    /// stamp on a scan, one stray invisible letter) leaves text unread, so the page is read.
    ///
    /// The text layer's words come from `pdftotext -bbox`; the ink from the page rendered
    /// small in gray (`pdftoppm`), a dark pixel counting as covered inside a word's box.
    public func hasText(page: Int, timeLimit: Duration? = nil) throws(OCRError) -> Bool {
        let layer = try Self.tool(
            "pdftotext", ["-f", "\(page)", "-l", "\(page)", "-cropbox", "-bbox", "-q", Self.safe(path), "-"], timeLimit: timeLimit)
        guard layer.status == 0 else { return false }
        let words = TextLayer(html: layer.standardOutput)
        guard !words.boxes.isEmpty else { return false }
        let small = try Self.tool(
            "pdftoppm",
            ["-f", "\(page)", "-l", "\(page)", "-r", String(format: "%.0f", Self.coverageResolution), "-cropbox", "-gray", Self.safe(path)],
            timeLimit: timeLimit)
        // A PGM, decoded as any image is.
        guard small.status == 0, let picture = try? ImageDecoder.decode(small.standardOutput, maximumPixelCount: Int.max) else { return false }
        return words.coverage(of: picture) >= Self.coveredInkFraction
    }

    /// The share of a page's ink its text layer must cover for the page to count as
    /// carrying its text (`hasText(page:)`).
    public static let coveredInkFraction = 0.8
    /// The resolution the ink is measured at for `hasText(page:)`: coarse, as a word box is
    /// a few of its pixels high.
    static let coverageResolution = 36.0

    /// Page `page` (from 1) as a PNG that records its resolution, rendered as it is shown
    /// (`pdftocairo`; `pdftoppm` for pages with huge images): its visible box (CropBox),
    /// clips, whatever is drawn over its images (a redaction's black box, a stamp) and
    /// printing annotations, so nothing the page hides is read. It is rendered at its scan's
    /// resolution (the highest of its images', within `resolutionRange`;
    /// `defaultResolution` without images), lowered so the page fits in `maximumPixelCount`
    /// pixels, and in gray when every image on it is gray (a third of the memory).
    /// - Parameters:
    ///   - page: The page, from 1.
    ///   - maximumPixelCount: The most pixels the rendered page may have.
    ///   - timeLimit: The most time rendering may take (with `toolTimeLimit`, whichever is
    ///     less); past it the renderer is stopped and `OCRError.timedOut` thrown.
    public func image(
        ofPage page: Int, maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount, timeLimit: Duration? = nil
    ) throws(OCRError) -> Data {
        let facts = pages[page - 1]
        let list = try Self.tool("pdfimages", ["-f", "\(page)", "-l", "\(page)", "-list", Self.safe(path)], timeLimit: timeLimit)
        let images = String(decoding: list.standardOutput, as: UTF8.self).split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        let ppis = images.compactMap { columns -> Double? in
            guard columns.count >= 14, let x = Double(columns[12]), let y = Double(columns[13]) else { return nil }
            return max(x, y)
        }
        var resolution =
            ppis.max().map { min(max($0, Self.resolutionRange.lowerBound), Self.resolutionRange.upperBound) }
            ?? Self.defaultResolution
        if facts.width > 0, facts.height > 0 {
            // Pixels = (points / 72 × resolution)², kept under the limit.
            resolution = min(resolution, ((Double(maximumPixelCount) / (facts.width * facts.height)).squareRoot() * 72).rounded(.down))
        }
        // `pdfimages -list` columns: page num type width height color …
        let gray = !images.isEmpty && images.allSatisfy { $0.count >= 6 && $0[5] == "gray" }
        // Cairo draws a scan at its own resolution pixel for pixel (Splash resamples it a
        // little), but holds each image whole in colour: only for images of a sane size.
        let exact = images.allSatisfy { columns in
            guard columns.count >= 5, let width = Int(columns[3]), let height = Int(columns[4]), width <= 1 << 20, height <= 1 << 20 else {
                return false
            }
            return width * height <= Self.largestExactlyRenderedImage
        }
        let common = ["-f", "\(page)", "-l", "\(page)", "-r", String(format: "%.0f", max(1, resolution)), "-cropbox"] + (gray ? ["-gray"] : [])
        let output = try Self.tool(
            exact ? "pdftocairo" : "pdftoppm", common + (exact ? ["-png", "-singlefile", Self.safe(path), "-"] : ["-png", Self.safe(path)]),
            timeLimit: timeLimit)
        guard output.status == 0, !output.standardOutput.isEmpty else { throw .undecodableImage(format: "pdf") }
        return output.standardOutput
    }

    /// The most pixels an image on a page may have for the page to be rendered with Cairo
    /// (`pdftocairo`, which keeps the scan's pixels exactly, holding the image whole at 4
    /// bytes a pixel); pages with larger images are rendered with Splash (`pdftoppm`).
    static let largestExactlyRenderedImage = 25_000_000

    /// `path` as poppler's tools can only take it as a file: a name starting with `-`
    /// (`-h`, `--help`, `-png`) would be read as an option, and they take no `--`.
    static func safe(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }

    private static let encrypted = OCRError.unsupportedImage(
        format: "pdf", reason: "it is encrypted (a password protects it); remove the protection first (qpdf --decrypt IN OUT)")

    /// Runs one poppler tool on the file, bounded in output and in time: `toolTimeLimit`,
    /// or `timeLimit` (the caller's, reported as `OCRError.timedOut`) when less.
    private static func tool(_ name: String, _ arguments: [String], timeLimit: Duration? = nil) throws(OCRError) -> Subprocess.Output {
        let limit = min(timeLimit ?? toolTimeLimit, toolTimeLimit)
        let output: Subprocess.Output
        do {
            output = try Subprocess(executable: name, arguments: arguments, timeLimit: limit).run()
        } catch {
            if case .timedOut = error, let timeLimit, timeLimit < toolTimeLimit { throw .timedOut(seconds: timeLimit.inSeconds) }
            throw failure(of: name, error)
        }
        return output
    }

    /// The error to report for a tool that could not give its output.
    private static func failure(of name: String, _ error: Subprocess.Failure) -> OCRError {
        switch error {
        case .notFound:
            .unsupportedImage(
                format: "pdf", reason: "reading PDFs needs poppler's \(name), which is not installed; install it (apt-get install poppler-utils)")
        case .timedOut(_, let seconds):
            .unsupportedImage(
                format: "pdf", reason: "poppler's \(name) took longer than \(Int(seconds)) s on it; it may be damaged or built to stall readers")
        case .tooMuchOutput:
            .unsupportedImage(format: "pdf", reason: "poppler's \(name) gave more than any page holds; it may be damaged")
        case .couldNotStart(_, let reason):
            .engineFailure("could not start poppler's \(name): \(reason)")
        }
    }

    /// `pdfinfo`'s `Key: value` lines.
    private static func fields(_ output: Subprocess.Output) -> [String: String] {
        var fields: [String: String] = [:]
        for line in String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// Each page's size in points from `pdfinfo -f 1 -l N` (`Page    3 size: 595 x 842 pts
    /// (A4)`), by page number.
    private static func pageFacts(_ output: Subprocess.Output) -> [Int: (width: Double, height: Double)] {
        var facts: [Int: (width: Double, height: Double)] = [:]
        for line in String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Page ") {
            let words = line.split(separator: " ")
            guard words.count >= 6, let page = Int(words[1]), words[2] == "size:", let width = Double(words[3]), let height = Double(words[5])
            else { continue }
            facts[page] = (width, height)
        }
        return facts
    }
}
