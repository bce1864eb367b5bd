import Dispatch
import Foundation

/// The engines one job reads with: its own worker's and, while the machine has a core to
/// spare, a borrowed helper's (`HelperPool`).
///
/// `map` runs independent recognitions — the blocks of a page, second looks at lines — on
/// both at once: each thread takes the next item, costliest first, and reads from its own
/// copy of the image (Leptonica's reference counts are not atomic, and blocks are read with
/// the rest of the page masked in place). The results come back in the items' order and are
/// the same as reading the items one after the other with one engine.
struct EngineCrew {
    /// The job's own engines.
    let engines: EngineCache
    /// Where helpers are borrowed from; `nil` reads everything with `engines`.
    let helpers: HelperPool?

    /// `body` applied to every item, on the job's engines and a helper's when one is free.
    /// - Parameters:
    ///   - cost: An estimate of an item's work, for handing out the costliest first.
    ///   - body: Reads one item with the engines and image it is given.
    /// - Throws: The first error any item threw, in the items' order.
    func map<Item, Output>(
        _ items: [Item], on prepared: PreparedImage, cost: (Item) -> Int = { _ in 1 },
        _ body: (Item, EngineCache, PreparedImage) throws -> Output
    ) throws -> [Output] {
        guard items.count > 1, let helpers else { return try items.map { try body($0, engines, prepared) } }
        guard let helper = helpers.borrow() else { return try items.map { try body($0, engines, prepared) } }
        defer { helpers.giveBack(helper) }
        guard let copy = try? prepared.image.copy() else { return try items.map { try body($0, engines, prepared) } }
        let helperImage = PreparedImage(image: copy, frame: prepared.frame, resolution: prepared.resolution, background: prepared.background)
        let order = items.indices.sorted { cost(items[$0]) > cost(items[$1]) }
        let work = SharedWork<Output>(order: order)
        withoutActuallyEscaping(body) { body in
            let task = Unchecked { (engines: EngineCache, image: PreparedImage) in
                while let index = work.next() {
                    work.record(Result { try body(items[index], engines, image) }, at: index)
                }
            }
            let group = DispatchGroup()
            let helperTask = Unchecked((task, helperImage))
            helper.lend(to: group) { engines in helperTask.value.0.value(engines, helperTask.value.1) }
            task.value(engines, prepared)
            group.wait()
        }
        return try work.results()
    }
}

/// The items of one `EngineCrew.map` call shared by its two threads: which comes next, and
/// what each gave. `@unchecked Sendable`: touched only under `lock`.
private final class SharedWork<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private let order: [Int]
    private var position = 0
    private var failed = false
    private var outcomes: [Result<Output, any Error>?]

    init(order: [Int]) {
        self.order = order
        self.outcomes = Array(repeating: nil, count: order.count)
    }

    /// The next item to read, or `nil` when none is left or one has failed.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed, position < order.count else { return nil }
        defer { position += 1 }
        return order[position]
    }

    func record(_ outcome: Result<Output, any Error>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        if case .failure = outcome { failed = true }
        outcomes[index] = outcome
    }

    /// Every item's output in order, or the first error in order (items left unread
    /// only follow a failure).
    func results() throws -> [Output] {
        lock.lock()
        defer { lock.unlock() }
        let read = outcomes.compactMap { $0 }
        for case .failure(let error) in read { throw error }
        guard read.count == outcomes.count else { throw CancellationError() }
        return try read.map { try $0.get() }
    }
}

/// A value handed to another thread that the compiler cannot prove safe to share: the
/// sender waits for that thread before touching it again.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension EngineCrew {
    /// `lines` with each one that `needsLook` picks replaced by `look` at it (the others
    /// untouched), the looks shared out as by `map`, the widest lines first.
    func review(
        _ lines: [PreparedLine], on prepared: PreparedImage, where needsLook: (PreparedLine) -> Bool,
        _ look: (PreparedLine, EngineCache, PreparedImage) throws -> PreparedLine
    ) throws -> [PreparedLine] {
        let picked = lines.indices.filter { needsLook(lines[$0]) }
        let width: (Int) -> Int = { lines[$0].preparedBox.width }
        let looked = try map(picked, on: prepared, cost: width) { index, engines, image in
            try look(lines[index], engines, image)
        }
        var reviewed = lines
        for (index, line) in zip(picked, looked) { reviewed[index] = line }
        return reviewed
    }
}
