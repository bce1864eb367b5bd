import Foundation

/// Lends out expensive resources (engine workers) to async callers, creating them lazily up
/// to `limit`, parking further callers in order, and dropping idle ones after a while.
///
/// A locked state machine in the style of swift-async-algorithms' channel: every decision
/// is made under the lock and returns what to do; continuations are resumed outside it.
/// Nothing ever blocks a thread while waiting. A caller cancelled while parked is removed
/// from the queue and throws `CancellationError` (also when the cancellation arrives
/// before it was parked).
///
/// `@unchecked Sendable`: `state` is only touched inside `withState`, under `lock`. The lock
/// is an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex` because
/// ThreadSanitizer cannot see the ordering `Mutex` gives on Linux and reported every
/// access under it as a race (Docs/Reliability.md); with `NSLock` the pool is verifiable.
final class ResourcePool<Resource: AnyObject & Sendable>: @unchecked Sendable {
    typealias Waiter = CheckedContinuation<Resource, any Error>

    private struct State {
        var idle: [(resource: Resource, since: ContinuousClock.Instant)] = []
        var count = 0
        var waiters: [(id: Int, continuation: Waiter)] = []
        var cancelledBeforeParking: Set<Int> = []
        var nextID = 0
        var sweepScheduled = false
    }

    private enum Acquisition {
        case reuse(Resource)
        case create
        case parked
        case cancelled
    }

    let limit: Int
    let idleTimeout: Duration
    private let make: @Sendable () -> Resource
    private let lock = NSLock()
    private var state = State()

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// - Parameters:
    ///   - limit: The most resources alive at once (at least 1).
    ///   - idleTimeout: Resources idle this long are released.
    ///   - make: Creates a resource (called outside the lock).
    init(limit: Int, idleTimeout: Duration = .seconds(60), make: @escaping @Sendable () -> Resource) {
        self.limit = max(1, limit)
        self.idleTimeout = idleTimeout
        self.make = make
    }

    /// The number of resources alive (lent out or idle).
    var count: Int { withState { $0.count } }
    /// The number of callers waiting for a resource.
    var waiting: Int { withState { $0.waiters.count } }

    /// Runs `body` with a resource lent from the pool, returning it afterwards.
    func withResource<Output: Sendable>(_ body: (Resource) async throws -> Output) async throws -> Output {
        let resource = try await acquire()
        defer { release(resource) }
        return try await body(resource)
    }

    func acquire() async throws -> Resource {
        let id = withState { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let action = withState { state -> Acquisition in
                    if state.cancelledBeforeParking.remove(id) != nil { return .cancelled }
                    if let (resource, _) = state.idle.popLast() { return .reuse(resource) }
                    if state.count < limit {
                        state.count += 1
                        return .create
                    }
                    state.waiters.append((id, continuation))
                    return .parked
                }
                switch action {
                case .reuse(let resource): continuation.resume(returning: resource)
                case .create: continuation.resume(returning: make())
                case .parked: break
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let parked = withState { state -> Waiter? in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    return state.waiters.remove(at: index).continuation
                }
                state.cancelledBeforeParking.insert(id)
                return nil
            }
            parked?.resume(throwing: CancellationError())
        }
    }

    func release(_ resource: Resource) {
        let (waiter, scheduleSweep) = withState { state -> (Waiter?, Bool) in
            if !state.waiters.isEmpty { return (state.waiters.removeFirst().continuation, false) }
            state.idle.append((resource, .now))
            let schedule = !state.sweepScheduled
            state.sweepScheduled = true
            return (nil, schedule)
        }
        waiter?.resume(returning: resource)
        if scheduleSweep { scheduleIdleSweep() }
    }

    /// Drops resources idle for `idleTimeout`; reschedules itself while any stay idle. On a
    /// dispatch queue, not a task: the cooperative pool (a thread per core) may be held by
    /// callers' blocking work for longer than the timeout.
    private func scheduleIdleSweep() {
        let timeout = idleTimeout
        let delay = DispatchTimeInterval.milliseconds(max(1, Int((timeout.inSeconds * 1000).rounded(.up))))
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            let (dropped, again) = self.withState { state -> ([Resource], Bool) in
                let cutoff = ContinuousClock.now - timeout
                let stale = state.idle.filter { $0.since <= cutoff }.map(\.resource)
                state.idle.removeAll { $0.since <= cutoff }
                state.count -= stale.count
                state.sweepScheduled = !state.idle.isEmpty
                return (stale, state.sweepScheduled)
            }
            _ = dropped  // released here, outside the lock
            if again { self.scheduleIdleSweep() }
        }
    }
}
