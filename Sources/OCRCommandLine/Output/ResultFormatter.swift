import Domain
import Foundation

/// Turns finished images into `ocr scan`'s output formats.
struct ResultFormatter {
    let format: OutputFormat
    /// Whether several images are printed (text gets a header per image, JSON an array).
    let multipleInputs: Bool
    /// Fields to extract from each result (`--extract`), printed instead of the lines in
    /// text format and beside them in JSON.
    var extraction: Extraction? = nil
    /// The one input's name, named in the hOCR or ALTO header (empty for several).
    var documentName: String = ""

    /// Printed once before the first result.
    var preamble: String {
        switch format {
        case .tsv: "file\tline\tconfidence\tx\ty\twidth\theight\ttext\n"
        case .json: multipleInputs ? "[\n" : ""
        case .text, .jsonl, .pdf, .markdown: ""
        case .hocr: HOCRRenderer().header(title: documentName)
        case .alto: ALTORenderer().header(fileName: documentName)
        }
    }

    /// Printed once after the last result.
    var epilogue: String {
        switch format {
        case .json: multipleInputs ? "]\n" : ""
        case .hocr: HOCRRenderer().footer
        case .alto: ALTORenderer().footer
        case .text, .jsonl, .tsv, .pdf, .markdown: ""
        }
    }

    /// The output for one finished image, or `nil` when it prints nothing (a failure, in
    /// every format but `jsonl` and `json`, where a failure is a record too, so the output
    /// is always a document). `index` counts the images printed so far; `position` is where
    /// the image comes from among the inputs.
    func output(for item: OCRBatchItem, index: Int, position: InputPosition? = nil) -> String? {
        switch (format, item.outcome) {
        case (.jsonl, _):
            return Self.encode(BatchRecord(item: item, position: position, extraction: extraction), pretty: false) + "\n"
        case (.json, .failure(let error)):
            let failure = FailureRecord(file: item.name, error: String(describing: error), exitCode: ExitCode(for: error).rawValue)
            return (multipleInputs && index > 0 ? ",\n" : "") + Self.encode(failure, pretty: true) + "\n"
        case (_, .failure), (.pdf, _):  // a PDF is written to its file at the end
            return nil
        case (.text, .success(let result)):
            let header = multipleInputs ? (index > 0 ? "\n" : "") + "==> \(item.name.escapedForDisplay) <==\n" : ""
            if extraction == .receipt { return header + ReceiptSummary.text(for: ReceiptExtractor().extract(from: result)) }
            return header + result.lines.map { $0.text + "\n" }.joined()
        case (.json, .success(let result)):
            let json = Self.encode(ScanReport(file: item.name, result: result, extraction: extraction), pretty: true)
            return (multipleInputs && index > 0 ? ",\n" : "") + json + "\n"
        case (.markdown, .success(let result)):
            // Several images: each under a comment naming it, after a rule.
            let header =
                multipleInputs
                ? (index > 0 ? "\n---\n\n" : "") + "<!-- \(item.name.escapedForDisplay.replacingOccurrences(of: "--", with: "- -")) -->\n\n" : ""
            return header + MarkdownRenderer().page(result)
        case (.hocr, .success(let result)):
            return HOCRRenderer().page(result, name: item.name, number: index)
        case (.alto, .success(let result)):
            return ALTORenderer().page(result, number: index)
        case (.tsv, .success(let result)):
            return result.lines.enumerated().map { number, line in
                let box = line.boundingBox
                let fields = [
                    Self.tsvField(item.name.escapedForDisplay), String(number + 1), String(format: "%.3f", line.confidence),
                    String(format: "%.4f", box.x), String(format: "%.4f", box.y),
                    String(format: "%.4f", box.width), String(format: "%.4f", box.height), Self.tsvField(line.text),
                ]
                return fields.joined(separator: "\t") + "\n"
            }.joined()
        }
    }

    /// What `--format json` prints for an image that was not read (`$defs/failure` in the schema).
    private struct FailureRecord: Encodable {
        var file: String
        var error: String
        var exitCode: Int32
    }

    private static func encode(_ value: some Encodable, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A field without the characters that end fields and records (tab, newline, carriage return).
    private static func tsvField(_ value: String) -> String {
        String(value.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}
