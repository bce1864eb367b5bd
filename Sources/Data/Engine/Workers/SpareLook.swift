import Dispatch
import Domain
import Foundation

/// A look a job may need after an `EngineCrew.map` — depending on what the items read —
/// started early on the helper once it has no item left, while the job's own engine reads
/// its last ones. The job asks `result()`: the look's output when it was started (waiting
/// for it), `nil` when it was not; or `abandon()`s it when not needed, which stops it at its
/// next check without waiting.
///
/// `@unchecked Sendable`: `decision` is touched under `lock`; `outcome` is set before the
/// helper leaves `group` (read after waiting for it).
final class SpareLook<Output, Look>: @unchecked Sendable {
    private let wanted: ([Output]) -> Bool
    private let look: (EngineCache, PreparedImage, RecognitionControl) throws -> Look
    private let control: RecognitionControl
    private let group = DispatchGroup()
    private let lock = NSLock()
    /// Whether the look was started (by the helper) or declined (by the job), whichever came first.
    private var decision: Decision = .open
    private enum Decision { case open, started, declined }
    private var outcome: Result<Look, any Error>?

    /// - Parameters:
    ///   - wanted: Whether the outputs read so far (perhaps none) call for the look.
    ///   - control: The job's control; the look stops with it, or when abandoned.
    ///   - look: The work, with the helper's engines and image.
    init(
        wanted: @escaping ([Output]) -> Bool, control: RecognitionControl,
        look: @escaping (EngineCache, PreparedImage, RecognitionControl) throws -> Look
    ) {
        self.wanted = wanted
        self.look = look
        self.control = control.child()
    }

    /// The look marked started when the outputs call for it (the helper then `run`s it and
    /// says when it is `finish`ed), else `nil`.
    func startIfWanted(given outputs: [Output]) -> SpareLook? {
        guard wanted(outputs), decide(.started) else { return nil }
        group.enter()
        return self
    }

    /// On the helper's thread: the look's work, with the helper's engines and image.
    func run(_ engines: EngineCache, _ image: PreparedImage) {
        outcome = Result { try look(engines, image, control) }
    }

    /// On the helper's thread, once it is free for other work: lets `result()` return.
    func finish() {
        group.leave()
    }

    /// On the job's thread, every item read: when `outputs` do not call for the look and the
    /// helper has not started it, it never will (`true`); `false` when it is wanted or started.
    func declinedUnlessStarted(given outputs: [Output]) -> Bool {
        !wanted(outputs) && decide(.declined)
    }

    /// Records `choice` unless the other was made first; whether `choice` stands.
    private func decide(_ choice: Decision) -> Bool {
        lock.withLock {
            if decision == .open { decision = choice }
            return decision == choice
        }
    }

    /// Whether the helper started the look.
    var wasStarted: Bool { lock.withLock { decision == .started } }

    /// Whether the helper started the look and it has not finished yet (`started` is known
    /// once the `map` it was given to returned).
    var isRunning: Bool { wasStarted && group.wait(timeout: .now()) == .timedOut }

    /// The look's output when it was started (after waiting for it), else `nil`.
    func result() throws -> Look? {
        guard wasStarted else { return nil }
        group.wait()
        return try outcome?.get()
    }

    /// The started look's output when it ends within `budget` (from now), else `nil`: the
    /// look is then abandoned (stopped at its next check, its helper freed when it stops).
    func result(waitingAtMost budget: Duration) throws -> Look? {
        guard wasStarted else { return nil }
        let nanoseconds = Int(max(0, min(budget.inSeconds, 1e6)) * 1e9)
        guard group.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
            abandon()
            return nil
        }
        return try outcome?.get()
    }

    /// Tells a started look it is not needed: it stops at its next check.
    func abandon() {
        control.cancel()
    }
}
