import Foundation
import OCRCommandLine
import OCRTestSupport
import Synchronization
import Testing

/// `ocr` against inputs and outputs that go wrong: link loops, outputs that would destroy a
/// file, standard input named twice, file names that forge output, oversized word lists
/// and texts. Each is answered with a clear error, and nothing good is lost.
@Suite("ocr against hostile inputs and outputs")
struct HostileInputTests {
    /// A temporary directory holding `three-lines.png` as `a.png`, removed by the caller.
    static func directory() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixture("three-lines.png").url, to: root.appendingPathComponent("a.png"))
        return root
    }

    static func run(_ arguments: [String], input: Data = Data()) async -> (status: ExitCode, output: String, error: String) {
        let captured = CapturedConsole(input: input)
        let status = await OCRCommandLine.run(SuiteLimits.commandLine(arguments), console: captured.console)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test("A recursive walk through links to its own directory reads each image once and ends; --follow-links still enters each directory once")
    func linkLoops() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["x", "y"] {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(name).path, withDestinationPath: ".")
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("root").path, withDestinationPath: "/")
        let walked = await Self.run(["scan", "-r", "--format", "jsonl", root.path])
        #expect(walked.status == .success)
        #expect(walked.output.split(separator: "\n").count == 1)
        #expect(walked.error.contains("root: a link to a directory, not followed"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("root"))
        let followed = await Self.run(["scan", "-r", "-L", "-q", "--format", "jsonl", root.path])
        #expect(followed.status == .success)
        #expect(followed.output.split(separator: "\n").count == 1)
    }

    @Test("When no image is read, an existing PDF is left as it was and the exit status says so")
    func pdfOfNothingKeepsTheOldOne() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("keep.pdf")
        let good = Data("%PDF-1.5 a good document".utf8)
        try good.write(to: target)
        let run = await Self.run(["scan", "/nonexistent/a.png", "--format", "pdf", "-o", target.path])
        #expect(run.status == .dataError)
        #expect(run.error.contains("no image was read, so no PDF was written"))
        #expect(try Data(contentsOf: target) == good)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["a.png", "keep.pdf"])  // no temporary left
    }

    @Test(
        "An output that would destroy an input, or a file of another kind, is refused before any image is read",
        arguments: [
            (["--annotate", "a.png"], "it is one of the images being read"),
            (["--format", "pdf", "-o", "b.png"], "it exists and is not a PDF"),
            (["--format", "pdf", "-o", "no/such/directory/x.pdf"], "the directory does not exist"),
        ])
    func destructiveOutputs(options: [String], reason: String) async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("a.png")
        try FileManager.default.copyItem(at: input, to: root.appendingPathComponent("b.png"))
        let before = try Data(contentsOf: input)
        let relative = options.map { $0.hasSuffix(".png") || $0.hasSuffix(".pdf") ? root.appendingPathComponent($0).path : $0 }
        let run = await Self.run(["scan", input.path] + relative)
        #expect(run.status == .failure)
        #expect(run.error.contains(reason))
        #expect(run.output.isEmpty)
        #expect(try Data(contentsOf: input) == before)
        #expect(try Data(contentsOf: root.appendingPathComponent("b.png")) == before)
    }

    @Test("A PDF from standard input reads it once: the page picture comes from the same bytes")
    func standardInputToPDF() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("stdin.pdf")
        let reads = Mutex(0)
        let image = try Fixture("three-lines.png").data()
        let once = CapturedConsole(input: image)
        let console = Console(
            standardOutput: once.console.standardOutput, standardError: once.console.standardError,
            readStandardInput: {
                let count = reads.withLock { count in
                    count += 1
                    return count
                }
                return count == 1 ? image : Data()
            })
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "-", "--format", "pdf", "-o", target.path]), console: console) == .success)
        #expect(try Data(contentsOf: target).starts(with: Data("%PDF-".utf8)))
        #expect(once.standardError.contains("Wrote") && once.standardError.contains("(1 page)"))
        #expect(reads.withLock { $0 } == 1)
    }

    @Test(
        "Usage mistakes that would read twice, write nowhere or read with the orientation model are refused",
        arguments: [
            (["scan", "-", "-"], "can be read only once"),
            (["scan", "a.png", "--annotate", ""], "give a file name"),
            (["scan", "a.png", "--lang", "osd"], "orientation and script model"),
            (["extract", "receipt", "-", "-"], "can be read only once"),
        ])
    func usageMistakes(arguments: [String], message: String) async {
        let run = await Self.run(arguments)
        #expect(run.status == .usage)
        #expect(run.error.contains(message))
    }

    @Test("A region may be written with negative zeros")
    func negativeZeroRegion() throws {
        guard case .scan(let options) = try CommandParser.parse(["scan", "a.png", "--region", "-0,-0,1,1"]) else {
            Issue.record("not a scan")
            return
        }
        #expect(options.region?.width == 1)
    }

    @Test("File names are printed with their control characters escaped: none forges a header, a line or a TSV row")
    func namesEscaped() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let forged = "fake\n==> forged.png <==\nINJECTED\r\u{1B}[31m.png"
        try FileManager.default.copyItem(at: root.appendingPathComponent("a.png"), to: root.appendingPathComponent(forged))
        let text = await Self.run(["scan", root.path])
        let lines = text.output.split(separator: "\n")
        #expect(!lines.contains("==> forged.png <==") && !lines.contains("INJECTED"))
        #expect(!text.output.contains("\u{1B}") && !text.output.contains("\r"))
        #expect(text.output.contains(#"fake\n==> forged.png <==\nINJECTED\r\e[31m.png"#))
        let tsv = await Self.run(["scan", root.path, "--format", "tsv"])
        #expect(tsv.output.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 8 })
        let missing = await Self.run(["scan", root.appendingPathComponent("gone\n.png").path])
        #expect(missing.error.hasSuffix("gone\\n.png: Cannot read the file: no such file.\n"))
    }

    @Test("A words file larger than any word list is refused before it is read")
    func oversizedWordList() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let words = root.appendingPathComponent("words.txt")
        #expect(FileManager.default.createFile(atPath: words.path, contents: nil))
        let handle = try FileHandle(forWritingTo: words)
        try handle.truncate(atOffset: 1 << 30)  // sparse: no disk is spent
        try handle.close()
        let run = await Self.run(["scan", root.appendingPathComponent("a.png").path, "--custom-words", words.path])
        #expect(run.status == .usage)
        #expect(run.error.contains("more than 4 MiB, more than any word list"))
    }

    @Test("A text larger than any receipt's is refused, and a line of 20,000 digits is extracted in linear time")
    func extractorInputs() async throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let large = root.appendingPathComponent("large.txt")
        try Data(repeating: UInt8(ascii: "7"), count: 200 << 10).write(to: large)
        let refused = await Self.run(["extract", "receipt", large.path])
        #expect(refused.status == .dataError)
        #expect(refused.error.contains("more than any receipt's text"))
        // Quadratic pattern searches took 31 s for 10,000 digits; linear ones well under a second.
        // The limit is generous: it fails only when the time grows with the square of the line.
        let digits = root.appendingPathComponent("digits.txt")
        try Data(repeating: UInt8(ascii: "7"), count: 20_000).write(to: digits)
        let clock = ContinuousClock()
        let start = clock.now
        let extracted = await Self.run(["extract", "receipt", digits.path])
        #expect(extracted.status == .success)
        #expect(clock.now - start < .seconds(60))
    }
}
