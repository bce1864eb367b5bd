import Dispatch
import Domain

/// Runs blocking Tesseract work on one serial dispatch queue, off Swift's cooperative
/// thread pool, and owns the engines it has initialised.
///
/// A call returns within `RecognitionControl.grace` of its time limit or of its
/// cancellation, whatever the engine is doing: parts of Tesseract (row finding on noise)
/// never call the cancel callback. A job that overruns is abandoned: the caller gets
/// `OCRError.timedOut` or `CancellationError`, and the job finishes in the background with
/// its result discarded. The worker is free again only when its job has really ended, so
/// work nobody waits for still counts against the pool's limit: abandoned jobs never pile
/// up beyond it.
///
/// `@unchecked Sendable`: the only mutable state, the `EngineCache`, is touched exclusively
/// from `queue`, which serialises every job.
final class EngineWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "SwiftOCR.TesseractEngine", qos: .userInitiated)
    private let cache: EngineCache

    init(locator: LanguageDataLocator, usesOverrides: Bool = true) {
        self.cache = EngineCache(locator: locator, usesOverrides: usesOverrides)
    }

    /// Runs `job` on the worker's queue with its engines, resuming the caller exactly once:
    /// with the job's result or error, or with the overrun error when `control`'s time limit
    /// or cancellation has been ignored for longer than its grace. `whenFree` is called once
    /// the job has ended, whichever came first (the worker may be lent again then).
    func run<Output: Sendable>(
        control: RecognitionControl,
        whenFree: @escaping @Sendable () -> Void = {},
        _ job: @escaping @Sendable (EngineCache) throws -> Output
    ) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            queue.async {
                OpenMPThreading.confineToCurrentThread()
                control.startClock()
                let watchdog = Watchdog(control: control) { error in _ = once.resume(with: .failure(error)) }
                let result = Result { try job(self.cache) }
                watchdog.stop()
                whenFree()
                _ = once.resume(with: result)
            }
        }
    }

    /// Runs `work` on the worker's queue with its engines as a helper of another job
    /// (`EngineCrew`).
    func lend(_ work: @escaping @Sendable (EngineCache) -> Void) {
        queue.async {
            OpenMPThreading.confineToCurrentThread()
            work(self.cache)
        }
    }
}
