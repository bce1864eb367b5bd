import Synchronization

/// The context Tesseract's monitor callbacks see: a cancel flag and a progress sink.
///
/// Set from any thread (task cancellation handlers), read from the engine's thread
/// inside the C callbacks, which do nothing else.
final class RecognitionControl: Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let lastProgress = Mutex<Double>(0)
    private let progressSink: (@Sendable (Double) -> Void)?

    init(progress: (@Sendable (Double) -> Void)?) {
        self.progressSink = progress
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }

    /// Reports progress (clamped into 0...1, never going backwards).
    func report(_ fraction: Double) {
        guard let progressSink else { return }
        let clamped = min(max(fraction, 0), 1)
        let shouldReport = lastProgress.withLock { last in
            guard clamped > last || (clamped == 1 && last < 1) else { return false }
            last = clamped
            return true
        }
        if shouldReport { progressSink(clamped) }
    }
}
