import Data
import Domain
import Foundation
import OCRTestSupport
import Testing

@Suite("Batch API: streamed results matched to inputs")
struct BatchRecognitionTests {
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
        for await item in repository.recognizeText(in: sources, maximumConcurrency: 3) {
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

    @Test("Stopping the iteration early cancels the rest of the batch")
    func earlyStop() async throws {
        let repository = try TesseractOCRRepository(maximumEngines: 1)
        let sources = Array(repeating: ImageSource.file(atPath: Fixture("page.png").path), count: 20)
        let clock = ContinuousClock()
        let start = clock.now
        var received = 0
        for await _ in repository.recognizeText(in: sources, maximumConcurrency: 1) {
            received += 1
            break
        }
        #expect(received == 1)
        // Reading all 20 pages would take several seconds; the batch must not keep going.
        let again = try await repository.recognizeText(in: Fixture("three-lines.png").data())
        #expect(again.filteredLines.count == 3)
        #expect(clock.now - start < .seconds(20))
    }
}
