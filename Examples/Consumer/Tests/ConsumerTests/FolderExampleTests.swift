import SwiftOCR
import Testing

/// Reading a folder as an app does: every image file in it, two at a time, a progress
/// count as each finishes, and a stop button that cancels the rest — which still come out,
/// each marked cancelled, so the app can say which were not read.
@Suite struct FolderExampleTests {
    @Test func readsAFolderWithProgressAndCancellation() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../TestImages")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.standardizedFileURL.path)
            .filter { $0.hasSuffix(".png") }.sorted().prefix(12)
        let sources = files.map { ImageSource.file(atPath: folder.appendingPathComponent($0).standardizedFileURL.path) }

        let repository = try TesseractOCRRepository()
        let batch = repository.recognizeText(in: sources, maximumConcurrency: 2)
        var read: [String: String] = [:]
        var notRead: [String] = []
        var finished = 0
        for await item in batch {
            finished += 1
            print("\(finished) of \(sources.count): \(item.name)")  // the app's progress
            switch item.outcome {
            case .success(let result): read[item.name] = result.text
            case .failure(is CancellationError): notRead.append(item.name)
            case .failure(let error): print("\(item.name): \(error)")
            }
            if read.count == 3 { batch.cancel() }  // the user pressed stop
        }
        #expect(finished == sources.count, "every image accounted for")
        #expect(read.count >= 3 && !notRead.isEmpty)
    }
}
