import Foundation
import OCRCommandLine
import OCRTestSupport
import Testing

@Suite("ocr scan in process: output formats and exit statuses")
struct ScanCommandTests {
    @Test("Text output prints the recognised lines")
    func textOutput() async throws {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(SuiteLimits.commandLine(["scan", Fixture("three-lines.png").path]), console: captured.console)
        #expect(status == .success)
        let lines = captured.standardOutput.split(separator: "\n").map { CharacterErrorRate.stripped(String($0)) }
        try #require(lines.count == 3)
        #expect(lines[0].contains("상승장에서는"))
        #expect(lines[2].contains("이유만으로"))
        #expect(captured.standardError.isEmpty)
    }

    @Test("JSON output follows the documented schema")
    func jsonOutput() async throws {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(
                ["scan", Fixture("receipt.png").path, "--format", "json", "--min-confidence", "0.3"]), console: captured.console)
        #expect(status == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8)) as? [String: Any])
        #expect(json["file"] as? String == Fixture("receipt.png").path)
        #expect(json["width"] as? Int == 560)
        #expect(json["rotation"] as? Int == 0)
        #expect(json["minimumConfidence"] as? Double == 0.3)
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 7)
        let first = try #require(lines.first)
        #expect(CharacterErrorRate.stripped(first["text"] as? String ?? "") == "행복마트역삼점")
        let box = try #require(first["boundingBox"] as? [String: Double])
        #expect(Set(box.keys) == ["x", "y", "width", "height"])
        #expect((box["y"] ?? 0) > 0.8)  // the first line is near the top: high y in Vision's convention
        let words = try #require(first["words"] as? [[String: Any]])
        #expect(words.map { $0["text"] as? String } == ["행복마트", "역삼점"])
    }

    @Test("TSV output has a header and one row per line, and several inputs are all read")
    func tsvOutputManyFiles() async throws {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(
                ["scan", Fixture("three-lines.png").path, Fixture("mixed.png").path, "--format", "tsv"]), console: captured.console)
        #expect(status == .success)
        let rows = captured.standardOutput.split(separator: "\n")
        #expect(rows.first == "file\tline\tconfidence\tx\ty\twidth\theight\ttext")
        #expect(rows.count == 1 + 3 + 3)
        #expect(rows.dropFirst().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 8 })
    }

    @Test("Standard input is read for '-'")
    func standardInput() async throws {
        let captured = CapturedConsole(input: try Fixture("three-lines.png").data())
        let status = await OCRCommandLine.run(SuiteLimits.commandLine(["scan", "-"]), console: captured.console)
        #expect(status == .success)
        #expect(captured.standardOutput.split(separator: "\n").count == 3)
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: ExitCode
        var messageFragment: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let failureCases: [FailureCase] = [
        FailureCase(arguments: ["scan", "/nonexistent/receipt.png"], status: .dataError, messageFragment: "no such file"),
        FailureCase(arguments: ["scan", Fixture("three-lines.txt").path], status: .dataError, messageFragment: "not an image"),
        FailureCase(
            arguments: ["scan", Fixture("three-lines.png").path, "--lang", "xyz"], status: .unavailable,
            messageFragment: "apt-get install tesseract-ocr-xyz"),
        FailureCase(arguments: ["scan", Fixture("three-lines.png").path, "--bogus"], status: .usage, messageFragment: "Unknown option '--bogus'"),
        FailureCase(
            arguments: ["scan", Fixture("three-lines.png").path, "--extract", "receipt", "--format", "alto"], status: .usage,
            messageFragment: "'--format alto' cannot hold"),
        FailureCase(
            arguments: ["scan", Fixture("three-lines.png").path, Fixture("receipt.png").path, "--annotate", "/tmp/x.png"], status: .usage,
            messageFragment: "'--annotate' draws one image file"),
        FailureCase(
            arguments: ["scan", Fixture("three-lines.png").path, "--format", "pdf"], status: .usage,
            messageFragment: "give it with --output FILE.pdf"),
        FailureCase(
            arguments: ["scan", Fixture("three-lines.png").path, "--custom-words", "/nonexistent/words.txt"], status: .usage,
            messageFragment: "no such file; give a UTF-8 text file"),
    ]

    @Test("Failures exit with the documented status and a clear message", arguments: failureCases)
    func failures(testCase: FailureCase) async {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(SuiteLimits.commandLine(testCase.arguments), console: captured.console)
        #expect(status == testCase.status)
        #expect(captured.standardError.hasPrefix("Error: "))
        #expect(captured.standardError.contains(testCase.messageFragment), "\(captured.standardError)")
        #expect(captured.standardOutput.isEmpty)
    }

    @Test("A bad file in a batch is reported and the other files are still read")
    func batchContinues() async {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(
                ["scan", "/nonexistent.png", Fixture("three-lines.png").path]), console: captured.console)
        #expect(status == .dataError)
        #expect(captured.standardError.contains("/nonexistent.png"))
        #expect(captured.standardOutput.contains("==> \(Fixture("three-lines.png").path) <=="))
        #expect(captured.standardOutput.split(separator: "\n").count == 4)
    }

    @Test("--format hocr and alto write one document with a page per image, the recognised Korean in it")
    func documentFormats() async throws {
        for format in ["hocr", "alto"] {
            let captured = CapturedConsole()
            let status = await OCRCommandLine.run(
                SuiteLimits.commandLine(
                    ["scan", Fixture("three-lines.png").path, Fixture("receipt.png").path, "--format", format]), console: captured.console)
            #expect(status == .success)
            let output = captured.standardOutput
            #expect(output.hasPrefix("<?xml") && output.contains("상승장에서는"))
            #expect(output.components(separatedBy: format == "hocr" ? "class=\"ocr_page\"" : "<Page ").count - 1 == 2)
            #expect(output.components(separatedBy: format == "hocr" ? "</html>" : "</alto>").count - 1 == 1)
        }
    }

    /// Runs a poppler tool (installed by Scripts/setup.sh) and returns what it printed.
    static func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("--format pdf writes a searchable PDF: a page per image at its aspect, and pdftotext gives the recognised text")
    func searchablePDF() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let images = [Fixture("three-lines.png"), Fixture("receipt-rot90.png")]
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan"] + images.map(\.path) + ["--format", "pdf", "--output", path]), console: captured.console)
        #expect(status == .success)
        #expect(captured.standardOutput.isEmpty)
        let extracted = try Self.poppler("pdftotext", [path, "-"]).filter { !$0.isWhitespace }
        for expected in ["상승장에서는누구나투자의천재처럼보인다.", "행복마트역삼점", "사업자번호214-86-12345", "합계"] {
            #expect(extracted.contains(expected), "\(extracted)")
        }
        let info = try Self.poppler("pdfinfo", ["-f", "1", "-l", "2", path])
        #expect(info.contains("Pages:           2"))
        // Page 1 is 697 × 233 px; page 2 the receipt stood upright (560 × 388 px).
        for (page, (width, height)) in [(1, (697.0, 233.0)), (2, (560.0, 388.0))] {
            let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Page    \(page) size:") })
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            #expect(numbers.count >= 2 && abs(numbers[numbers.count - 2] / numbers[numbers.count - 1] - width / height) < 0.01, "\(line)")
        }
    }

    @Test("A multi-page TIFF prints a result per page, in every format")
    func multiPage() async throws {
        let path = Fixture("formats/three-lines-2pages.tif").path
        let json = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", path, "--format", "json"]), console: json.console) == .success)
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(pages.map { $0["file"] as? String } == ["\(path) [page 1 of 2]", "\(path) [page 2 of 2]"])
        #expect((pages[1]["text"] as? String)?.contains("합계") == true)
        let hocr = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", path, "--format", "hocr"]), console: hocr.console) == .success)
        #expect(hocr.standardOutput.components(separatedBy: "class=\"ocr_page\"").count - 1 == 2)
    }

    @Test("--lang auto reads an English page with English alone, and JSON says so")
    func automaticLanguage() async throws {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan", Fixture("english.png").path, "--lang", "auto", "--format", "json"]), console: captured.console)
        #expect(status == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8)) as? [String: Any])
        #expect(json["languages"] as? [String] == ["eng"])
        #expect((json["text"] as? String)?.contains("Thank you for shopping") == true)
    }

    @Test("--custom-words reads a word list and the word it names is read right")
    func customWords() async {
        let captured = CapturedConsole()
        let words = Fixture.directory.appendingPathComponent("custom-words.words").path
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan", Fixture("custom-words.png").path, "--custom-words", words]), console: captured.console)
        #expect(status == .success)
        #expect(captured.standardOutput.contains("꿔바로우"), "\(captured.standardOutput)")
    }

    @Test("--annotate writes the upright image as a PNG beside the usual output")
    func annotate() async throws {
        let captured = CapturedConsole()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("annotate-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan", Fixture("receipt-rot90.png").path, "--annotate", path]), console: captured.console)
        #expect(status == .success)
        #expect(captured.standardOutput.contains("행복마트"))
        #expect(captured.standardError.contains("rotation 90°"))
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("ocr langs lists kor, eng and osd with their directory")
    func langs() async {
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["langs"]), console: captured.console) == .success)
        let codes = captured.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(["kor", "eng", "osd"]).isSubset(of: codes))
    }
}

@Suite("ocr scan in process: rules and receipt extraction")
struct ScanRulesCommandTests {
    @Test("--extract receipt --format json prints the receipt fields beside the lines")
    func receiptJSON() async throws {
        let captured = CapturedConsole()
        let fixture = ReceiptFixture(name: "01-store")
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(
                ["scan", fixture.imageURL.path, "--extract", "receipt", "--format", "json"]), console: captured.console)
        #expect(status == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8)) as? [String: Any])
        #expect((json["lines"] as? [Any])?.isEmpty == false)
        let receipt = try #require(json["receipt"] as? [String: Any])
        let total = try #require(receipt["total"] as? [String: Any])
        #expect(total["value"] as? Int == (try fixture.expected().total))
        #expect((total["confidence"] as? Double ?? 0) >= 0.9)
        #expect(total["lines"] as? [Int] != nil && total["boundingBox"] as? [String: Double] != nil)
        let date = try #require(receipt["date"] as? [String: Any])
        #expect(date["value"] as? String == "\(try fixture.expected().date) \(try fixture.expected().time)")
        let time = try #require(receipt["time"] as? [String: Any])
        #expect(time["value"] as? String == (try fixture.expected().time))
        #expect((receipt["businessRegistrationNumber"] as? [String: Any])?["value"] as? String == (try fixture.expected().businessNumber))
        #expect((receipt["checks"] as? [String: Bool])?["itemsMatchTotal"] == true)
    }

    @Test("--extract receipt in text prints a readable summary")
    func receiptText() async throws {
        let captured = CapturedConsole()
        let fixture = ReceiptFixture(name: "02-restaurant")
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(["scan", fixture.imageURL.path, "--extract", "receipt"]), console: captured.console)
        #expect(status == .success)
        let expected = try fixture.expected()
        let total = captured.standardOutput.split(separator: "\n").first { $0.hasPrefix("Total") }
        #expect(total?.contains(ReceiptSummaryFormat.won(expected.total)) == true)
        #expect(captured.standardOutput.contains("Business number  \(expected.businessNumber)"))
    }

    @Test("--raw prints every line as the engine read it; the standard rules clean and filter")
    func raw() async throws {
        let image = ReceiptFixture(name: "01-store").imageURL.path
        let standard = CapturedConsole()
        let strict = CapturedConsole()
        let raw = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", image]), console: standard.console) == .success)
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", image, "--min-confidence", "0.97"]), console: strict.console) == .success)
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", image, "--raw"]), console: raw.console) == .success)
        let rawLines = raw.standardOutput.split(separator: "\n")
        let standardLines = standard.standardOutput.split(separator: "\n")
        // The engine keeps receipt columns apart with runs of spaces; the clean-up makes them one.
        #expect(rawLines.contains { $0.contains("  ") })
        #expect(!standardLines.contains { $0.contains("  ") })
        #expect(strict.standardOutput.split(separator: "\n").count < rawLines.count)
    }

    @Test("--region keeps the text inside it; --min-text-height drops text shorter than it")
    func regionAndHeight() async throws {
        let image = ReceiptFixture(name: "01-store").imageURL.path
        let top = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", image, "--region", "0,0.75,1,0.25"]), console: top.console) == .success)
        let topLines = top.standardOutput.split(separator: "\n")
        #expect((1...6).contains(topLines.count))
        #expect(topLines.first.map(String.init) == (try ReceiptFixture(name: "01-store").expected().merchant))
        let tall = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["scan", image, "--min-text-height", "0.5"]), console: tall.console) == .success)
        #expect(tall.standardOutput.isEmpty)
    }
}

/// The amount format the text summary uses, for comparing.
enum ReceiptSummaryFormat {
    static func won(_ amount: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return (formatter.string(from: NSNumber(value: amount)) ?? "\(amount)") + "원"
    }
}
