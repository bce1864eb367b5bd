import Foundation
import OCRCommandLine
import OCRTestSupport
import Testing

/// `ocr scan --files-from`: paths read as they arrive, one JSON line per input as soon as it
/// is done, the map step of line-oriented engines (Docs/Scaling.md).
@Suite("ocr scan --files-from: a worker for Spark's pipe and GNU Parallel")
struct FilesFromTests {
    @Test("Every path on standard input gives exactly one JSON line with its path, and errors are lines too")
    func standardInput() async throws {
        let paths = [Fixture("three-lines.png").path, "/nonexistent/a.png", "", Fixture("mixed.png").path]
        let captured = CapturedConsole(input: Data((paths.joined(separator: "\n") + "\n").utf8))
        let status = await OCRCommandLine.run(["scan", "--files-from", "-", "--format", "jsonl", "--jobs", "2"], console: captured.console)
        #expect(status == .dataError)
        let records = try captured.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.count == 3, "the empty line is no input")
        let files = Set(records.compactMap { $0["file"] as? String })
        #expect(files == [paths[0], paths[1], paths[3]])
        let failed = try #require(records.first { $0["file"] as? String == paths[1] })
        #expect(failed["exitCode"] as? Int == 65)
        let read = try #require(records.first { $0["file"] as? String == paths[0] })
        let text = try #require((read["result"] as? [String: Any])?["text"] as? String)
        #expect(CharacterErrorRate.between(text, try Fixture("three-lines.png").expectedText()) <= 0.05)
    }

    @Test("A list file in text format prints in the list's order, a header per image; a missing list is one error")
    func listFile() async throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        try Data((Fixture("mixed.png").path + "\r\n" + Fixture("three-lines.png").path + "\r\n").utf8).write(to: list)
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(["scan", "--files-from", list.path], console: captured.console) == .success)
        let headers = captured.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        #expect(headers == ["==> \(Fixture("mixed.png").path) <==", "==> \(Fixture("three-lines.png").path) <=="])

        let missing = CapturedConsole()
        #expect(await OCRCommandLine.run(["scan", "--files-from", "/nonexistent/list.txt"], console: missing.console) == .dataError)
        #expect(missing.standardError.contains("cannot read the list of files"))
    }

    @Test(
        "--files-from takes no image paths beside it, nor --format pdf or --annotate",
        arguments: [["a.png"], ["--format", "pdf", "-o", "x.pdf"], ["--annotate", "x.png"], ["-"]])
    func usage(extra: [String]) async {
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(["scan", "--files-from", "-"] + extra, console: captured.console) == .usage)
    }
}
