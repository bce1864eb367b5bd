import Dispatch
import Domain
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

    /// The same engines without helpers: everything read one item at a time.
    var alone: EngineCrew { EngineCrew(engines: engines, helpers: nil) }

    /// `body` applied to every item, on the job's engines and a helper's when one is free.
    ///
    /// The helper starts the engines `readingWith` names before it takes an item: an engine
    /// started for an item it had taken (0.03–0.2 s) held that item while the job's engine,
    /// done with the rest, waited for it (a small page read 0.1 s slower with a helper than
    /// without). Until it has taken one, the job does not wait for it; what it started stays
    /// started for the job's next stages.
    /// - Parameters:
    ///   - cost: An estimate of an item's work, for handing out the costliest first.
    ///   - needs: The setups of the engines the items are read with.
    ///   - spareLook: Work the helper starts when it has no item left and the outputs so
    ///     far call for it (see `SpareLook`); it runs on after `map` returns.
    ///   - body: Reads one item with the engines and image it is given.
    /// - Throws: The first error any item threw, in the items' order.
    func map<Item, Output, Look>(
        _ items: [Item], on prepared: PreparedImage, cost: (Item) -> Int = { _ in 1 }, readingWith needs: [EngineSetup] = [],
        spareLook: SpareLook<Output, Look>?, _ body: (Item, EngineCache, PreparedImage) throws -> Output
    ) throws -> [Output] {
        guard items.count > 1 || spareLook != nil, let helpers else { return try items.map { try body($0, engines, prepared) } }
        let order = items.indices.sorted { cost(items[$0]) > cost(items[$1]) }
        let work = SharedWork<Output>(order: order)
        withoutActuallyEscaping(body) { body in
            let readItem = { (index: Int, engines: EngineCache, image: PreparedImage) in
                work.record(Result { try body(items[index], engines, image) }, at: index)
            }
            let task = { (engines: EngineCache, image: PreparedImage) in
                while let index = work.next() { readItem(index, engines, image) }
            }
            let itemsDone = DispatchGroup()
            // The helper lets go of `body` before the map returns; only the look runs on.
            let helperTask = HelperTask(task)
            // Lends the work to a helper, when one is free, on a copy of the image of its own; whether it was lent.
            func lend() -> Bool {
                guard let helper = helpers.borrow() else { return false }
                guard let copy = try? prepared.image.copy() else {
                    helpers.giveBack(helper)
                    return false
                }
                let image = PreparedImage(image: copy, frame: prepared.frame, resolution: prepared.resolution, background: prepared.background)
                let helperParts = Unchecked((image, spareLook))
                itemsDone.enter()
                helper.lend { engines in
                    for setup in needs { _ = try? engines.reader(for: setup) }
                    let joined = work.helperJoins()
                    if joined { helperTask.run(engines, helperParts.value.0) }
                    let look = helperParts.value.1?.startIfWanted(given: work.outputsSoFar())
                    // The helper is given back before the job hears it is done (with the items,
                    // or with the look): the job's next stage borrows it again at once. (Given
                    // back after, the next stage found none about half the time: a menu board's
                    // 30 doubtful lines read alone, 1.1 s instead of 0.55.)
                    if look == nil { helpers.giveBack(helper) }
                    if joined { work.helperLeaves() }
                    itemsDone.leave()  // the items are done; the look, if any, runs on
                    guard let look else { return }
                    look.run(engines, helperParts.value.0)
                    helpers.giveBack(helper)
                    look.finish()
                }
                return true
            }
            var lent = lend()
            // None free (one still stopping a look the job abandoned): asked again after each
            // item the job reads (a table screenshot's 12 doubtful lines were read alone).
            while let index = work.next() {
                readItem(index, engines, prepared)
                if !lent, work.hasItemsLeft { lent = lend() }
            }
            // Every item is taken: wait only for those the helper is reading (closed, it
            // takes none: the body it was given is dropped before `map` returns).
            work.close()
            helperTask.drop()
            // A look wanted or started: the job needs to know, once the map returns, whether
            // the helper started it. None wanted (a small page read reliably): the job does not
            // wait for the helper still starting its engines (0.2 s of a one-line page's 0.5).
            if lent, let spareLook, !spareLook.declinedUnlessStarted(given: work.outputsSoFar()) {
                itemsDone.wait()
            }
        }
        return try work.results()
    }
}

extension EngineCrew {
    /// `body`'s result, with the job's engine for `setup` started meanwhile on a spare core
    /// (a helper's thread starts it in the job's own `engines`, which the job does not touch
    /// until both are done); without one, the engine is started first. An engine that cannot
    /// start is the error thrown, whatever `body` did: missing language data fails first.
    ///
    /// When `body` is done first (a screenshot's preparation, 0.01–0.05 s), the job's thread
    /// starts the engines its later stages will ask for (`prestarting`, those not started
    /// yet) one after another while the helper still starts the job's, instead of waiting:
    /// each is made apart and kept once the helper is done; one that cannot start is left
    /// to the stage that asks for it. (Started by the helper while a large page is prepared,
    /// they and the helper's own cost the 2-px checkerboard 488 → 564 MB, over
    /// `hostile-run.py`'s 512 MB, for the 23 real images 0.4–2.8% faster.)
    ///
    /// Starting `kor+eng` takes 0.07–0.26 s, with the machine (`kor` alone 0.015–0.04 s, `eng`
    /// 0.06–0.22 s: Tesseract's built-in ambiguity table, parsed for every Latin model; `osd`
    /// 0.07 s); decoding and preparing a photo, as long or longer (Docs/Benchmarks.md). The
    /// start's time is traced as `engine`.
    func startingEngine<T>(
        for setup: EngineSetup, prestarting later: [EngineSetup] = [], trace: StageTrace, while body: () throws -> T
    ) throws -> T {
        guard let helpers, let helper = helpers.borrow() else {
            _ = try trace.measure("engine") { try engines.reader(for: setup) }
            return try body()
        }
        let started = EngineStart(engines: engines, setup: setup, later: later.filter { !engines.holds($0) })
        let done = DispatchGroup()
        done.enter()
        helper.lend { _ in
            started.run()
            helpers.giveBack(helper)  // before the job goes on to borrow it again
            done.leave()
        }
        let outcome = Result { try body() }
        // A body that failed (an image that cannot be read) needs no later engine.
        if case .success = outcome { started.startLaterWhileWaiting() }
        done.wait()
        trace.record("engine", seconds: started.seconds)
        try started.check()
        started.keepLater()
        return try outcome.get()
    }
}

/// The start of a job's engine on a helper's thread, and of the engines its later stages
/// read with on the job's meanwhile (`EngineCrew.startingEngine`). `@unchecked Sendable`:
/// the job touches neither its engines nor `failure` until the helper has run it and left
/// the group it waits on; `jobEngineStarted` is touched under `lock`.
private final class EngineStart: @unchecked Sendable {
    private let engines: EngineCache
    private let setup: EngineSetup
    private var failure: (any Error)?
    /// The start's CPU time on the helper's thread (when tracing).
    private(set) var seconds = 0.0
    private let lock = NSLock()
    private var jobEngineStarted = false
    /// The later engines, and those the job made, to keep once the helper is done.
    private var later: [EngineSetup]
    private var made: [(EngineSetup, TesseractEngine)] = []

    init(engines: EngineCache, setup: EngineSetup, later: [EngineSetup]) {
        self.engines = engines
        self.setup = setup
        self.later = later
    }

    /// On the helper's thread: the job's engine.
    func run() {
        let start = StageTrace.isEnabled ? StageTrace.stageTime() : 0
        do { _ = try engines.reader(for: setup) } catch { failure = error }
        if StageTrace.isEnabled { seconds = StageTrace.stageTime() - start }
        lock.withLock { jobEngineStarted = true }
    }

    /// On the job's thread, its body done: the later engines, one after another, while the
    /// helper still starts the job's (made apart: the helper is filling the cache).
    func startLaterWhileWaiting() {
        while !later.isEmpty, !lock.withLock({ jobEngineStarted }) {
            let next = later.removeFirst()
            if let engine = try? engines.makeEngine(for: next) { made.append((next, engine)) }
        }
    }

    /// On the job's thread, once the helper is done: keeps the later engines made.
    func keepLater() {
        for (setup, engine) in made { engines.adopt(engine, for: setup) }
        made = []
    }

    func check() throws {
        if let failure { throw failure }
    }
}

extension EngineCrew {
    /// `body` applied to every item, as `map(_:on:cost:spareLook:_:)` with no spare look.
    func map<Item, Output>(
        _ items: [Item], on prepared: PreparedImage, cost: (Item) -> Int = { _ in 1 }, readingWith needs: [EngineSetup] = [],
        _ body: (Item, EngineCache, PreparedImage) throws -> Output
    ) throws -> [Output] {
        try map(items, on: prepared, cost: cost, readingWith: needs, spareLook: SpareLook<Output, Never>?.none, body)
    }
}

/// The items of one `EngineCrew.map` call shared by its two threads: which comes next, what
/// each gave, and whether the helper is reading some. `@unchecked Sendable`: touched only
/// under `lock`.
final class SharedWork<Output>: @unchecked Sendable {
    private let lock = NSCondition()
    private let order: [Int]
    private var position = 0
    private var failed = false
    private var outcomes: [Result<Output, any Error>?]
    /// Whether the helper has joined and not yet left.
    private var helperReading = false
    /// Whether the job has taken the last item and no longer lets the helper join.
    private var closed = false

    init(order: [Int]) {
        self.order = order
        self.outcomes = Array(repeating: nil, count: order.count)
    }

    /// Whether an item is left to read (none has failed).
    var hasItemsLeft: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !failed && position < order.count
    }

    /// The next item to read, or `nil` when none is left or one has failed.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed, position < order.count else { return nil }
        defer { position += 1 }
        return order[position]
    }

    /// Lets the helper take items, unless the job has closed the work: `false` then.
    func helperJoins() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return false }
        helperReading = true
        return true
    }

    /// The helper has taken no more items and finished those it took.
    func helperLeaves() {
        lock.lock()
        defer { lock.unlock() }
        helperReading = false
        lock.broadcast()
    }

    /// Keeps the helper from joining from now on, and waits until it finished any items it took.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        while helperReading { lock.wait() }
    }

    func record(_ outcome: Result<Output, any Error>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        if case .failure = outcome { failed = true }
        outcomes[index] = outcome
    }

    /// The outputs of the items read so far without error, in the items' order.
    func outputsSoFar() -> [Output] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { try? $0?.get() }
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

/// The helper's share of a `map`, dropped once run (the body must not outlive the map).
/// `@unchecked Sendable`: run on the helper's thread, dropped by the job once the work is
/// closed (the helper, if it joined, has left it by then).
private final class HelperTask: @unchecked Sendable {
    private var body: ((EngineCache, PreparedImage) -> Void)?

    init(_ body: @escaping (EngineCache, PreparedImage) -> Void) {
        self.body = body
    }

    func run(_ engines: EngineCache, _ image: PreparedImage) {
        body?(engines, image)
        body = nil
    }

    /// Drops the body unrun: called by the job once the helper can no longer run it.
    func drop() {
        body = nil
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
        _ lines: [PreparedLine], on prepared: PreparedImage, readingWith needs: [EngineSetup], where needsLook: (PreparedLine) -> Bool,
        _ look: (PreparedLine, EngineCache, PreparedImage) throws -> PreparedLine
    ) throws -> [PreparedLine] {
        let picked = lines.indices.filter { needsLook(lines[$0]) }
        let width: (Int) -> Int = { lines[$0].preparedBox.width }
        let looked = try map(picked, on: prepared, cost: width, readingWith: needs) { index, engines, image in
            try look(lines[index], engines, image)
        }
        var reviewed = lines
        for (index, line) in zip(picked, looked) { reviewed[index] = line }
        return reviewed
    }

    /// `lines` with each word of those `needsLook` picks replaced by what `mend` makes of it
    /// (left as it is when `mend` gives nothing), the lines shared out as by `review`.
    func mendingWords(
        of lines: [PreparedLine], on prepared: PreparedImage, readingWith needs: [EngineSetup], where needsLook: (PreparedLine) -> Bool,
        _ mend: (RecognizedWord, PreparedLine, EngineCache, PreparedImage) throws -> RecognizedWord?
    ) throws -> [PreparedLine] {
        try review(lines, on: prepared, readingWith: needs, where: needsLook) { line, engines, prepared in
            let words = try line.line.words.map { try mend($0, line, engines, prepared) ?? $0 }
            return PreparedLine(line: line.line.withWords(words), preparedBox: line.preparedBox)
        }
    }
}
