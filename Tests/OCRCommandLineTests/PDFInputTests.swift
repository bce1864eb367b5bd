import Foundation
import OCRCommandLine
import OCRTestSupport
import Testing

/// PDFs in (every page, made an image by poppler's tools) and searchable PDFs of them out.
/// Fixtures: `Scripts/generate-hostile-fixtures.py` (TestImages/pdf).
@Suite("PDF input: pages read as images, pages with text noted, hostile PDFs refused, searchable PDFs of PDFs")
struct PDFInputTests {
    static func run(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(SuiteLimits.commandLine(arguments), console: captured.console)
        return (status, captured.standardOutput, captured.standardError)
    }

    /// The text of `output` under the header of page `page` of 2 of `path`.
    static func section(_ output: String, of path: String, page: Int) -> String {
        let header = "==> \(path) [page \(page) of 2] <=="
        guard let start = output.range(of: header) else { return "" }
        let rest = output[start.upperBound...]
        return String(rest[..<(rest.range(of: "==> ")?.lowerBound ?? rest.endIndex)])
    }

    @Test("Every page of a scanned PDF is rendered at its scan's resolution, pixel for pixel: the same text as reading the images")
    func scannedPages() async throws {
        let pdf = Fixture("pdf/scan-2pages.pdf").path
        let read = await Self.run(["scan", pdf])
        #expect(read.status == .success)
        let images = await Self.run(["scan", Fixture("receipt.png").path, Fixture("three-lines.png").path])
        let imageSections = images.output.components(separatedBy: "<==\n").dropFirst().map { $0.components(separatedBy: "\n==> ")[0] }
        try #require(imageSections.count == 2)
        #expect(Self.section(read.output, of: pdf, page: 1).trimmingCharacters(in: .newlines) == imageSections[0].trimmingCharacters(in: .newlines))
        #expect(Self.section(read.output, of: pdf, page: 2).trimmingCharacters(in: .newlines) == imageSections[1].trimmingCharacters(in: .newlines))
    }

    @Test("A page that already carries text is noted and left out (exit 0); --read-text-pages reads it")
    func textPages() async throws {
        let pdf = Fixture("pdf/text-page.pdf").path
        let noted = await Self.run(["scan", pdf])
        #expect(noted.status == .success)
        #expect(noted.output.isEmpty)
        #expect(noted.error.hasPrefix("Note: ") && noted.error.contains("already carries text"))
        let read = await Self.run(["scan", pdf, "--read-text-pages"])
        #expect(read.status == .success)
        #expect(read.output.contains("3,600"), "\(read.output)")
    }

    @Test(
        "Hostile PDFs are answered with a clear error or their text, never a hang",
        arguments: [
            ("encrypted.pdf", ExitCode.dataError, "it is encrypted"), ("too-many-pages.pdf", .dataError, "at most 1000"),
            ("javascript.pdf", .success, ""), ("page-bomb.pdf", .success, ""), ("broken-xref.pdf", .success, ""),
        ])
    func hostile(name: String, status: ExitCode, message: String) async {
        let run = await Self.run(["scan", Fixture("pdf/\(name)").path, "-q"])
        #expect(run.status == status)
        if status == .success {
            #expect(run.error.isEmpty, "\(run.error)")
        } else {
            #expect(run.error.contains(message), "\(run.error)")
        }
    }

    @Test("A searchable PDF of a scanned PDF keeps each page's size, and pdftotext gives the reading")
    func searchablePDFOfPDF() async throws {
        let pdf = Fixture("pdf/scan-2pages.pdf").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let written = await Self.run(["scan", pdf, "--format", "pdf", "-o", output])
        #expect(written.status == .success)
        let sizes = { (path: String) throws -> [String] in
            try ScanCommandTests.poppler("pdfinfo", ["-f", "1", "-l", "2", path]).split(separator: "\n").filter {
                $0.hasPrefix("Page") && $0.contains("size:")
            }.map {
                String($0)
            }
        }
        #expect(try sizes(output) == sizes(pdf))
        let read = await Self.run(["scan", pdf])
        let text = try ScanCommandTests.poppler("pdftotext", ["-layout", output, "-"])
        let recognized = read.output.split(separator: "\n").filter { !$0.hasPrefix("==>") }.joined(separator: "\n")
        #expect(CharacterErrorRate.between(text, recognized) <= 0.02, "\(text)")
    }

    @Test("A page is read as it is shown: the line under a redaction's black box is not read, nor put in the searchable PDF")
    func redactionHonoured() async throws {
        let pdf = Fixture("pdf/redacted-scan.pdf").path
        let read = await Self.run(["scan", pdf, "-q"])
        #expect(read.status == .success)
        let lines = read.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(!read.output.contains("수익률"), "the hidden line was read: \(read.output)")
        #expect(read.output.contains("보인다") && read.output.contains("쉽다"), "\(read.output)")

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("redacted-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(await Self.run(["scan", pdf, "--format", "pdf", "-o", output, "-q"]).status == .success)
        let text = try ScanCommandTests.poppler("pdftotext", [output, "-"])
        #expect(!text.contains("수익률") && text.contains("보인다"), "\(text)")
    }

    @Test("A text layer that holds a little of the page (a stamp on a scan) does not skip it: the scan and the stamp are read")
    func partialTextLayer() async throws {
        let read = await Self.run(["scan", Fixture("pdf/stamped-scan.pdf").path, "-q"])
        #expect(read.status == .success)
        #expect(read.output.contains("수익률을") && read.output.contains("ABC-000123"), "\(read.output)")
    }

    @Test("--format json prints a document for a page not read: its file, the reason and the exit code")
    func jsonOfSkippedPage() async throws {
        let run = await Self.run(["scan", Fixture("pdf/text-page.pdf").path, "--format", "json", "-q"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect((object["error"] as? String)?.contains("already carries text") == true)
        #expect(object["exitCode"] as? Int == 0)
        #expect(try JSONSchema.resultDocument.problems(in: Data(run.output.utf8), definition: "failure") == [])
    }

    @Test("A PDF named like a poppler option (-h, --help, -png) is read as the file it is")
    func optionLikeNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["-h", "--help", "-png"] {
            try FileManager.default.copyItem(at: Fixture("pdf/redacted-scan.pdf").url, to: directory.appendingPathComponent(name))
        }
        let run = try ExecutableTests.shell("cd '\(directory.path)' && \"$OCR\" scan -q -- -h --help -png")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.components(separatedBy: "보인다").count == 4, "\(run.standardOutput)")
    }
}
