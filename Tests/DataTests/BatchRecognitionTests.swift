import Data
import Domain
import Foundation
import OCRTestSupport
import Synchronization
import Testing

@Suite("Batch API: streamed results matched to inputs")
struct BatchRecognitionTests {
    @Test(
        "Images arriving one by one are each streamed as soon as read, before the next arrives; the stream ends with its sources",
        .timeLimit(.minutes(15)))
    func arriving() async throws {
        let repository = try SharedRepository.get()
        let (sources, input) = AsyncStream.makeStream(of: ImageSource.self)
        var items = repository.recognizeText(arriving: sources, options: .suite, maximumConcurrency: 2).makeAsyncIterator()
        input.yield(.data(try Fixture("three-lines.png").data(), name: "first"))
        // The input stays open: the first image must come out on its own.
        let first = try #require(await items.next())
        #expect(first.name == "first" && first.index == 0)
        #expect(CharacterErrorRate.between(try first.outcome.get().text, try Fixture("three-lines.png").expectedText()) <= 0.05)
        input.yield(.data(Data("not an image".utf8), name: "second"))
        input.finish()
        let second = try #require(await items.next())
        #expect(second.name == "second" && second.index == 1)
        #expect(throws: OCRError.notAnImage) { try second.outcome.get() }
        #expect(await items.next() == nil)
    }

    @Test("Every input yields exactly one item with its index; failures stay with their input")
    func matchedResults() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 2)
        let sources: [ImageSource] = [
            .file(atPath: Fixture("three-lines.png").path),
            .data(Data("nope".utf8), name: "text"),
            .file(atPath: Fixture("receipt.png").path),
            .file(atPath: "/nonexistent.png"),
            .file(atPath: Fixture("mixed.png").path),
        ]
        var items: [Int: OCRBatchItem] = [:]
        for await item in repository.recognizeText(in: sources, options: .suite, maximumConcurrency: 3) {
            #expect(items[item.index] == nil)
            items[item.index] = item
        }
        #expect(items.count == sources.count)
        for (index, source) in sources.enumerated() { #expect(items[index]?.name == source.name) }
        #expect(try items[0]?.outcome.get().filteredLines.count == 3)
        #expect(try items[2]?.outcome.get().filteredLines.count == 7)
        #expect(throws: OCRError.notAnImage) { try items[1]?.outcome.get() }
        #expect(throws: OCRError.unreadableFile(path: "/nonexistent.png", reason: "no such file")) { try items[3]?.outcome.get() }
    }

    @Test("Each image of a batch reports its own progress, by its index, rising to 1")
    func progressPerImage() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 2)
        let sources: [ImageSource] = [
            .file(atPath: Fixture("three-lines.png").path), .data(Data("nope".utf8), name: "text"), .file(atPath: Fixture("receipt.png").path),
        ]
        let reported = Mutex<[Int: [Double]]>([:])
        var done = 0
        for await _ in repository.recognizeText(
            in: sources, options: .suite, maximumConcurrency: 2,
            progress: { index, fraction in
                reported.withLock { $0[index, default: []].append(fraction) }
            })
        {
            done += 1
        }
        #expect(done == 3)
        let byImage = reported.withLock { $0 }
        #expect(Set(byImage.keys) == [0, 2], "the text that is no image is never read")
        for (index, fractions) in byImage {
            #expect(fractions == fractions.sorted() && fractions.last == 1, "image \(index): \(fractions)")
        }
    }

    @Test("Stopping the iteration early cancels the rest of the batch")
    func earlyStop() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        let loaded = Mutex(0)
        let page = try Fixture("page.png").data()
        let sources = (0..<20).map { index in
            ImageSource(name: "\(index)") {
                loaded.withLock { $0 += 1 }
                return page
            }
        }
        var received = 0
        for await _ in repository.recognizeText(in: sources, options: .suite, maximumConcurrency: 1) {
            received += 1
            break
        }
        #expect(received == 1)
        // The one engine is free again only when the batch has stopped.
        let again = try await repository.recognizeText(in: Fixture("three-lines.png").data(), options: .suite)
        #expect(again.filteredLines.count == 3)
        // The first page, and at most the one started as it finished: not the other 18.
        #expect(loaded.withLock { $0 } <= 2)
    }

    /// Twenty pages, each calling `onLoad` with its index when loaded.
    static func pages(onLoad: @escaping @Sendable (Int) -> Void = { _ in }) throws -> [ImageSource] {
        let page = try Fixture("page.png").data()
        return (0..<20).map { index in
            ImageSource(name: "page \(index)") {
                onLoad(index)
                return page
            }
        }
    }

    static func isCancelled(_ item: OCRBatchItem) -> Bool {
        if case .failure(is CancellationError) = item.outcome { true } else { false }
    }

    // Each test stops its batch from inside a load (a handshake, not a race with the reading):
    // which images are done when it stops does not depend on the machine's speed.
    @Test("A cancelled batch still gives one item per image: those not done come out cancelled", .timeLimit(.minutes(15)))
    func cancelReportsTheRest() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        let batch = Mutex<OCRBatch?>(nil)
        let loaded = Mutex(0)
        let sources = try Self.pages { index in
            loaded.withLock { $0 += 1 }
            if index == 1 { batch.withLock { $0?.cancel() } }  // the first page is done, the second under way
        }
        let stoppable = repository.recognizeText(in: sources, options: .suite, maximumConcurrency: 1)
        batch.withLock { $0 = stoppable }
        var items: [OCRBatchItem] = []
        for await item in stoppable { items.append(item) }
        #expect(items.map(\.index).sorted() == Array(0..<20))
        #expect(items.map(\.name).sorted() == (0..<20).map { "page \($0)" }.sorted())
        #expect((try? items.first { $0.index == 0 }?.outcome.get()) != nil)
        #expect(items.filter(Self.isCancelled).count == 19)
        #expect(loaded.withLock { $0 } == 2)
    }

    @Test("Cancelling the task that iterates a batch ends it with the rest reported cancelled", .timeLimit(.minutes(15)))
    func cancelledConsumer() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        let consumer = Mutex<Task<[OCRBatchItem], Never>?>(nil)
        let sources = try Self.pages { index in
            if index == 1 { consumer.withLock { $0?.cancel() } }
        }
        let (start, go) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            for await _ in start { break }  // handshake: the task is known before the batch starts
            var items: [OCRBatchItem] = []
            for await item in repository.recognizeText(in: sources, options: .suite, maximumConcurrency: 1) { items.append(item) }
            return items
        }
        consumer.withLock { $0 = task }
        go.yield()
        let items = await task.value  // ends once every image is accounted for
        #expect(items.map(\.index).sorted() == Array(0..<20))
        #expect(items.filter(Self.isCancelled).count == 19)
    }

    @Test("A stopped batch of arriving images reports those that arrived and were not done", .timeLimit(.minutes(15)))
    func cancelArriving() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        let batch = Mutex<OCRBatch?>(nil)
        let (sources, input) = AsyncStream.makeStream(of: ImageSource.self)
        let stoppable = repository.recognizeText(arriving: sources, options: .suite, maximumConcurrency: 2)
        batch.withLock { $0 = stoppable }
        for source in try Self.pages(onLoad: { _ in batch.withLock { $0?.cancel() } }).prefix(3) { input.yield(source) }
        var items: [OCRBatchItem] = []
        for await item in stoppable { items.append(item) }  // the input is still open: it ends because it was stopped
        let indices = items.map(\.index).sorted()
        #expect(!indices.isEmpty && indices == Array(0..<indices.count))
        #expect(items.allSatisfy(Self.isCancelled))
        input.finish()
    }

    // A repository of its own: behind the shared one's queue (every suite's pages, on a loaded
    // two-core machine) the three pages once waited past the limit, which is there to catch a hang.
    @Test("A concurrency of Int.max is clamped to the number of sources", .timeLimit(.minutes(15)))
    func unboundedConcurrency() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 2)
        let sources = Array(repeating: ImageSource.file(atPath: Fixture("three-lines.png").path), count: 3)
        var count = 0
        for await item in repository.recognizeText(in: sources, options: .suite, maximumConcurrency: .max) {
            #expect(try item.outcome.get().lines.count == 3)
            count += 1
        }
        #expect(count == 3)
    }
}
