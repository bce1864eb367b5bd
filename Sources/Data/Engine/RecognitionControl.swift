import Domain
import Foundation
import Synchronization

/// The context Tesseract's monitor callbacks see: a cancel flag, a deadline and a
/// progress sink.
///
/// Set from any thread (task cancellation handlers), read from the engine's thread
/// inside the C callbacks, which do nothing else.
final class RecognitionControl: Sendable {
    /// How long a cancellation or an exceeded time limit may go unheeded before the caller
    /// is answered anyway (`EngineWorker`): the engine stops at its next cancel check,
    /// usually far sooner, but some of its stages never check.
    static let grace: Duration = .seconds(1)

    private let cancelled = Atomic<Bool>(false)
    /// When `cancel()` was first called, in `DispatchTime` nanoseconds; 0 before.
    private let cancelledAt = Atomic<UInt64>(0)
    private let lastProgress = Mutex<Double>(0)
    private let progressSink: (@Sendable (Double) -> Void)?
    private let timeLimit: Duration?
    /// When the work must stop, in `DispatchTime` nanoseconds; 0 until `startClock()`.
    private let deadline = Atomic<UInt64>(0)
    /// The control this one is part of: its cancellation and time limit hold here too.
    private let parent: RecognitionControl?
    /// A child's own deadline (`child(budget:)`), in `DispatchTime` nanoseconds; 0 for none.
    private let budgetEnd: UInt64

    /// What a child's `checkpoint()` throws when its own budget has run out (its parent's
    /// time and cancellation still hold): the optional work it controls is to be given up.
    struct BudgetExceeded: Error {}

    init(progress: (@Sendable (Double) -> Void)?, timeLimit: Duration? = nil) {
        self.progressSink = progress
        self.timeLimit = timeLimit
        self.parent = nil
        self.budgetEnd = 0
    }

    private init(parent: RecognitionControl, budget: Duration?) {
        self.progressSink = nil
        self.timeLimit = nil
        self.parent = parent
        self.budgetEnd = budget.map { DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, min($0.inSeconds, 1e9)) * 1e9) } ?? 0
    }

    /// A control for work that may turn out not to be needed: stopped with this one, on its
    /// own by `cancel()`, or once `budget` (from now) has passed, when given; it reports no
    /// progress.
    func child(budget: Duration? = nil) -> RecognitionControl { RecognitionControl(parent: self, budget: budget) }

    /// Whether a child's own budget has run out.
    private var isOverBudget: Bool { budgetEnd != 0 && DispatchTime.now().uptimeNanoseconds >= budgetEnd }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) || parent?.isCancelled == true }

    func cancel() {
        _ = cancelledAt.compareExchange(expected: 0, desired: DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        cancelled.store(true, ordering: .releasing)
    }

    /// The error to answer the caller with when the work has ignored its cancellation or
    /// its time limit for longer than `grace`, else `nil`.
    func overrun() -> (any Error)? {
        let now = DispatchTime.now().uptimeNanoseconds
        let grace = UInt64(Self.grace.inSeconds * 1e9)
        let cancelledSince = cancelledAt.load(ordering: .relaxed)
        if cancelledSince != 0, now >= cancelledSince &+ grace { return CancellationError() }
        let limit = deadline.load(ordering: .acquiring)
        if limit != 0, now >= limit &+ grace, let timeLimit { return OCRError.timedOut(seconds: timeLimit.inSeconds) }
        return nil
    }

    /// Starts the time limit (when the work starts on an engine, not while it waits for one).
    func startClock() {
        guard let timeLimit else { return }
        let nanoseconds = UInt64(max(0, min(timeLimit.inSeconds, 1e9)) * 1e9)
        deadline.store(DispatchTime.now().uptimeNanoseconds &+ nanoseconds, ordering: .releasing)
    }

    /// Whether the time limit has passed.
    var isOverTime: Bool {
        if let parent { return parent.isOverTime || isOverBudget }
        let limit = deadline.load(ordering: .acquiring)
        return limit != 0 && DispatchTime.now().uptimeNanoseconds >= limit
    }

    /// Whether the engine should stop now (what Tesseract's cancel callback returns).
    var shouldStop: Bool { isCancelled || isOverTime }

    /// Throws `CancellationError` when cancelled, `OCRError.timedOut` past the time limit,
    /// `BudgetExceeded` past a child's own budget.
    func checkpoint() throws {
        if let parent {
            try parent.checkpoint()
            if isOverBudget { throw BudgetExceeded() }
        }
        if isCancelled { throw CancellationError() }
        if isOverTime, let timeLimit { throw OCRError.timedOut(seconds: timeLimit.inSeconds) }
    }

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
