import Data
import Domain
import Foundation

/// The files one `ocr scan` writes — the searchable PDF (`--format pdf --output`) and the
/// annotated pictures (`--annotate`) — checked before any image is read.
///
/// The PDF is written a page at a time, in input order, to a temporary file that replaces
/// the target only when the document is complete and at least one page was read; the
/// pages never sit in memory together.
final class ScanOutputs {
    /// The PDF's target, with `--format pdf`.
    let pdf: OutputFile?
    /// One target per source with `--annotate` (`OUT-page2.png` for the pages of several).
    private let annotations: [OutputFile]
    private var pdfFile: PendingFile?
    private var stream: SearchablePDFStream?
    /// Why the PDF could not be written, once it could not.
    private var pdfError: OutputFile.Refusal?

    init(options: ScanOptions, sources: [ImageSource], inputs: [String]) throws(OutputFile.Refusal) {
        if options.format == .pdf, let path = options.outputPath {
            let target = try OutputFile(checking: path, kind: .pdf, inputs: inputs)
            let file = try target.begin()
            pdf = target
            pdfFile = file
            do {
                stream = try SearchablePDFStream(SearchablePDF(glyphlessFont: LanguageDataLocator().glyphlessFont())) { data in
                    try file.write(data)
                }
            } catch {
                file.discard()
                throw Self.refusal(error, path: path)
            }
        } else {
            pdf = nil
        }
        if let path = options.annotationPath {
            var targets: [OutputFile] = []
            for index in sources.indices {
                let page = sources.count > 1 ? ScanCommand.pagePath(path, page: index + 1) : path
                targets.append(try OutputFile(checking: page, kind: .png, inputs: inputs))
            }
            annotations = targets
        } else {
            annotations = []
        }
    }

    /// Whether the PDF can no longer be written (the rest of a PDF batch is then not read).
    var pdfFailed: Bool { pdfError != nil }

    /// Where the picture of source `index` goes, with `--annotate`.
    func annotation(forPage index: Int) -> OutputFile? {
        annotations.indices.contains(index) ? annotations[index] : nil
    }

    /// Adds the next page of the PDF: `result` over the picture of `source`. A page whose
    /// picture cannot be made is left out (the failure returned); a page that cannot be
    /// written ends the PDF (`finishPDF` reports it).
    func addPage(_ result: OCRResult, of source: ImageSource) -> (status: ExitCode, message: String)? {
        guard pdfError == nil, stream != nil, let pdf else { return nil }
        let page: SearchablePDF.Page
        do {
            page = SearchablePDF.Page(result: result, image: try SearchablePDFPage.image(of: try source.load(), result: result))
        } catch {
            return (ExitCode(for: error), "cannot make its PDF page: \(ScanCommand.cause(of: error))")
        }
        do {
            try stream?.append(page)
        } catch {
            pdfError = Self.refusal(error, path: pdf.path)
            pdfFile?.discard()
        }
        return nil
    }

    /// Ends the PDF and puts it in place; the number of pages.
    /// - Throws: `OutputFile.Refusal` when it could not be written, or when no page was read
    ///   (an earlier file at the target is left as it was in both cases).
    func finishPDF() throws(OutputFile.Refusal) -> Int {
        guard let pdf, let file = pdfFile, var stream else { return 0 }
        defer { file.discard() }
        if let pdfError { throw pdfError }
        guard stream.pageCount > 0 else {
            throw OutputFile.Refusal(path: pdf.path, reason: "no image was read, so no PDF was written; any earlier file there is left as it was")
        }
        do {
            try stream.finish()
        } catch {
            throw Self.refusal(error, path: pdf.path)
        }
        try file.commit()
        return stream.pageCount
    }

    /// The PDF stream's error as what it is: the file's write failing (its sink throws only
    /// that).
    private static func refusal(_ error: any Error, path: String) -> OutputFile.Refusal {
        error as? OutputFile.Refusal ?? OutputFile.Refusal(path: path, reason: "\(error)")
    }
}
