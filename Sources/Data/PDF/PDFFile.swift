import Domain
import Foundation

/// A PDF file read page by page through poppler's command-line tools (`pdfinfo`,
/// `pdfimages`, `pdftotext`, `pdftoppm`; Debian's `poppler-utils`): each page rasterised at
/// the resolution of the scan it holds, for recognition like any image.
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
    /// resolution, so its pixels are the scan's own (not resampled), within this range.
    public static let resolutionRange = 50.0...1200.0

    /// The file's path.
    public let path: String
    /// Each page's size in points and its rotation (`/Rotate`), in order.
    private let pages: [(width: Double, height: Double, rotation: Int)]

    /// How many pages it has.
    public var pageCount: Int { pages.count }

    /// Whether `data` starts as a PDF (`%PDF-` within its first kilobyte).
    public static func isPDF(_ data: Data) -> Bool {
        data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil
    }

    /// Opens the PDF at `path`: its pages, their sizes and rotations, read with one `pdfinfo`.
    /// - Throws: `OCRError.unsupportedImage` when poppler's tools are not installed, the
    ///   file is encrypted, or it has more than `ImageSource.maximumPages` pages;
    ///   `.undecodableImage("pdf")` when poppler cannot read it.
    public init(path: String) throws(OCRError) {
        self.path = path
        // The first pages past the limit are enough to tell there are too many.
        let info = try Self.tool("pdfinfo", ["-f", "1", "-l", "\(ImageSource.maximumPages + 1)", path])
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
        pages = (1...max(1, count)).map { facts[$0] ?? (0, 0, 0) }
    }

    /// Whether page `page` (from 1) already carries text: a text layer a program can copy
    /// (made searchable before, or printed to PDF from a document), found by `pdftotext`.
    public func hasText(page: Int) throws(OCRError) -> Bool {
        let text = try Self.tool("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-q", path, "-"])
        return text.status == 0 && text.standardOutput.contains { !(0x00...0x20).contains($0) }
    }

    /// Page `page` (from 1) as a PNG that records its resolution: the scan it holds as it is
    /// stored (`pdfimages`), when the page is that one image and nothing else — unrotated,
    /// filling the page at its aspect (its pixels, not a rendering of them); else rendered
    /// (`pdftoppm`) at its scan's resolution (the highest of its images', within
    /// `resolutionRange`; `defaultResolution` without images), lowered so the page fits in
    /// `maximumPixelCount` pixels.
    public func image(ofPage page: Int, maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount) throws(OCRError) -> Data {
        let facts = pages[page - 1]
        let list = try Self.tool("pdfimages", ["-f", "\(page)", "-l", "\(page)", "-list", path])
        let images = String(decoding: list.standardOutput, as: UTF8.self).split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        if images.count == 1, let image = images.first, image.count >= 5, image[2] == "image", let width = Double(image[3]),
            let height = Double(image[4]), width * height <= Double(maximumPixelCount), facts.rotation == 0, facts.width > 0,
            facts.height > 0, abs(width / height - facts.width / facts.height) <= 0.02 * facts.width / facts.height,
            let scan = try storedScan(page: page, resolution: width / facts.width * 72)
        {
            return scan
        }
        let ppis = images.compactMap { columns -> Double? in
            guard columns.count >= 14, let x = Double(columns[12]), let y = Double(columns[13]) else { return nil }
            return max(x, y)
        }
        var resolution = ppis.max().map { min(max($0, Self.resolutionRange.lowerBound), Self.resolutionRange.upperBound) } ?? Self.defaultResolution
        if facts.width > 0, facts.height > 0 {
            // Pixels = (points / 72 × resolution)², kept under the limit.
            resolution = min(resolution, ((Double(maximumPixelCount) / (facts.width * facts.height)).squareRoot() * 72).rounded(.down))
        }
        let output = try Self.tool(
            "pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", String(format: "%.0f", max(1, resolution)), "-png", path])
        guard output.status == 0, !output.standardOutput.isEmpty else { throw .undecodableImage(format: "pdf") }
        return output.standardOutput
    }

    /// The page's one image as it is stored, as PNG stating `resolution`, or `nil` when it
    /// cannot be extracted.
    private func storedScan(page: Int, resolution: Double) throws(OCRError) -> Data? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftocr-pdf-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = directory.appendingPathComponent("page").path
        let extracted = try Self.tool("pdfimages", ["-f", "\(page)", "-l", "\(page)", "-png", path, prefix])
        guard extracted.status == 0, let file = try? FileManager.default.contentsOfDirectory(atPath: directory.path).first,
            let data = try? BoundedReader.file(atPath: directory.appendingPathComponent(file).path, name: path, limit: ImageSource.maximumFileSize)
        else { return nil }
        // Its resolution on the page, so a searchable PDF made from it keeps the page's size.
        return PNGResolution.stating(resolution, in: data)
    }

    private static let encrypted = OCRError.unsupportedImage(
        format: "pdf", reason: "it is encrypted (a password protects it); remove the protection first (qpdf --decrypt IN OUT)")

    /// Runs one poppler tool on the file, bounded in time and output.
    private static func tool(_ name: String, _ arguments: [String]) throws(OCRError) -> Subprocess.Output {
        let output: Subprocess.Output
        do {
            output = try Subprocess(executable: name, arguments: arguments, timeLimit: toolTimeLimit).run()
        } catch {
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

    /// Each page's size in points and rotation from `pdfinfo -f 1 -l N`
    /// (`Page    3 size: 595 x 842 pts (A4)`, `Page    3 rot:  90`), by page number.
    private static func pageFacts(_ output: Subprocess.Output) -> [Int: (width: Double, height: Double, rotation: Int)] {
        var facts: [Int: (width: Double, height: Double, rotation: Int)] = [:]
        for line in String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Page ") {
            let words = line.split(separator: " ")
            guard words.count >= 4, let page = Int(words[1]) else { continue }
            var fact = facts[page] ?? (0, 0, 0)
            if words[2] == "size:", words.count >= 6, let width = Double(words[3]), let height = Double(words[5]) {
                (fact.width, fact.height) = (width, height)
            } else if words[2] == "rot:", let rotation = Int(words[3]) {
                fact.rotation = rotation
            }
            facts[page] = fact
        }
        return facts
    }
}
