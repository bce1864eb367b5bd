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
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan", "--files-from", "-", "--format", "jsonl", "--jobs", "2"]), console: captured.console)
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
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", list.path]), console: captured.console) == .success)
        let headers = captured.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        #expect(headers == ["==> \(Fixture("mixed.png").path) <==", "==> \(Fixture("three-lines.png").path) <=="])

        let missing = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", "/nonexistent/list.txt"]), console: missing.console)
                == .dataError)
        #expect(missing.standardError.contains("cannot read the list of files"))
    }

    @Test(
        "--files-from takes no image paths beside it, nor --format pdf or --annotate",
        arguments: [["a.png"], ["--format", "pdf", "-o", "x.pdf"], ["--annotate", "x.png"], ["-"]])
    func usage(extra: [String]) async {
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", "-"] + extra), console: captured.console) == .usage)
    }

    @Test("A list line that is no path — a NUL or control character, -, /dev/stdin — is refused with its line number; the rest are read")
    func linesThatAreNoPaths() async throws {
        let good = Fixture("three-lines.png").path
        let lines = [good + "\u{0}/../../etc/shadow", "/etc/passwd\u{0}.png", "-", "/dev/stdin", good + "\u{1B}", good]
        let captured = CapturedConsole(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        let status = await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", "-", "--format", "jsonl"]), console: captured.console)
        #expect(status == .dataError)
        let records = try captured.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.count == lines.count, "one line out per line in")
        let errors = Dictionary(uniqueKeysWithValues: records.map { ($0["index"] as? Int ?? -1, $0["error"] as? String ?? "") })
        #expect(errors[0]?.contains("line 1 of the list holds a NUL byte") == true, "\(errors[0] ?? "")")
        #expect(errors[1]?.contains("line 2 of the list holds a NUL byte") == true)
        #expect(errors[2]?.contains("line 3 of the list names standard input") == true)
        #expect(errors[3]?.contains("line 4 of the list names standard input") == true)
        #expect(errors[4]?.contains("U+001B") == true)
        #expect(errors[5] == "", "the plain path is read")
    }

    @Test("A list that is a directory, or that names itself, is refused")
    func listThatIsNoList() async throws {
        let directory = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", Fixture.directory.path]), console: directory.console)
                == .dataError)
        #expect(directory.standardError.contains("it is a directory"), "\(directory.standardError)")

        let list = FileManager.default.temporaryDirectory.appendingPathComponent("self-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        try Data((list.path + "\n").utf8).write(to: list)
        let itself = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", list.path, "--format", "jsonl"]), console: itself.console)
                == .dataError)
        #expect(itself.standardOutput.contains("names the list itself"), "\(itself.standardOutput)")
    }

    @Test("Each JSON line carries its input's index in the list, and a PDF's pages their page and page count")
    func pagesKeepTheirInput() async throws {
        let paths = [Fixture("pdf/scan-2pages.pdf").path, Fixture("three-lines.png").path]
        let captured = CapturedConsole(input: Data((paths.joined(separator: "\n") + "\n").utf8))
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "--files-from", "-", "--format", "jsonl"]), console: captured.console)
                == .success)
        let records = try captured.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let positions = Set(records.map { "\($0["index"] as? Int ?? -1) \($0["page"] as? Int ?? 0)/\($0["pages"] as? Int ?? 0)" })
        #expect(positions == ["0 1/2", "0 2/2", "1 0/0"])
        for record in captured.standardOutput.split(separator: "\n") {
            #expect(try JSONSchema.resultDocument.problems(in: Data(record.utf8), definition: "batchRecord") == [])
        }
    }
}
