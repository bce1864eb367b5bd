import Dispatch
import Domain

/// Runs blocking Tesseract work on one serial dispatch queue, off Swift's cooperative
/// thread pool, and owns the engines it has initialised.
///
/// `@unchecked Sendable`: the only mutable state, the `EngineCache`, is touched exclusively
/// from `queue`, which serialises every job.
final class EngineWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "SwiftOCR.TesseractEngine", qos: .userInitiated)
    private let cache: EngineCache

    init(locator: LanguageDataLocator) {
        self.cache = EngineCache(locator: locator)
    }

    /// Runs `job` on the worker's queue with its engines, resuming the caller exactly once
    /// with the job's result or error.
    func run<Output: Sendable>(_ job: @escaping @Sendable (EngineCache) throws -> Output) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                OpenMPThreading.confineToCurrentThread()
                continuation.resume(with: Result { try job(self.cache) })
            }
        }
    }
}
