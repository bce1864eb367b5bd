import Dispatch
import Domain

/// Runs blocking Tesseract work on one serial dispatch queue, off Swift's cooperative
/// thread pool, and owns the engines it has initialised (one per language list).
///
/// `@unchecked Sendable`: the only mutable state, `engines`, is touched exclusively from
/// `queue`, which serialises every job.
final class EngineWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "SwiftOCR.TesseractEngine", qos: .userInitiated)
    private let locator: LanguageDataLocator
    private var engines: [[String]: TesseractEngine] = [:]

    init(locator: LanguageDataLocator) {
        self.locator = locator
    }

    /// Runs `job` on the worker's queue with an engine for `languages`, resuming the
    /// caller exactly once with its result or error.
    func run<Output: Sendable>(
        languages: [String],
        _ job: @escaping @Sendable (TesseractEngine) throws -> Output
    ) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try job(self.engine(for: languages)) })
            }
        }
    }

    /// Must be called on `queue`.
    private func engine(for languages: [String]) throws -> TesseractEngine {
        dispatchPrecondition(condition: .onQueue(queue))
        OpenMPThreading.confineToCurrentThread()
        if let engine = engines[languages] { return engine }
        let engine = try TesseractEngine(languages: languages, dataDirectory: locator.directory(for: languages))
        engines[languages] = engine
        return engine
    }
}
