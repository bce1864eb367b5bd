import Foundation

/// The outcomes of a batch read, each streamed as soon as its image is done (from
/// `OCRRepository.recognizeText(in:maximumConcurrency:)` and `recognizeText(arriving:…)`).
///
/// A stopped batch still accounts for every image it took on: `cancel()` — or cancelling
/// the task that iterates — stops the work, and each image not yet done (in flight, or
/// not started) comes out as an item whose outcome is `CancellationError`, before the
/// sequence ends. Ending the iteration early (`break`) stops the work too. One iteration
/// per batch.
///
/// ```swift
/// let batch = repository.recognizeText(in: sources, maximumConcurrency: 2)
/// for await item in batch {
///     if case .failure(is CancellationError) = item.outcome { cancelled.append(item.index) }
///     if userPressedStop { batch.cancel() }
/// }
/// ```
public struct OCRBatch: AsyncSequence, Sendable {
    public typealias Element = OCRBatchItem

    private let channel: BatchChannel
    private let lifetime: BatchLifetime

    init(channel: BatchChannel) {
        self.channel = channel
        lifetime = BatchLifetime(channel: channel)
    }

    /// Stops the batch: images not yet done are reported as cancelled, then the sequence ends.
    public func cancel() { channel.cancel() }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: channel, lifetime: lifetime) }

    /// Gives the items in the order the images finish.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let channel: BatchChannel
        fileprivate let lifetime: BatchLifetime

        /// The next item, or `nil` when every image is accounted for. When the calling task is
        /// cancelled, the batch stops and the items still owed arrive, each cancelled.
        public mutating func next() async -> OCRBatchItem? {
            await withTaskCancellationHandler {
                await channel.next()
            } onCancel: { [channel] in
                channel.cancel()
            }
        }
    }
}

/// Stops the batch's work when neither the batch nor its iterator is held any longer (an
/// iteration ended with `break`, a batch dropped unread).
private final class BatchLifetime: Sendable {
    let channel: BatchChannel

    init(channel: BatchChannel) { self.channel = channel }

    deinit { channel.cancel() }
}

/// The items between the batch's work and its one consumer: a locked queue and the
/// consumer's continuation, resumed outside the lock.
///
/// `@unchecked Sendable`: `state` is only touched under `lock` (NSLock rather than
/// `Synchronization.Mutex`, which Apple platforms have only from their 2024 releases).
final class BatchChannel: @unchecked Sendable {
    private struct State {
        var buffered: [OCRBatchItem] = []
        var finished = false
        var waiting: CheckedContinuation<OCRBatchItem?, Never>?
        var cancelled = false
        var work: Task<Void, Never>?
    }

    private let lock = NSLock()
    private var state = State()

    private func withLock<Value>(_ body: (inout State) -> Value) -> Value {
        lock.withLock { body(&state) }
    }

    /// Starts `work`, which pushes items and finishes; cancelling the batch cancels it.
    func start(_ work: Task<Void, Never>) {
        let cancelledAlready = withLock { state in
            state.work = work
            return state.cancelled
        }
        if cancelledAlready { work.cancel() }
    }

    func push(_ item: OCRBatchItem) {
        let waiting = withLock { state -> CheckedContinuation<OCRBatchItem?, Never>? in
            guard let waiting = state.waiting else {
                state.buffered.append(item)
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(returning: item)
    }

    func finish() {
        let waiting = withLock { state -> CheckedContinuation<OCRBatchItem?, Never>? in
            state.finished = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: nil)
    }

    func cancel() {
        let work = withLock { state -> Task<Void, Never>? in
            state.cancelled = true
            return state.work
        }
        work?.cancel()
    }

    func next() async -> OCRBatchItem? {
        await withCheckedContinuation { continuation in
            let ready = withLock { state -> OCRBatchItem?? in
                if !state.buffered.isEmpty { return .some(state.buffered.removeFirst()) }
                if state.finished { return .some(nil) }
                state.waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
