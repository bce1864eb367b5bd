import Foundation
import OCRTestSupport
import Testing

/// Runs the built `ocr` binary as a user would and checks stdout, stderr and the exit status.
@Suite("The ocr binary end to end")
struct ExecutableTests {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static var binary: URL {
        get throws {
            // The test runner lives in the same build products directory as `ocr`.
            let candidates = [
                Bundle.main.executableURL?.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                Fixture.directory.deletingLastPathComponent().appendingPathComponent(".build/debug"),
            ].compactMap { $0?.appendingPathComponent("ocr") }
            return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        }
    }

    /// Runs the `ocr` binary with `arguments`, feeding it `input` on standard input.
    static func run(_ arguments: [String], input: Data? = nil) throws -> Run {
        try launch(binary, SuiteLimits.commandLine(arguments), input: input)
    }

    /// Runs a bash script in which `$OCR` is the binary (for pipelines and redirections).
    static func shell(_ script: String) throws -> Run {
        try launch(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: ["OCR": try binary.path])
    }

    static func launch(_ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        try standardInput.fileHandleForWriting.write(contentsOf: input ?? Data())
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    @Test("An unreadable directory is named with the reason, whether given or met while recursing; the others are read")
    func unreadableDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locked-\(UUID())")
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Fixture("three-lines.png").url, to: root.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: Fixture("three-lines.png").url, to: locked.appendingPathComponent("b.png"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        // Root reads any directory: run as nobody then.
        let asUser = getuid() == 0 ? "runuser -u nobody -- " : ""
        let recursive = try Self.shell("\(asUser)\"$OCR\" scan -r '\(root.path)'")
        #expect(recursive.status == 65)
        #expect(recursive.standardOutput.contains("상승장에서는"))
        #expect(recursive.standardError.contains("\(locked.path): skipped: cannot read the directory: permission denied"))
        let given = try Self.shell("\(asUser)\"$OCR\" scan '\(locked.path)'")
        #expect(given.status == 65)
        #expect(given.standardError.contains("permission denied"))
        #expect(!given.standardError.contains("No images found"))
    }

    @Test("Scanning a Korean fixture prints its lines and nothing else")
    func scan() throws {
        let run = try Self.run(["scan", Fixture("three-lines.png").path, "--lang", "kor+eng"])
        #expect(run.status == 0)
        #expect(CharacterErrorRate.between(run.standardOutput, try Fixture("three-lines.png").expectedText()) <= 0.05)
        #expect(run.standardError.isEmpty)
    }

    @Test("A rotated page with --rotation reads like the upright one")
    func rotation() throws {
        let run = try Self.run(["scan", Fixture("receipt-rot270.png").path, "--rotation", "270"])
        #expect(run.status == 0)
        #expect(CharacterErrorRate.between(run.standardOutput, try Fixture("receipt.png").expectedText()) <= 0.05)
    }

    @Test("JSON from standard input parses")
    func jsonFromStandardInput() throws {
        let run = try Self.run(["scan", "-", "--format", "json"], input: try Fixture("mixed.png").data())
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        #expect((object?["lines"] as? [Any])?.count == 3)
        #expect(object?["file"] as? String == "<stdin>")
    }

    @Test("Help goes to stdout with exit 0, in the argument parser's layout", arguments: [["--help"], ["scan", "--help"], ["help", "langs"]])
    func help(arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(run.standardOutput.contains("USAGE: ocr"))
        #expect(run.standardOutput.contains("OPTIONS:"))
        #expect(run.standardError.isEmpty)
    }

    @Test("A truncated PNG gives exactly one line on stderr, naming the file and the cause")
    func oneLineError() throws {
        let data = try Fixture("three-lines.png").data()
        let run = try Self.run(["scan", "-"], input: data.prefix(data.count / 2))
        #expect(run.status == 65)
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(run.standardError.hasPrefix("Error: <stdin>: The PNG image could not be decoded"))
    }

    @Test("A reader that closes the pipe early ends the command quietly")
    func closedPipe() throws {
        let page = Fixture("page.png").path
        let run = try Self.shell("\"$OCR\" scan '\(page)' '\(page)' '\(page)' | head -1; exit ${PIPESTATUS[0]}")
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").count == 1)
        #expect(run.standardError.isEmpty)
    }

    @Test("After the reader closes the pipe, the remaining images are not read")
    func closedPipeStopsTheBatch() throws {
        let page = Fixture("page.png").path
        let pages = Array(repeating: "'\(page)'", count: 20).joined(separator: " ")
        // SWIFTOCR_TRACE prints one line per image read; --jobs 1 reads one at a time.
        let run = try Self.shell("SWIFTOCR_TRACE=1 \"$OCR\" scan \(pages) --format jsonl --jobs 1 | head -1 > /dev/null; exit ${PIPESTATUS[0]}")
        #expect(run.status == 0)
        let read = run.standardError.split(separator: "\n").filter { $0.hasPrefix("swiftocr-trace") }.count
        #expect(read >= 1 && read <= 4, "\(read) of 20 images read after the pipe closed")
    }

    @Test("SWIFTOCR_TRACE=wall times the stages by the clock, =1 by the thread's CPU; the text is the same", arguments: ["1", "wall"])
    func stageTrace(mode: String) throws {
        let page = Fixture("three-lines.png").path
        let plain = try Self.shell("\"$OCR\" scan '\(page)'")
        let traced = try Self.shell("SWIFTOCR_TRACE=\(mode) \"$OCR\" scan '\(page)'")
        #expect(traced.status == 0)
        #expect(traced.standardOutput == plain.standardOutput)
        let line = try #require(traced.standardError.split(separator: "\n").first { $0.hasPrefix("swiftocr-trace ") })
        #expect(line.hasPrefix("swiftocr-trace clock=wall ") == (mode == "wall"))
        let read = try #require(line.split(separator: " ").first { $0.hasPrefix("read=") })
        #expect(Double(read.dropFirst("read=".count)).map { $0 > 0 } == true, "\(line)")
    }

    @Test("SWIFTOCR_SKIP leaves the named steps out, says so in the trace, and the page is still read")
    func stageAblation() throws {
        let receipt = Fixture("receipt.png").path
        let run = try Self.shell("SWIFTOCR_SKIP=numbers,unsure SWIFTOCR_TRACE=1 \"$OCR\" scan '\(receipt)'")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("합계"))
        let line = try #require(run.standardError.split(separator: "\n").first { $0.hasPrefix("swiftocr-trace ") })
        let fields = line.split(separator: " ")
        #expect(fields.contains("skipped=numbers+unsure"), "\(line)")
        #expect(!fields.contains { $0.hasPrefix("numbers=") || $0.hasPrefix("unsure=") }, "\(line)")
        #expect(fields.contains { $0.hasPrefix("korean=") }, "the other steps still run: \(line)")
    }

    @Test("A page of texture is answered from its measurements (traced as texture=); SWIFTOCR_SKIP=texture reads it")
    func textureTraced() throws {
        let specks = Fixture("fuzz/slow-specks.gif").path
        let answered = try Self.shell("SWIFTOCR_TRACE=1 \"$OCR\" scan '\(specks)'")
        #expect(answered.status == 0)
        #expect(answered.standardOutput.isEmpty)
        let line = try #require(answered.standardError.split(separator: "\n").first { $0.hasPrefix("swiftocr-trace ") })
        #expect(line.split(separator: " ").contains { $0.hasPrefix("texture=") }, "\(line)")
        #expect(!line.split(separator: " ").contains { $0.hasPrefix("read=") }, "nothing was read: \(line)")
        let read = try Self.shell("SWIFTOCR_SKIP=texture SWIFTOCR_TRACE=1 \"$OCR\" scan '\(specks)'")
        let readLine = try #require(read.standardError.split(separator: "\n").first { $0.hasPrefix("swiftocr-trace ") })
        #expect(!readLine.split(separator: " ").contains { $0.hasPrefix("texture=") } && readLine.contains(" read="), "\(readLine)")
    }

    @Test("--detector without the runtime reads as without it, and the trace says why (detector-off=)")
    func detectorAbsentTraced() throws {
        let receipt = Fixture("receipt.png").path
        let plain = try Self.shell("\"$OCR\" scan '\(receipt)' --time-limit 900")
        let absent = try Self.shell(
            "SWIFTOCR_DETECTOR=1 SWIFTOCR_ONNXRUNTIME=/nonexistent/libonnxruntime.so SWIFTOCR_TRACE=1 \"$OCR\" scan --detector '\(receipt)' --time-limit 900"
        )
        #expect(absent.status == 0)
        #expect(absent.standardOutput == plain.standardOutput && absent.standardOutput.contains("합계"))
        let line = try #require(absent.standardError.split(separator: "\n").first { $0.hasPrefix("swiftocr-trace ") })
        #expect(line.contains(" detector-off=SWIFTOCR_ONNXRUNTIME_names_no_file:_/nonexistent/libonnxruntime.so"), "\(line)")
    }

    @Test("Without zbar a page is read as ever and the trace says why barcodes were not")
    func barcodesAbsentTraced() throws {
        let page = Fixture("document/barcodes.png").path
        let plain = try Self.shell("\"$OCR\" scan '\(page)' --no-barcodes --time-limit 900")
        let absent = try Self.shell(
            "SWIFTOCR_BARCODES=1 SWIFTOCR_ZBAR=/nonexistent/libzbar.so.0 SWIFTOCR_TRACE=1 \"$OCR\" scan '\(page)' --time-limit 900")
        #expect(absent.status == 0)
        #expect(absent.standardOutput == plain.standardOutput && absent.standardOutput.contains("합계"))
        let line = try #require(absent.standardError.split(separator: "\n").first { $0.hasPrefix("swiftocr-trace ") })
        #expect(line.contains(" barcodes-off=zbar_was_not_found"), "\(line)")
    }

    @Test("--format markdown prints a ruled table as a pipe table, its header row first")
    func markdownTable() throws {
        let run = try Self.shell("\"$OCR\" scan '\(Fixture("ruled-table.png").path)' --format markdown --time-limit 900")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("| 분기 | 지역 | 매출 |\n| --- | --- | --- |\n| 1분기 | 서울 | 100 |\n"), "\(run.standardOutput)")
    }

    @Test("A full disk is one clear error and exit 1, not silent loss")
    func fullDisk() throws {
        let run = try Self.shell("\"$OCR\" scan '\(Fixture("three-lines.png").path)' > /dev/full")
        #expect(run.status == 1)
        #expect(run.standardError == "Error: Cannot write the results: No space left on device; free some space or write them elsewhere.\n")
    }

    @Test(
        "Unreadable language data is one clear error and exit 69",
        .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root needs setpriv to drop privileges"))
    func unreadableLanguageData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A copy of the binary anyone may run, outside directories an unprivileged user cannot enter.
        let binaryCopy = directory.appendingPathComponent("ocr")
        try FileManager.default.copyItem(at: try Self.binary, to: binaryCopy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binaryCopy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let image = directory.appendingPathComponent("page.png")
        try FileManager.default.copyItem(at: Fixture("three-lines.png").url, to: image)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: image.path)
        let data = directory.appendingPathComponent("tessdata")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: data.path)
        let asUser = getuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : ""
        let run = try Self.shell("\(asUser)'\(binaryCopy.path)' scan '\(image.path)' --tessdata '\(data.path)'")
        #expect(run.status == 69)
        #expect(
            run.standardError
                == "Error: Language data at '\(data.path)' exists but cannot be read (permission denied). Make it readable for this user (chmod a+rX), or point TESSDATA_PREFIX (or --tessdata) at a readable copy.\n"
        )
    }

    @Test("--version names the engine")
    func version() throws {
        let run = try Self.run(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("ocr "))
        #expect(run.standardOutput.contains("Tesseract 5"))
    }

    @Test(
        "Exit statuses: 64 usage, 65 bad input, 69 missing language",
        arguments: [
            (["scan", "--bogus", "x.png"], Int32(64)),
            (["scan"], 64),
            (["frobnicate"], 64),
            (["scan", "/no/such.png"], 65),
            (["scan", "-"], 65),  // empty standard input
            (["scan", "TestImages/three-lines.png", "--lang", "xyz"], 69),
            (["scan", "TestImages/three-lines.png", "--tessdata", "/nonexistent"], 69),
        ] as [([String], Int32)])
    func exitStatuses(arguments: [String], status: Int32) throws {
        let absolute = arguments.map {
            $0.hasPrefix("TestImages/") ? Fixture.directory.deletingLastPathComponent().appendingPathComponent($0).path : $0
        }
        let run = try Self.run(absolute)
        #expect(run.status == status)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("Error: "))
        if status == 64 {
            #expect(run.standardError.contains("Usage: ocr"))
            #expect(run.standardError.contains("--help' for more information."))
        }
    }
}
