import Data
import Domain
import Foundation

/// `ocr scan`: expands the inputs, checks the files it will write, reads the images in
/// parallel on a pool of engines, and prints each result (in input order, or as it
/// finishes with `--format jsonl`). A failing input is reported on stderr and the others
/// still run; the exit status is the worst failure's.
struct ScanCommand {
    let options: ScanOptions
    let console: Console

    func run() async -> ExitCode {
        // Results nobody can receive are not worth reading (the reason is reported on exit).
        if options.format != .pdf, console.outputIsClosed() { return .failure }
        if let list = options.filesFrom { return await runArriving(from: list) }
        let expansion = InputExpansion(recursive: options.recursive, followsLinks: options.followsLinks).expand(options.inputs)
        for entry in expansion.skipped {
            console.error("\(entry.path): skipped: \(entry.reason).")
        }
        if !options.quiet {
            for note in expansion.notes { console.note(note) }
        }
        let paths = expansion.paths
        guard !paths.isEmpty else {
            if expansion.skipped.isEmpty {
                let inputs = options.inputs.joined(separator: ", ")
                console.error(
                    options.recursive
                        ? "No images found in \(inputs) at any level; pass image files (\(Self.extensions))."
                        : "No images found in \(inputs); pass image files (\(Self.extensions)), or use --recursive for subdirectories.")
            }
            return .dataError
        }
        // A multi-page TIFF or a PDF is one source per page; standard input is read once.
        let perInput = paths.map { path in
            path == "-"
                ? [ImageSource.readOnce(name: "<stdin>", load: console.readStandardInput)]
                // A searchable PDF of a PDF keeps every page: pages with text are read too.
                : ImageSource.pages(
                    ofFileAtPath: path, readingTextPages: options.readsTextPages || options.format == .pdf, options: options.recognitionOptions)
        }
        let sources = perInput.flatMap { $0 }
        let positions = InputPositions(perInput.enumerated().flatMap { InputPosition.of(input: $0.offset, sourceCount: $0.element.count) })
        // The files written are checked before any image is read.
        let outputs: ScanOutputs
        do {
            outputs = try ScanOutputs(options: options, sources: sources, inputs: paths)
        } catch {
            console.error(error.description)
            return .failure
        }
        let jobs = min(options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, sources.count)
        let (made, failure) = makeRepository(jobs: jobs)
        guard let repository = made else { return failure }
        let formatter = ResultFormatter(
            format: options.format, multipleInputs: sources.count > 1, extraction: options.extraction,
            documentName: paths.count == 1 ? paths[0] == "-" ? "<stdin>" : paths[0] : "")
        let progress = console.standardErrorIsTerminal && !options.quiet ? ProgressReporter(total: sources.count, console: console) : nil
        let items = reader(over: repository).recognizeText(
            in: sources, rotation: options.rotation, options: options.recognitionOptions, maximumConcurrency: jobs)
        var status = await printing(items, formatter: formatter, sources: sources, positions: positions, outputs: outputs, progress: progress)
        if !expansion.skipped.isEmpty { status = max(status, .dataError) }
        if let pdf = outputs.pdf {
            do {
                let pages = try outputs.finishPDF()
                if !options.quiet { console.standardError("Wrote \(pdf.path.escapedForDisplay) (\(pages) page\(pages == 1 ? "" : "s")).\n") }
            } catch {
                console.error(error.description)
                status = max(status, .failure)
            }
        }
        return status
    }

    /// Prints each item of `items` as it can be — as it comes with `--format jsonl`, else in
    /// input order — reports the failures (on the progress line when drawn), and writes each
    /// image's annotation and PDF page (`outputs`, for `sources`); the worst status.
    private func printing(
        _ items: OCRBatch, formatter: ResultFormatter, sources: [ImageSource], positions: InputPositions, outputs: ScanOutputs?,
        progress: ProgressReporter?
    ) async -> ExitCode {
        func report(_ message: String, note: Bool = false) {
            let line = "\(note ? "Note" : "Error"): \(message.escapedForDisplay)\n"
            if let progress { progress.interrupt(with: line) } else { console.standardError(line) }
        }
        var status = ExitCode.success
        var waiting: [Int: OCRBatchItem] = [:]
        var nextIndex = 0
        var printed = 0
        console.standardOutput(formatter.preamble)
        for await item in items {
            // Nobody reads the results any more (`ocr scan … | head -1`), or the PDF cannot
            // be written: stop reading images.
            if console.outputIsClosed() || outputs?.pdfFailed == true { break }
            progress?.advance()
            if case .failure(let error) = item.outcome {
                status = max(status, ExitCode(for: error))
                report("\(item.name): \(Self.cause(of: error))", note: ExitCode(for: error) == .success)
            }
            if options.format == .jsonl {  // as each finishes
                console.standardOutput(formatter.output(for: item, index: printed, position: positions[item.index]) ?? "")
                continue
            }
            if case .success(let result) = item.outcome, let annotation = outputs?.annotation(forPage: item.index) {
                status = max(status, annotate(result, of: sources[item.index], to: annotation))
            }
            waiting[item.index] = item  // in input order
            while let ready = waiting.removeValue(forKey: nextIndex) {
                nextIndex += 1
                if case .success(let result) = ready.outcome, let outputs, outputs.pdf != nil,
                    let failure = outputs.addPage(result, of: sources[ready.index])
                {
                    status = max(status, failure.status)
                    report("\(ready.name): \(failure.message)")
                }
                guard let text = formatter.output(for: ready, index: printed, position: positions[ready.index]) else { continue }
                console.standardOutput(text)
                printed += 1
            }
        }
        progress?.finish()
        console.standardOutput(formatter.epilogue)
        return status
    }

    /// The repository for `jobs` engines; without one, the status to exit with (the error reported).
    private func makeRepository(jobs: Int) -> (TesseractOCRRepository?, ExitCode) {
        do {
            return (try TesseractOCRRepository(languages: options.languages, dataDirectory: options.dataDirectory, maximumEngines: jobs), .success)
        } catch {
            console.error("\(error)")
            return (nil, ExitCode(for: error))
        }
    }

    /// What reads each image: `repository`, rereading the amount rows of receipts that
    /// need it when receipts are extracted (`ReceiptRereadingRepository`).
    private func reader(over repository: TesseractOCRRepository) -> any OCRRepository {
        options.extraction == .receipt ? ReceiptRereadingRepository(repository) : repository
    }

    private static let extensions = InputExpansion.imageExtensions.sorted().joined(separator: ", ")

    /// `--files-from`: the paths of `list` (`-`: standard input) read as they arrive, each
    /// result printed as soon as it can be (`jsonl`: as each finishes; other formats in the
    /// order of the paths), on the repository's engines kept warm. A path that is a
    /// directory gives its images; one that cannot be read, or a line that is no path
    /// (`FileList.refusal`), is a failed input like any other.
    private func runArriving(from list: String) async -> ExitCode {
        let fileList: FileList
        do {
            fileList = try FileList(list, console: console)
        } catch {
            console.error("\(list): cannot read the list of files: \(error.reason).")
            return .dataError
        }
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let (made, failure) = makeRepository(jobs: jobs)
        guard let repository = made else { return failure }
        let expansion = InputExpansion(recursive: options.recursive, followsLinks: options.followsLinks)
        let readsTextPages = options.readsTextPages
        let recognitionOptions = options.recognitionOptions
        let positions = InputPositions()
        let sources = AsyncStream<ImageSource> { continuation in
            let feeding = Task {
                var number = 0
                var input = 0
                for await line in fileList.lines {
                    number += 1
                    guard !line.isEmpty else { continue }
                    defer { input += 1 }
                    if let refusal = fileList.refusal(of: line, number: number) {
                        positions.append([InputPosition(input: input)])
                        continuation.yield(ImageSource(name: line) { throw OCRError.unreadableFile(path: line, reason: refusal) })
                        continue
                    }
                    let expanded = expansion.expand([line])
                    for path in expanded.paths {
                        let pages = ImageSource.pages(ofFileAtPath: path, readingTextPages: readsTextPages, options: recognitionOptions)
                        positions.append(InputPosition.of(input: input, sourceCount: pages.count))
                        for source in pages { continuation.yield(source) }
                    }
                    for skipped in expanded.skipped {
                        positions.append([InputPosition(input: input)])
                        continuation.yield(
                            ImageSource(name: skipped.path) { throw OCRError.unreadableFile(path: skipped.path, reason: skipped.reason) })
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in feeding.cancel() }
        }
        let formatter = ResultFormatter(format: options.format, multipleInputs: true, extraction: options.extraction)
        let items = reader(over: repository).recognizeText(
            arriving: sources, rotation: options.rotation, options: recognitionOptions, maximumConcurrency: jobs)
        return await printing(items, formatter: formatter, sources: [], positions: positions, outputs: nil, progress: nil)
    }

    /// Writes the picture of what was read (`--annotate`); the status to exit with.
    private func annotate(_ result: OCRResult, of source: ImageSource, to target: OutputFile) -> ExitCode {
        do {
            let image = try source.load()
            // With --extract receipt, the fields found are boxed too.
            let fields = options.extraction == .receipt ? ReceiptExtractor().extract(from: result).fieldBoxes : []
            let png = try ResultAnnotation.png(
                of: image, result: result, highlighting: fields, maximumPixelCount: options.recognitionOptions.maximumPixelCount)
            try target.write(png)
            if !options.quiet { console.standardError("Annotated \(target.path.escapedForDisplay) (rotation \(result.rotation.degrees)°).\n") }
            return .success
        } catch let error as OutputFile.Refusal {
            console.error(error.description)
            return .failure
        } catch {
            console.error("\(target.path): \(error)")
            return ExitCode(for: error)
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
