internal import CLeptonica
import Domain
import Foundation

extension ImageSource {
    /// The most pages of one file that are read; a file with more is refused, so one file
    /// cannot keep a batch busy for pages × the time limit.
    public static let maximumPages = 1_000

    /// The pages of the image file at `path` for a batch: one source per page of a
    /// multi-page TIFF, named `path [page 2 of 5]`, each loading that page alone (as an
    /// 8-bit gray PNG); the file itself for every other image, or when it cannot be read
    /// now (its error then comes from its own load, in turn). A file of more than
    /// `maximumPages` pages is one source that fails with `OCRError.unsupportedImage`.
    ///
    /// Only a regular file that starts as a TIFF is read here (to count its pages); a pipe
    /// is read once, when its turn comes, and its bytes kept for a second load.
    ///
    /// A PDF is one source per page, named the same way, each made an image when its turn
    /// comes (`PDFFile.image(ofPage:)`: rendered as it is shown, at its scan's own
    /// resolution, as a PNG that records it; within `options`' pixel and time limits); a
    /// page whose text layer already holds its text fails with `OCRError.pageHasText` unless
    /// `readingTextPages`. A PDF that cannot be opened (encrypted, damaged, poppler missing)
    /// is one failing source.
    public static func pages(
        ofFileAtPath path: String, readingTextPages: Bool = false, options: RecognitionOptions = RecognitionOptions()
    ) -> [ImageSource] {
        switch FileKind(path) {
        case .pipe:
            return [ImageSource.readOnce(name: path) { try ImageSource.file(atPath: path).load() }]
        case .other:
            return [ImageSource.file(atPath: path)]
        case .pdf:
            return pdfPages(ofFileAtPath: path, readingTextPages: readingTextPages, options: options)
        case .tiff:
            break
        }
        let file = ImageSource.file(atPath: path)
        guard let data = try? file.load() else { return [file] }
        let count = ImageDecoder.pageCount(of: data)
        guard count > 1 else { return [file] }
        guard count <= maximumPages else {
            return [ImageSource(name: path) { throw ImageDecoder.tooManyPages(count) }]
        }
        // Each page reads the file again when its turn comes rather than holding it: a
        // directory of large TIFFs would otherwise be in memory all at once.
        return (0..<count).map { page in
            ImageSource(name: "\(path) [page \(page + 1) of \(count)]") {
                let image = try ImageDecoder.decode(file.load(), page: page, maximumPixelCount: RecognitionOptions.defaultMaximumPixelCount)
                return try image.pngData()
            }
        }
    }

    /// The pages of the PDF at `path` (see `pages(ofFileAtPath:readingTextPages:)`).
    private static func pdfPages(ofFileAtPath path: String, readingTextPages: Bool, options: RecognitionOptions) -> [ImageSource] {
        let pdf: PDFFile
        do {
            pdf = try PDFFile(path: path)
        } catch {
            return [ImageSource(name: path) { throw error }]
        }
        return (1...max(1, pdf.pageCount)).map { page in
            ImageSource(name: pdf.pageCount > 1 ? "\(path) [page \(page) of \(pdf.pageCount)]" : path) {
                if !readingTextPages, try pdf.hasText(page: page, timeLimit: options.timeLimit) { throw OCRError.pageHasText(page: page) }
                return try pdf.image(ofPage: page, maximumPixelCount: options.maximumPixelCount, timeLimit: options.timeLimit)
            }
        }
    }

    /// What a path is, as far as counting its pages goes: told from its type and, for a
    /// regular file only, its first bytes. A pipe or device is never opened here: opening
    /// a named pipe to look would let its writer go (it reads once, when its turn comes).
    private enum FileKind {
        case tiff, pdf, pipe, other

        init(_ path: String) {
            var named = stat()
            guard stat(path, &named) == 0, named.st_mode & S_IFMT == S_IFREG else {
                self = named.st_mode & S_IFMT == S_IFIFO ? .pipe : .other
                return
            }
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                self = .other
                return
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                self = .other
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFIFO:
                self = .pipe
            case S_IFREG:
                var head = [UInt8](repeating: 0, count: 1024)
                let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 1024) }
                let start = Array(head.prefix(max(0, count)))
                if start.count >= 4, start.prefix(4) == [0x49, 0x49, 0x2A, 0x00] || start.prefix(4) == [0x4D, 0x4D, 0x00, 0x2A] {
                    self = .tiff
                } else {
                    self = PDFFile.isPDF(Data(start)) ? .pdf : .other
                }
            default:
                self = .other
            }
        }
    }
}
