import Data
import Domain
import Foundation
import OCRTestSupport
import Synchronization
import Testing

@Suite("Stress: concurrent calls, random cancellations, bad inputs mixed in")
struct StressTests {
    /// How many times each call returned.
    final class ReturnCounts: Sendable {
        private let counts: Mutex<[Int]>
        init(calls: Int) { counts = Mutex([Int](repeating: 0, count: calls)) }
        func record(_ index: Int) { counts.withLock { $0[index] += 1 } }
        var values: [Int] { counts.withLock { $0 } }
    }

    enum Outcome: Sendable, Equatable {
        case text(String)
        case failed(OCRError)
        case cancelled
    }

    @Test("Every call returns exactly once; good inputs match a serial run")
    func mixedLoad() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 2)
        let good = [try Fixture("three-lines.png").data(), try Fixture("receipt.png").data(), try Fixture("mixed.png").data()]
        let png = good[0]
        let bad: [Data] = [Data(), Data("not an image".utf8), png.prefix(png.count / 2)]
        var serial: [String] = []
        for data in good { serial.append(try await repository.recognizeText(in: data, rotation: .upright, options: .suite).text) }

        let calls = 60
        var generator = SystemRandomNumberGenerator()
        let plan = (0..<calls).map { _ in (input: Int.random(in: 0..<6, using: &generator), cancelAfter: Int.random(in: 0..<8, using: &generator)) }
        let returned = ReturnCounts(calls: calls)
        let outcomes = try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            for (index, step) in plan.enumerated() {
                let data = step.input < 3 ? good[step.input] : bad[step.input - 3]
                let task = Task { () -> Outcome in
                    defer { returned.record(index) }
                    do {
                        return .text(try await repository.recognizeText(in: data, rotation: .upright, options: .suite).text)
                    } catch let error as OCRError {
                        return .failed(error)
                    } catch is CancellationError {
                        return .cancelled
                    } catch {
                        return .failed(.engineFailure("unexpected error \(error)"))
                    }
                }
                if step.cancelAfter < 3 {  // about a third are cancelled, some at once, some later
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(step.cancelAfter * 40))
                        task.cancel()
                        return (index, await task.value)
                    }
                } else {
                    group.addTask { (index, await task.value) }
                }
            }
            return try await group.reduce(into: [Int: Outcome]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.count == calls)
        #expect(returned.values.allSatisfy { $0 == 1 })
        for (index, step) in plan.enumerated() {
            switch (outcomes[index], step.input) {
            case (.text(let text)?, 0..<3): #expect(text == serial[step.input])
            case (.cancelled?, _): #expect(step.cancelAfter < 3)
            case (.failed(let error)?, 3...): #expect([OCRError.emptyData, .notAnImage, .undecodableImage(format: "png")].contains(error))
            default: Issue.record("call \(index) (input \(step.input)) ended as \(String(describing: outcomes[index]))")
            }
        }
        // Still healthy afterwards.
        #expect(try await repository.recognizeText(in: good[0], rotation: .upright, options: .suite).text == serial[0])
    }
}
