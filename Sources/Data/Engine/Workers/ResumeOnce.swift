import Synchronization

/// A continuation resumed by whichever of two paths comes first; the other is ignored.
final class ResumeOnce<Output: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Output, any Error>?>

    init(_ continuation: CheckedContinuation<Output, any Error>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes the continuation unless it was already; whether this call resumed it.
    func resume(with result: Result<Output, any Error>) -> Bool {
        guard
            let continuation = continuation.withLock({ value -> CheckedContinuation<Output, any Error>? in
                defer { value = nil }
                return value
            })
        else { return false }
        continuation.resume(with: result)
        return true
    }
}
