import Domain
import Foundation

/// Turns recognition results into `ocr scan`'s output formats.
struct ResultFormatter {
    let format: OutputFormat
    /// Whether several images are printed (text gets a header per image).
    let multipleInputs: Bool

    /// Printed once before the first result.
    var preamble: String {
        switch format {
        case .tsv: "file\tline\tconfidence\tx\ty\twidth\theight\ttext\n"
        case .json: multipleInputs ? "[\n" : ""
        case .text, .jsonl: ""
        }
    }

    /// Printed once after the last result.
    var epilogue: String { format == .json && multipleInputs ? "]\n" : "" }

    /// The output for one image; `index` counts the images printed so far.
    func format(_ result: OCRResult, file: String, index: Int) -> String {
        switch format {
        case .text:
            let header = multipleInputs ? (index > 0 ? "\n" : "") + "==> \(file) <==\n" : ""
            return header + result.filteredLines.map { $0.text + "\n" }.joined()
        case .json:
            let json = Self.encode(ScanReport(file: file, result: result), pretty: true)
            return (multipleInputs && index > 0 ? ",\n" : "") + json + "\n"
        case .jsonl:
            return Self.encode(ScanReport(file: file, result: result), pretty: false) + "\n"
        case .tsv:
            return result.filteredLines.enumerated().map { number, line in
                let box = line.boundingBox
                let fields = [
                    Self.tsvField(file), String(number + 1), String(format: "%.3f", line.confidence),
                    String(format: "%.4f", box.x), String(format: "%.4f", box.y),
                    String(format: "%.4f", box.width), String(format: "%.4f", box.height), Self.tsvField(line.text),
                ]
                return fields.joined(separator: "\t") + "\n"
            }.joined()
        }
    }

    /// One line of `--format jsonl` for a finished image, successful or not.
    func jsonLine(for item: OCRBatchItem) -> String {
        Self.encode(BatchRecord(item: item), pretty: false) + "\n"
    }

    private static func encode(_ value: some Encodable, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func tsvField(_ value: String) -> String {
        value.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
