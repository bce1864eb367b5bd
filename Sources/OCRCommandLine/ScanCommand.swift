import Data
import Domain
import Foundation

/// `ocr scan`: expands the inputs, reads them in parallel on a pool of engines, and prints
/// each result (in input order, or as it finishes with `--format jsonl`). A failing input
/// is reported on stderr and the others still run; the exit status is the worst failure's.
struct ScanCommand {
    let options: ScanOptions
    let console: Console

    func run() async -> ExitCode {
        let (paths, skipped) = InputExpansion(recursive: options.recursive).expand(options.inputs)
        for entry in skipped {
            console.standardError("Error: \(entry.path): skipped: \(entry.reason).\n")
        }
        guard !paths.isEmpty else {
            if skipped.isEmpty {
                console.standardError(
                    "Error: No images found in \(options.inputs.joined(separator: ", ")); pass image files, or use --recursive for subdirectories.\n")
            }
            return .dataError
        }
        // A multi-page TIFF is one source per page.
        let sources = paths.flatMap { path in
            path == "-" ? [ImageSource(name: "<stdin>", load: console.readStandardInput)] : ImageSource.pages(ofFileAtPath: path)
        }
        let jobs = min(options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, sources.count)
        let repository: TesseractOCRRepository
        do {
            repository = try TesseractOCRRepository(
                languages: options.languages, dataDirectory: options.dataDirectory, maximumEngines: jobs)
        } catch {
            console.standardError("Error: \(error)\n")
            return ExitCode(for: error)
        }
        let formatter = ResultFormatter(
            format: options.format, multipleInputs: sources.count > 1, extraction: options.extraction,
            documentName: paths.count == 1 ? paths[0] == "-" ? "<stdin>" : paths[0] : "")
        let progress = console.standardErrorIsTerminal && !options.quiet ? ProgressReporter(total: paths.count, console: console) : nil
        var status = skipped.isEmpty ? ExitCode.success : .dataError
        var waiting: [Int: OCRBatchItem] = [:]
        var pdfPages: [Int: SearchablePDF.Page] = [:]
        var nextIndex = 0
        var printed = 0
        console.standardOutput(formatter.preamble)
        let items = repository.recognizeText(
            in: sources, rotation: options.rotation, options: options.recognitionOptions, maximumConcurrency: jobs)
        for await item in items {
            // Nobody reads the results any more (`ocr scan … | head -1`): stop reading images.
            if console.outputIsClosed() { break }
            progress?.advance()
            if case .failure(let error) = item.outcome {
                status = max(status, ExitCode(for: error))
                let message = "Error: \(item.name): \(Self.cause(of: error))\n"
                if let progress { progress.interrupt(with: message) } else { console.standardError(message) }
            }
            if options.format == .jsonl {  // as each finishes
                console.standardOutput(formatter.output(for: item, index: printed) ?? "")
                continue
            }
            if options.format == .pdf, case .success(let result) = item.outcome {
                do {
                    let picture = try SearchablePDFPage.image(of: try sources[item.index].load(), result: result)
                    pdfPages[item.index] = SearchablePDF.Page(result: result, image: picture)
                } catch {
                    status = max(status, ExitCode(for: error))
                    console.standardError("Error: \(item.name): cannot make its PDF page: \(error)\n")
                }
            }
            if let path = options.annotationPath, case .success(let result) = item.outcome {
                let target = sources.count > 1 ? Self.pagePath(path, page: item.index + 1) : path
                status = max(status, annotate(result, of: sources[item.index], to: target))
            }
            waiting[item.index] = item  // in input order
            while let ready = waiting.removeValue(forKey: nextIndex) {
                nextIndex += 1
                guard let text = formatter.output(for: ready, index: printed) else { continue }
                console.standardOutput(text)
                printed += 1
            }
        }
        progress?.finish()
        console.standardOutput(formatter.epilogue)
        if options.format == .pdf, let path = options.outputPath {
            let pages = pdfPages.sorted { $0.key < $1.key }.map(\.value)
            let pdf = SearchablePDF(glyphlessFont: LanguageDataLocator().glyphlessFont()).data(pages: pages)
            do {
                try pdf.write(to: URL(fileURLWithPath: path))
                if !options.quiet { console.standardError("Wrote \(path) (\(pages.count) page\(pages.count == 1 ? "" : "s")).\n") }
            } catch {
                console.standardError("Error: \(path): cannot write the PDF: \(error.localizedDescription)\n")
                status = max(status, .failure)
            }
        }
        return status
    }

    /// Writes the picture of what was read (`--annotate`); the status to exit with.
    private func annotate(_ result: OCRResult, of source: ImageSource, to path: String) -> ExitCode {
        do {
            let image = try source.load()
            let png = try ResultAnnotation.png(of: image, result: result, maximumPixelCount: options.recognitionOptions.maximumPixelCount)
            try png.write(to: URL(fileURLWithPath: path))
            if !options.quiet { console.standardError("Annotated \(path) (rotation \(result.rotation.degrees)°).\n") }
            return .success
        } catch let error as OCRError {
            console.standardError("Error: \(path): \(error)\n")
            return ExitCode(for: error)
        } catch {
            console.standardError("Error: \(path): cannot write the annotated image: \(error.localizedDescription)\n")
            return .failure
        }
    }

    /// `OUT.png` for page `page` of several: `OUT-page2.png`.
    static func pagePath(_ path: String, page: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent + "-page\(page)"
        return url.deletingLastPathComponent().appendingPathComponent(stem).appendingPathExtension(url.pathExtension).path
    }

    /// The error's message without the file name the line already starts with.
    static func cause(of error: any Error) -> String {
        if case OCRError.unreadableFile(_, let reason) = error {
            return "Cannot read the file: \(reason)."
        }
        return String(describing: error)
    }
}
