import Foundation

/// Engine workers a job borrows, while the machine has a core no job is using, to run its
/// independent recognitions (blocks, second looks at lines) on two threads at once.
///
/// One image read alone on a two-core machine leaves a core idle: Tesseract's own OpenMP
/// threads made reading slower, not faster (Docs/Benchmarks.md), so the library splits the
/// work itself. A helper is lent only while the jobs running and the helpers lent stay
/// under `cores`: a batch that already keeps every core busy never gets one, and a
/// single image gets one. Helpers are made on first need (each then holds its own engines,
/// like a worker) and kept: at most `cores − 1` exist, since a job holds a core itself.
///
/// `@unchecked Sendable`: the counts and the idle list are only touched under `lock`.
final class HelperPool: @unchecked Sendable {
    /// The most jobs and helpers at work at once.
    let cores: Int
    private let make: @Sendable () -> EngineWorker
    private let lock = NSLock()
    private var busy = 0
    private var idle: [EngineWorker] = []

    /// - Parameters:
    ///   - cores: The cores the repository may occupy (0 or 1: no helper is ever lent).
    ///   - make: Creates a helper worker (called outside the lock).
    init(cores: Int, make: @escaping @Sendable () -> EngineWorker) {
        self.cores = cores
        self.make = make
    }

    /// Counts a job as occupying a core until `jobEnded()`.
    func jobStarted() { withLock { busy += 1 } }

    func jobEnded() { withLock { busy -= 1 } }

    /// A helper, when a core is spare, else `nil`; return it with `giveBack(_:)`.
    func borrow() -> EngineWorker? {
        let (helper, create) = withLock { () -> (EngineWorker?, Bool) in
            guard busy < cores else { return (nil, false) }
            busy += 1
            if let helper = idle.popLast() { return (helper, false) }
            return (nil, true)
        }
        return create ? make() : helper
    }

    func giveBack(_ helper: EngineWorker) {
        withLock {
            busy -= 1
            idle.append(helper)
        }
    }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
