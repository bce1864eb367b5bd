import Data
import Domain
import Foundation
import OCRTestSupport
import Synchronization
import Testing

@Suite("Async bridge: cancellation, progress, concurrent calls")
struct ConcurrencyTests {
    @Test("Cancelled before it starts: CancellationError, and the repository still works")
    func cancelBeforeStart() async throws {
        let repository = try TesseractOCRRepository()
        let data = try Fixture("three-lines.png").data()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await repository.recognizeText(in: data, rotation: .upright, options: .suite)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let after = try await repository.recognizeText(in: data, rotation: .upright, options: .suite)
        #expect(after.filteredLines.count == 3)
    }

    @Test("Cancelled during recognition: Tesseract stops early, CancellationError, the engine still works")
    func cancelDuringRecognition() async throws {
        let repository = try TesseractOCRRepository()
        let page = try Fixture("page.png").data()
        let (started, startedContinuation) = AsyncStream<Double>.makeStream()
        let reported = Mutex<[Double]>([])
        // Handshake: the engine's thread, at its first report, waits until the task is
        // cancelled, so the reading cannot finish first however fast the machine is.
        let cancelled = DispatchSemaphore(value: 0)
        let task = Task {
            try await repository.recognizeText(in: page, rotation: .upright, options: RecognitionOptions.suite) { fraction in
                let first = reported.withLock {
                    $0.append(fraction)
                    return $0.count == 1
                }
                guard first else { return }
                startedContinuation.yield(fraction)
                cancelled.wait()
            }
        }
        for await _ in started { break }  // the engine is recognising words now
        task.cancel()
        cancelled.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(reported.withLock { $0.last ?? 1 } < 1)

        let after = try await repository.recognizeText(in: Fixture("three-lines.png").data(), rotation: .upright, options: .suite)
        #expect(after.filteredLines.count == 3)
    }

    @Test("Progress rises monotonically and ends at 1; the closure alone needs no other argument")
    func progress() async throws {
        let reported = Mutex<[Double]>([])
        let result = try await SharedRepository.get().recognizeText(in: Fixture("receipt.png").data(), options: .suite) { fraction in
            reported.withLock { $0.append(fraction) }
        }
        #expect(result.text.contains("합계"))
        let values = reported.withLock { $0 }
        #expect(values.count >= 2)
        #expect(values == values.sorted())
        #expect(values.last == 1)
        #expect(values.allSatisfy { (0...1).contains($0) })
    }

    @Test("Progress as an AsyncSequence: rising to 1, ending with the reading, whose result is the task's")
    func progressSequence() async throws {
        let data = try Fixture("receipt.png").data()
        let (progress, reading) = try SharedRepository.get().recognizeTextReportingProgress(in: data, rotation: .upright, options: .suite)
        var values: [Double] = []
        for await fraction in progress { values.append(fraction) }  // ends when the reading does
        let result = try await reading.value
        #expect(values.count >= 2)
        #expect(values == values.sorted())
        #expect(values.last == 1)
        #expect(result.text == (try await SharedRepository.get().recognizeText(in: data, rotation: .upright, options: .suite).text))
    }

    @Test("More engines than cores are never started: further calls wait their turn instead of sharing cores")
    func enginesCappedAtCores() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try TesseractOCRRepository(maximumEngines: 64).maximumEngines <= cores)
        #expect(try TesseractOCRRepository(maximumEngines: 1).maximumEngines == 1)
        #expect(TesseractOCRRepository.engineCapacity >= 1 && TesseractOCRRepository.engineCapacity <= cores)
    }

    @Test("Many concurrent calls all succeed with identical results")
    func concurrentCalls() async throws {
        let repository = try SharedRepository.get()
        let data = try Fixture("receipt.png").data()
        let results = try await withThrowingTaskGroup(of: OCRResult.self) { group in
            for _ in 0..<12 {
                group.addTask { try await repository.recognizeText(in: data, rotation: .upright, options: .suite) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 12)
        #expect(Set(results).count == 1)
        #expect(results.first?.filteredLines.count == 7)
    }

    @Test("One cancelled call among concurrent ones does not disturb the others")
    func cancellationIsolated() async throws {
        let repository = try SharedRepository.get()
        let data = try Fixture("three-lines.png").data()
        let cancelled = Task { try await repository.recognizeText(in: Fixture("page.png").data(), rotation: .upright, options: .suite) }
        let others = (0..<4).map { _ in Task { try await repository.recognizeText(in: data, rotation: .upright, options: .suite) } }
        cancelled.cancel()
        for other in others {
            #expect(try await other.value.filteredLines.count == 3)
        }
        _ = try? await cancelled.value
    }
}
