import Foundation
import OCRCommandLine
import OCRTestSupport
import Testing

@Suite("ocr scan batches: directories, jobs, JSON lines, progress")
struct BatchScanTests {
    /// A temporary directory holding copies of fixtures, some in a subdirectory.
    static func directory(top: [String], nested: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-batch-\(UUID())")
        let sub = root.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for name in top {
            try FileManager.default.copyItem(at: Fixture(name).url, to: root.appendingPathComponent((name as NSString).lastPathComponent))
        }
        for name in nested {
            try FileManager.default.copyItem(at: Fixture(name).url, to: sub.appendingPathComponent((name as NSString).lastPathComponent))
        }
        try Data("not an image".utf8).write(to: root.appendingPathComponent("notes.txt"))
        return root
    }

    @Test("A directory is read at its top level, sorted; --recursive goes down")
    func directories() async throws {
        let root = try Self.directory(top: ["mixed.png", "three-lines.png"], nested: ["receipt.png"])
        defer { try? FileManager.default.removeItem(at: root) }
        let flat = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", root.path, "--format", "tsv"]), console: flat.console) == .success)
        let files = Set(flat.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[0] })
        #expect(files.map { ($0 as NSString).lastPathComponent }.sorted() == ["mixed.png", "three-lines.png"])

        let deep = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["scan", root.path, "-r", "--format", "jsonl", "--jobs", "2"]), console: deep.console)
                == .success)
        #expect(deep.standardOutput.split(separator: "\n").count == 3)
    }

    @Test("A file whose name is not UTF-8 is reported as skipped, and the exit status says something was not read")
    func invalidName() async throws {
        let root = try Self.directory(top: ["three-lines.png"], nested: [])
        defer { try? FileManager.default.removeItem(at: root) }
        // root/bad\xFF.png, created from raw bytes (no Swift String can name it).
        let name: [UInt8] = Array((root.path + "/bad").utf8) + [0xFF] + Array(".png".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        let page = try Fixture("three-lines.png").data()
        #expect(page.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == page.count)
        close(descriptor)
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", root.path, "--format", "tsv"]), console: captured.console) == .dataError)
        #expect(captured.standardOutput.contains("three-lines.png"))
        #expect(captured.standardError.contains("skipped: its name is not valid UTF-8"))
    }

    @Test("JSON lines: one object per image as it finishes, errors included, indices match inputs")
    func jsonLines() async throws {
        let inputs = [Fixture("three-lines.png").path, "/nonexistent/a.png", Fixture("mixed.png").path, Fixture("three-lines.txt").path]
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan"] + inputs + ["--format", "jsonl", "-j", "2"]), console: captured.console)
        #expect(status == .dataError)
        let objects = try captured.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        try #require(objects.count == 4)
        let byIndex = Dictionary(uniqueKeysWithValues: objects.map { ($0["index"] as? Int ?? -1, $0) })
        #expect(Set(byIndex.keys) == [0, 1, 2, 3])
        for (index, input) in inputs.enumerated() { #expect(byIndex[index]?["file"] as? String == input) }
        #expect((byIndex[0]?["result"] as? [String: Any])?["lines"] != nil)
        #expect(byIndex[1]?["exitCode"] as? Int == 65)
        #expect((byIndex[1]?["error"] as? String)?.contains("no such file") == true)
        #expect(byIndex[3]?["exitCode"] as? Int == 65)
        #expect(objects.allSatisfy { ($0["seconds"] as? Double ?? -1) >= 0 })
        #expect(captured.standardError.split(separator: "\n").count == 2)
    }

    @Test("Text output keeps the input order whatever order the images finish in")
    func orderedText() async throws {
        let inputs = ["page.png", "three-lines.png", "mixed.png"].map { Fixture($0).path }
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan"] + inputs + ["--jobs", "3"]), console: captured.console) == .success)
        let headers = captured.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }.map(String.init)
        #expect(headers == inputs.map { "==> \($0) <==" })
    }

    @Test("The progress bar goes to a terminal's stderr, and --quiet silences it")
    func progress() async throws {
        let inputs = [Fixture("three-lines.png").path, Fixture("mixed.png").path]
        let captured = CapturedConsole()
        var terminal = captured.console
        terminal.standardErrorIsTerminal = true
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan"] + inputs), console: terminal) == .success)
        #expect(captured.standardError.contains("2/2"))
        #expect(captured.standardError.contains("images/s"))
        #expect(captured.standardOutput.contains("==>"))

        let quiet = CapturedConsole()
        var quietConsole = quiet.console
        quietConsole.standardErrorIsTerminal = true
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan"] + inputs + ["--quiet"]), console: quietConsole) == .success)
        #expect(quiet.standardError.isEmpty)
    }

    @Test("An empty directory is an error that says what to do")
    func emptyDirectory() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-empty-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", root.path]), console: captured.console) == .dataError)
        #expect(captured.standardError.contains("No images found"))
    }
}
