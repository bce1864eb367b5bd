internal import CLeptonica
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
    /// How many pages it has.
    public let pageCount: Int

    /// Whether the file at `path` starts as a PDF (`%PDF-` within its first kilobyte).
    public static func isPDF(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return isPDF((try? handle.read(upToCount: 1024)) ?? Data())
    }

    /// Whether `data` starts as a PDF (`%PDF-` within its first kilobyte).
    public static func isPDF(_ data: Data) -> Bool {
        data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil
    }

    /// Opens the PDF at `path`: its page count, read with `pdfinfo`.
    /// - Throws: `OCRError.unsupportedImage` when poppler's tools are not installed, the
    ///   file is encrypted, or it has more than `ImageSource.maximumPages` pages;
    ///   `.undecodableImage("pdf")` when poppler cannot read it.
    public init(path: String) throws(OCRError) {
        self.path = path
        let info = try Self.tool("pdfinfo", [path])
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
        pageCount = count
    }

    /// Whether page `page` (from 1) already carries text: a text layer a program can copy
    /// (made searchable before, or printed to PDF from a document), found by `pdftotext`.
    public func hasText(page: Int) throws(OCRError) -> Bool {
        let text = try Self.tool("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-q", path, "-"])
        return text.status == 0 && text.standardOutput.contains { !(0x00...0x20).contains($0) }
    }

    /// The resolution page `page` is rendered at: its scan's own (the highest of its images',
    /// within `resolutionRange`), `defaultResolution` for a page without images, lowered so
    /// the page fits in `maximumPixelCount` pixels.
    public func resolution(page: Int, maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount) throws(OCRError) -> Double {
        let images = try Self.tool("pdfimages", ["-f", "\(page)", "-l", "\(page)", "-list", path])
        let ppis = String(decoding: images.standardOutput, as: UTF8.self).split(separator: "\n").dropFirst(2).compactMap { line -> Double? in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 14, let x = Double(columns[12]), let y = Double(columns[13]) else { return nil }
            return max(x, y)
        }
        var resolution = ppis.max().map { min(max($0, Self.resolutionRange.lowerBound), Self.resolutionRange.upperBound) } ?? Self.defaultResolution
        let info = try Self.tool("pdfinfo", ["-f", "\(page)", "-l", "\(page)", path])
        if let size = Self.pageSize(info, page: page), size.width > 0, size.height > 0 {
            // Pixels = (points / 72 × resolution)², kept under the limit.
            let fitting = (Double(maximumPixelCount) / (size.width * size.height)).squareRoot() * 72
            resolution = min(resolution, fitting.rounded(.down))
        }
        return max(1, resolution)
    }

    /// Page `page` (from 1) as a PNG that records its resolution: the scan it holds as it is
    /// stored, when the page is that one image and nothing else (its pixels, not a rendering
    /// of them); else rendered (`render(page:resolution:)`) at `resolution(page:)`.
    public func image(ofPage page: Int) throws(OCRError) -> Data {
        if let scan = try storedScan(page: page) { return scan }
        return try render(page: page, resolution: try resolution(page: page))
    }

    /// The page's one image as it is stored (`pdfimages`), with the resolution it has on the
    /// page, when the page is that image alone: unrotated, nothing else drawn with it, and
    /// filling the page (its aspect the page's); else `nil`.
    func storedScan(page: Int, maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount) throws(OCRError) -> Data? {
        let list = try Self.tool("pdfimages", ["-f", "\(page)", "-l", "\(page)", "-list", path])
        let rows = String(decoding: list.standardOutput, as: UTF8.self).split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        guard rows.count == 1, let row = rows.first, row.count >= 5, row[2] == "image", let width = Double(row[3]), let height = Double(row[4]),
            width * height <= Double(maximumPixelCount)
        else { return nil }
        let info = try Self.tool("pdfinfo", ["-f", "\(page)", "-l", "\(page)", path])
        guard let size = Self.pageSize(info, page: page), Self.pageRotation(info, page: page) == 0,
            abs(width / height - size.width / size.height) <= 0.02 * size.width / size.height
        else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftocr-pdf-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = directory.appendingPathComponent("page").path
        let extracted = try Self.tool("pdfimages", ["-f", "\(page)", "-l", "\(page)", "-png", path, prefix])
        guard extracted.status == 0, let file = try? FileManager.default.contentsOfDirectory(atPath: directory.path).first,
            let data = try? BoundedReader.file(
                atPath: directory.appendingPathComponent(file).path, name: path, limit: ImageSource.maximumFileSize)
        else { return nil }
        // Its resolution on the page, so a searchable PDF made from it keeps the page's size.
        let read = data.withUnsafeBytes { buffer in
            buffer.baseAddress.flatMap { LeptonicaImage(taking: pixReadMem($0.assumingMemoryBound(to: UInt8.self), buffer.count)) }
        }
        guard let image = read, image.size == ImageSize(width: Int(width), height: Int(height)) else { return nil }
        let resolution = Int32((width / size.width * 72).rounded())
        pixSetResolution(image.pix, resolution, resolution)
        return try image.pngData()
    }

    /// Page `page` (from 1) rendered at `resolution` pixels per inch, as PNG (`pdftoppm`).
    public func render(page: Int, resolution: Double) throws(OCRError) -> Data {
        let output = try Self.tool("pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", String(format: "%.0f", resolution), "-png", path])
        guard output.status == 0, !output.standardOutput.isEmpty else { throw .undecodableImage(format: "pdf") }
        return output.standardOutput
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

    /// The rotation of page `page` from `pdfinfo -f N -l N` (`Page    N rot:   90`).
    private static func pageRotation(_ output: Subprocess.Output, page: Int) -> Int? {
        for line in String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("Page") && line.contains("rot:") {
            let words = line.split(separator: " ")
            guard let rot = words.firstIndex(of: "rot:"), rot > 0, words.count > rot + 1, words[rot - 1] == "\(page)" else { continue }
            return Int(words[rot + 1])
        }
        return nil
    }

    /// The size in points of page `page` from `pdfinfo -f N -l N` (`Page    N size: W x H pts`).
    private static func pageSize(_ output: Subprocess.Output, page: Int) -> (width: Double, height: Double)? {
        for line in String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("Page") && line.contains("size:") {
            let words = line.split(separator: " ")
            guard let size = words.firstIndex(of: "size:"), size > 0, words.count > size + 3, words[size - 1] == "\(page)",
                let width = Double(words[size + 1]), let height = Double(words[size + 3])
            else { continue }
            return (width, height)
        }
        return nil
    }
}
