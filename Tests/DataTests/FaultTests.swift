import Data
import Domain
import Foundation
import OCRTestSupport
import Testing

@Suite("Faults: corrupt language data, files vanishing mid-batch")
struct FaultTests {
    static func directory(with files: [String: Data]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test(
        "Corrupt language data is an engine error, not a crash, and the error says so",
        arguments: ["truncated", "random", "empty"])
    func corruptLanguageData(kind: String) async throws {
        let real = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata/kor.traineddata"))
        let bytes: Data = switch kind {
        case "truncated": real.prefix(100_000)
        case "random": Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        default: Data()
        }
        let directory = try Self.directory(with: ["kor.traineddata": bytes])
        defer { try? FileManager.default.removeItem(at: directory) }
        let repository = try TesseractOCRRepository(languages: ["kor"], dataDirectory: directory.path)
        let error = await #expect(throws: OCRError.self) {
            try await repository.recognizeText(in: Fixture("three-lines.png").data())
        }
        guard case .engineFailure(let reason)? = error else {
            Issue.record("expected an engine failure, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("corrupt"))
    }

    @Test("A file deleted while the batch runs fails alone; the others are read")
    func fileDeletedMidBatch() async throws {
        let page = try Fixture("three-lines.png").data()
        let directory = try Self.directory(with: ["1.png": page, "2.png": page, "3.png": page])
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = ["1.png", "2.png", "3.png"].map { directory.appendingPathComponent($0).path }
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        var outcomes: [Int: Result<OCRResult, any Error>] = [:]
        for await item in repository.recognizeText(in: paths.map { ImageSource.file(atPath: $0) }, maximumConcurrency: 1) {
            outcomes[item.index] = item.outcome
            if item.index == 0 { try FileManager.default.removeItem(atPath: paths[2]) }
        }
        #expect(outcomes.count == 3)
        #expect(try outcomes[0]?.get().filteredLines.count == 3)
        #expect(try outcomes[1]?.get().filteredLines.count == 3)
        #expect(throws: OCRError.unreadableFile(path: paths[2], reason: "no such file")) { try outcomes[2]?.get() }
    }
}

@Suite("Time limit")
struct TimeLimitTests {
    @Test("An image that takes longer than the time limit stops with OCRError.timedOut, and the engine reads the next one")
    func timesOut() async throws {
        let repository = try SharedRepository.get()
        var options = RecognitionOptions()
        options.timeLimit = .milliseconds(1)
        await #expect(throws: OCRError.timedOut(seconds: 0.001)) {
            try await repository.recognizeText(in: Fixture("page.png").data(), rotation: .upright, options: options)
        }
        let next = try await repository.recognizeText(in: Fixture("three-lines.png").data(), rotation: .upright)
        #expect(next.lines.count == 3)
    }

    @Test("A fuzz-found striped GIF that takes ~14 s to read stops at its time limit")
    func slowInputStops() async throws {
        var options = RecognitionOptions()
        options.timeLimit = .seconds(1)
        let repository = try TesseractOCRRepository(maximumEngines: 1)  // its own engine: no wait for a shared one
        try await repository.warmUp()
        let start = ContinuousClock.now
        await #expect(throws: OCRError.timedOut(seconds: 1)) {
            try await repository.recognizeText(in: Fixture("fuzz/striped-slow.gif").data(), rotation: nil, options: options)
        }
        #expect(ContinuousClock.now - start < .seconds(8))
    }
}
