import Domain
import Foundation

/// `ocr extract receipt FILE ...`: reads a receipt's fields from text already recognised,
/// one printed line per line, with the same extractor as `ocr scan --extract receipt`.
/// Each line counts as read with full confidence, so a field's confidence comes from the
/// cross-checks alone.
struct ExtractCommand {
    let options: ExtractOptions
    let console: Console

    /// What one file gives in JSON.
    struct Report: Encodable {
        var file: String
        var lines: Int
        var receipt: Receipt
    }

    /// The largest text read (128 KiB): a long receipt's lines are a few kilobytes, and the
    /// extractor's time grows with its input (about 20 µs a character on a line of digits).
    static let largestText = 128 << 10

    func run() -> ExitCode {
        var status = ExitCode.success
        var reports: [Report] = []
        for (index, path) in options.inputs.enumerated() {
            let text: String
            do {
                let data =
                    path == "-"
                    ? try console.readStandardInput()
                    : try BoundedReader.file(atPath: path, name: path, limit: Self.largestText, holding: "receipt's text")
                guard data.count <= Self.largestText else {
                    throw OCRError.unreadableFile(
                        path: path, reason: "it holds more than \(Self.largestText >> 10) KiB, more than any receipt's text this reads")
                }
                guard let decoded = String(data: data, encoding: .utf8) else {
                    console.error("\(path): not UTF-8 text; give the receipt's lines as UTF-8 text.")
                    status = max(status, .dataError)
                    continue
                }
                text = decoded
            } catch {
                console.error("\(path): \(ScanCommand.cause(of: error))")
                status = max(status, ExitCode(for: error))
                continue
            }
            let result = OCRResult(text: text.split(whereSeparator: \.isNewline).map(String.init))
            let receipt = ReceiptExtractor().extract(from: result)
            switch options.format {
            case .json:
                reports.append(Report(file: path, lines: result.lines.count, receipt: receipt))
            default:
                let header = options.inputs.count > 1 ? (index > 0 ? "\n" : "") + "==> \(path.escapedForDisplay) <==\n" : ""
                console.standardOutput(header + ReceiptSummary.text(for: receipt))
            }
        }
        if options.format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = options.inputs.count > 1 ? try? encoder.encode(reports) : reports.first.flatMap { try? encoder.encode($0) }
            if let data { console.standardOutput(String(decoding: data, as: UTF8.self) + "\n") }
        }
        return status
    }
}
