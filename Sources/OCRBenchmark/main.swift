// ocr-benchmark: measurements through the library, for Docs/Benchmarks.md.
//
//   ocr-benchmark latency IMAGE [--runs N]            warm latency vs one `tesseract` command
//   ocr-benchmark memory IMAGE [--runs N] [--jobs J]  resident memory across N recognitions
//   ocr-benchmark region IMAGE [--runs N]             a quarter of the page (regionOfInterest) vs the whole
//   ocr-benchmark detect TEXT                         the data DataDetector finds in each line of a text
//                                                     file, one JSON object a match (Benchmarks/evaluate-detected-data.py)
import Data
import Domain
import Foundation

@main
struct OCRBenchmark {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
            fail("usage: ocr-benchmark latency|memory|region IMAGE [--runs N] [--jobs J] | detect TEXT")
        }
        let runs = option("--runs", in: arguments) ?? (arguments[0] == "memory" ? 1000 : 20)
        let jobs = option("--jobs", in: arguments) ?? 2
        do {
            switch arguments[0] {
            case "latency": try await latency(path: arguments[1], data: data, runs: runs)
            case "memory": try await memory(data: data, runs: runs, jobs: jobs)
            case "region": try await region(data: data, runs: runs)
            case "detect": detect(text: String(decoding: data, as: UTF8.self))
            default: fail("unknown measurement '\(arguments[0])'")
            }
        } catch {
            fail("\(error)")
        }
    }

    /// Every match in each line of `text`: `{"line", "kind", "text", "value"}`, one a line.
    static func detect(text: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        struct Record: Encodable {
            let line: Int
            let kind: String
            let text: String
            let value: String
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line)
            for match in DataDetector().matches(in: String(line)) {
                let record = Record(line: number, kind: match.kind.rawValue, text: String(characters[match.range]), value: match.value)
                if let json = try? encoder.encode(record) { print(String(decoding: json, as: UTF8.self)) }
            }
        }
    }

    /// Median and 90th-percentile warm latency of one recognition, against the wall time
    /// of `tesseract IMAGE - -l kor+eng` (default settings) on the same image.
    static func latency(path: String, data: Data, runs: Int) async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        _ = try await repository.recognizeText(in: data)  // warm-up: engines start here
        var library: [Double] = []
        for _ in 0..<runs {
            library.append(try await seconds { _ = try await repository.recognizeText(in: data) })
        }
        var command: [Double] = []
        for _ in 0..<max(3, runs / 4) {
            command.append(try await seconds { try runTesseract(path) })
        }
        let ours = median(library)
        let theirs = median(command)
        print(String(format: "warm latency through the library: median %.3f s, p90 %.3f s (%d runs)", ours, percentile(library, 0.9), runs))
        print(String(format: "one tesseract command, default settings: median %.3f s (%d runs)", theirs, command.count))
        print(String(format: "ratio: %.2f", ours / theirs))
    }

    /// Median warm latency of reading a quarter of the page through
    /// `RecognitionOptions.regionOfInterest` (the top-left quarter, and the top quarter
    /// band) against reading the whole page, in the same run, runs interleaved.
    static func region(data: Data, runs: Int) async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        _ = try await repository.recognizeText(in: data, rotation: .upright)  // warm-up
        let regions = [
            ("top-left quarter", NormalizedRect(x: 0, y: 0.5, width: 0.5, height: 0.5)),
            ("top quarter band", NormalizedRect(x: 0, y: 0.75, width: 1, height: 0.25)),
        ]
        var whole: [Double] = []
        var parts = Array(repeating: [Double](), count: regions.count)
        for _ in 0..<runs {
            whole.append(try await seconds { _ = try await repository.recognizeText(in: data, rotation: .upright) })
            for (index, region) in regions.enumerated() {
                var options = RecognitionOptions()
                options.regionOfInterest = region.1
                parts[index].append(try await seconds { _ = try await repository.recognizeText(in: data, rotation: .upright, options: options) })
            }
        }
        print(String(format: "whole page: median %.3f s (%d runs)", median(whole), runs))
        for (index, region) in regions.enumerated() {
            let part = median(parts[index])
            print(region.0 + String(format: ": median %.3f s, ratio to the whole page %.2f", part, part / median(whole)))
        }
    }

    /// Resident memory while recognising `runs` times with `jobs` at once: after warm-up,
    /// every 10% of the runs, and the growth from warm-up to the end.
    static func memory(data: Data, runs: Int, jobs: Int) async throws {
        let repository = try TesseractOCRRepository(maximumEngines: jobs)
        let warmUp = max(jobs * 4, runs / 20)
        let sources = Array(repeating: ImageSource.data(data, name: "image"), count: runs)
        var done = 0
        var afterWarmUp = 0
        var peak = 0
        var samples: [String] = []
        for await item in repository.recognizeText(in: sources, maximumConcurrency: jobs) {
            _ = try item.outcome.get()
            done += 1
            let rss = residentMegabytes()
            peak = max(peak, rss)
            if done == warmUp { afterWarmUp = rss }
            if done % max(1, runs / 10) == 0 { samples.append("\(done): \(rss) MB") }
        }
        let end = residentMegabytes()
        print("recognitions: \(runs), at once: \(jobs)")
        print("resident memory: " + samples.joined(separator: ", "))
        print("after warm-up (\(warmUp)): \(afterWarmUp) MB, at the end: \(end) MB, growth: \(end - afterWarmUp) MB, peak: \(peak) MB")
    }

    static func runTesseract(_ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
        process.arguments = [path, "-", "-l", "kor+eng"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    static func seconds(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return (clock.now - start).inSeconds
    }

    static func residentMegabytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ocr-benchmark: \(message)\n".utf8))
        exit(1)
    }
}
