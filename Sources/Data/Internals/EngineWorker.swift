import Dispatch
import Domain
import Synchronization

/// Runs blocking Tesseract work on one serial dispatch queue, off Swift's cooperative
/// thread pool, and owns the engines it has initialised.
///
/// A call returns within `RecognitionControl.grace` of its time limit or of its
/// cancellation, whatever the engine is doing: parts of Tesseract (row finding on noise)
/// never call the cancel callback, and decoding and preparation cannot be interrupted. A
/// job that overruns is abandoned: the caller gets `OCRError.timedOut` or
/// `CancellationError`, the job finishes in the background with its result discarded, and
/// the worker is not reused.
///
/// `@unchecked Sendable`: the only mutable state, the `EngineCache`, is touched exclusively
/// from `queue`, which serialises every job.
final class EngineWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "SwiftOCR.TesseractEngine", qos: .userInitiated)
    private let cache: EngineCache

    init(locator: LanguageDataLocator) {
        self.cache = EngineCache(locator: locator)
    }

    /// Runs `job` on the worker's queue with its engines, resuming the caller exactly once:
    /// with the job's result or error, or with the overrun error when `control`'s time limit
    /// or cancellation has been ignored for longer than its grace. `abandoned` is called
    /// then (the worker stays busy until the job ends and must not be lent again).
    func run<Output: Sendable>(
        control: RecognitionControl,
        abandoned: @escaping @Sendable () -> Void = {},
        _ job: @escaping @Sendable (EngineCache) throws -> Output
    ) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            queue.async {
                OpenMPThreading.confineToCurrentThread()
                control.startClock()
                let watchdog = Watchdog(control: control) { error in
                    if once.resume(with: .failure(error)) { abandoned() }
                }
                let result = Result { try job(self.cache) }
                watchdog.stop()
                _ = once.resume(with: result)
            }
        }
    }
}

/// A continuation resumed by whichever of two paths comes first; the other is ignored.
final class ResumeOnce<Output: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Output, any Error>?>

    init(_ continuation: CheckedContinuation<Output, any Error>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes the continuation unless it was already; whether this call resumed it.
    func resume(with result: Result<Output, any Error>) -> Bool {
        guard let continuation = continuation.withLock({ value -> CheckedContinuation<Output, any Error>? in
            defer { value = nil }
            return value
        }) else { return false }
        continuation.resume(with: result)
        return true
    }
}

/// Watches a running job's control ten times a second; once its cancellation or time
/// limit has gone unheeded for `RecognitionControl.grace`, reports the error to give up with.
final class Watchdog {
    private let timer: DispatchSourceTimer

    init(control: RecognitionControl, giveUp: @escaping @Sendable (any Error) -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(20))
        timer.setEventHandler { [timer] in
            guard let error = control.overrun() else { return }
            timer.cancel()
            giveUp(error)
        }
        timer.resume()
    }

    func stop() { timer.cancel() }
}
