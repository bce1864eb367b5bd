import CTesseract
import Domain
import Foundation
import OCRTestSupport
import Synchronization
import Testing

@testable import Data

@Suite("Spare cores: a job shares its recognitions with a helper, with the same result")
struct SpareCoreTests {
    @Test("A helper is lent only while jobs and helpers leave a core spare")
    func helpersOnlyOnSpareCores() {
        let pool = HelperPool(cores: 2) { EngineWorker(locator: LanguageDataLocator(explicitDirectory: nil)) }
        let idle = pool.borrow()
        #expect(idle != nil, "no job runs: both cores are spare")
        if let idle { pool.giveBack(idle) }
        pool.jobStarted()
        let first = pool.borrow()
        #expect(first != nil)
        #expect(pool.borrow() == nil, "a job and a helper occupy both cores")
        if let first { pool.giveBack(first) }
        pool.jobStarted()
        #expect(pool.borrow() == nil, "two jobs occupy both cores")
        pool.jobEnded()
        #expect(pool.borrow() === first, "the idle helper is lent again, not a new one made")

        let single = HelperPool(cores: 1) { EngineWorker(locator: LanguageDataLocator(explicitDirectory: nil)) }
        single.jobStarted()
        #expect(single.borrow() == nil)
    }

    /// `page.png` cut into `count` strips across, each read as a block by `crew`; `reading`
    /// is told which engines read each strip.
    private static func stripsRead(
        _ count: Int, by crew: EngineCrew, readingWith needs: [EngineSetup] = [], reading: (EngineCache) -> Void = { _ in }
    ) throws -> [[String]] {
        let image = try Fixture("page.png").grayscaleImage()
        let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
        let height = image.size.height
        let strips = (0..<count).map { PixelRect(x: 0, y: $0 * height / count, width: image.size.width, height: height / count) }
        let control = RecognitionControl(progress: nil)
        return try crew.map(strips, on: prepared, readingWith: needs) { strip, engines, image -> [String] in
            reading(engines)
            let monitor = RecognitionMonitor(control: control)
            let lines = try engines.engine(for: ["kor", "eng"]).recognize(image, segmentation: PSM_SINGLE_BLOCK, monitor: monitor, within: strip)
            return (lines ?? []).map(\.line.text)
        }
    }

    @Test("Lines read on two engines at once come back in order, as one engine reads them")
    func crewReadsOnBothEngines() throws {
        let locator = LanguageDataLocator(explicitDirectory: nil)
        let caches = Mutex<Set<ObjectIdentifier>>([])
        let noting = { (engines: EngineCache) in caches.withLock { _ = $0.insert(ObjectIdentifier(engines)) } }
        let alone = try Self.stripsRead(6, by: EngineCrew(engines: EngineCache(locator: locator), helpers: nil), reading: noting)
        #expect(caches.withLock { $0.count } == 1)
        caches.withLock { $0.removeAll() }
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let shared = try Self.stripsRead(6, by: EngineCrew(engines: EngineCache(locator: locator), helpers: helpers), reading: noting)
        #expect(caches.withLock { $0.count } == 2, "the job's engines and the helper's both read")
        #expect(shared == alone)
        #expect(alone.joined().count > 10, "the strips hold text")
    }

    @Test("A helper that starts its engines before taking a strip reads the same, or leaves every strip to the job")
    func helperStartsItsEnginesFirst() throws {
        let locator = LanguageDataLocator(explicitDirectory: nil)
        let setup = EngineSetup(languages: ["kor", "eng"])
        let alone = try Self.stripsRead(4, by: EngineCrew(engines: EngineCache(locator: locator), helpers: nil))
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let crew = EngineCrew(engines: EngineCache(locator: locator), helpers: helpers)
        #expect(try Self.stripsRead(4, by: crew, readingWith: [setup]) == alone)
        #expect(try Self.stripsRead(4, by: crew, readingWith: [setup]) == alone, "read again, the helper's engine started")
        #expect(alone.joined().count > 10, "the strips hold text")
    }

    @Test("A job prepared before its engine has started starts the later stages' engines meanwhile; one that cannot start is skipped")
    func laterEnginesStartWhileTheJobWaits() throws {
        let locator = LanguageDataLocator(explicitDirectory: nil)
        let page = EngineSetup(languages: ["kor", "eng"])
        let korean = EngineSetup(languages: ["kor"])
        let missing = EngineSetup(languages: ["not-installed"])
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        // The helper is busy for a while first, so the page's engine starts late.
        let helper = try #require(helpers.borrow())
        helper.lend { _ in Thread.sleep(forTimeInterval: 0.5) }
        helpers.giveBack(helper)
        let engines = EngineCache(locator: locator)
        let crew = EngineCrew(engines: engines, helpers: helpers)
        let prepared = try crew.startingEngine(for: page, prestarting: [missing, korean], trace: StageTrace()) { "prepared" }
        #expect(prepared == "prepared")
        #expect(engines.holds(page), "the job's engine started")
        #expect(engines.holds(korean), "the later engine started while the job waited")
        #expect(!engines.holds(missing))

        struct Unreadable: Error {}
        let failing = EngineCache(locator: locator)
        #expect(throws: Unreadable.self) {
            try EngineCrew(engines: failing, helpers: helpers).startingEngine(for: page, prestarting: [korean], trace: StageTrace()) {
                throw Unreadable()
            }
        }
        #expect(failing.holds(page) && !failing.holds(korean), "a page that could not be read starts no later engine")
    }

    @Test("The job closes the shared work: a helper joining late takes nothing, one reading is waited for")
    func sharedWorkCloses() async throws {
        let late = SharedWork<Int>(order: [0])
        #expect(late.next() == 0)
        late.close()
        #expect(!late.helperJoins(), "the job took every item and closed the work first")

        let reading = SharedWork<Int>(order: [0, 1])
        #expect(reading.helperJoins())
        let finished = Mutex(false)
        let helper = Task.detached {
            try await Task.sleep(for: .milliseconds(50))
            finished.withLock { $0 = true }
            reading.helperLeaves()
        }
        reading.close()
        #expect(finished.withLock { $0 }, "close returned only once the helper had left")
        try await helper.value
    }

    /// The three-line fixture prepared as is, with the installed languages and a fresh control.
    private static func threeLinesPage() throws -> (PreparedImage, LanguageDataLocator, RecognitionControl) {
        let image = try Fixture("three-lines.png").grayscaleImage()
        let prepared = PreparedImage(image: image, frame: PreparedFrame(identityOf: image.size))
        return (prepared, LanguageDataLocator(explicitDirectory: nil), RecognitionControl(progress: nil))
    }

    @Test("A spare look runs on the helper when what was read calls for it, and is skipped otherwise", arguments: [true, false])
    func spareLook(wanted: Bool) throws {
        let (prepared, locator, control) = try Self.threeLinesPage()
        let seen = Mutex<[Int]>([])
        let offered: ([Int]) -> Bool = { read in
            seen.withLock { $0 = read }
            return wanted
        }
        let look = SpareLook<Int, String>(wanted: offered, control: control) { engines, image, control in
            let monitor = RecognitionMonitor(control: control)
            let lines = try engines.engine(for: ["kor", "eng"]).recognize(image, segmentation: PSM_SINGLE_BLOCK, monitor: monitor)
            return (lines ?? []).map(\.line.text).joined(separator: "\n")
        }
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let crew = EngineCrew(engines: EngineCache(locator: locator), helpers: helpers)
        let doubled = try crew.map([1, 2, 3], on: prepared, spareLook: look) { item, _, _ in item * 2 }
        #expect(doubled == [2, 4, 6])
        let text = try look.result()
        if wanted {
            #expect(text?.split(separator: "\n").count == 3, "the look read the page's three lines")
        } else {
            #expect(text == nil)
        }
        #expect(Set(seen.withLock { $0 }).isSubset(of: [2, 4, 6]), "the look was offered what had been read")

        let alone = EngineCrew(engines: EngineCache(locator: locator), helpers: nil)
        let always: ([Int]) -> Bool = { _ in true }
        let unstarted = SpareLook<Int, Int>(wanted: always, control: control) { _, _, _ in 1 }
        _ = try alone.map([1, 2], on: prepared, spareLook: unstarted) { item, _, _ in item }
        #expect(try unstarted.result() == nil, "without a helper the job does the look itself")
    }

    @Test("The helper is back in the pool when the job hears it is done: with its items, or with its look")
    func helperBackWhenDone() throws {
        let (prepared, locator, control) = try Self.threeLinesPage()
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let crew = EngineCrew(engines: EngineCache(locator: locator), helpers: helpers)
        let slowly = { (item: Int, _: EngineCache, _: PreparedImage) -> Int in
            Thread.sleep(forTimeInterval: 0.005)
            return item
        }
        // Repeated: handed back after the job was told, it was missing now and then.
        for round in 0..<20 {
            let always: ([Int]) -> Bool = { _ in true }
            let look = SpareLook<Int, Int>(wanted: always, control: control) { _, _, _ in round }
            _ = try crew.map(Array(0..<6), on: prepared, spareLook: look, slowly)
            #expect(try look.result() == round)
            let afterLook = helpers.borrow()
            #expect(afterLook != nil, "round \(round): the look's helper is free once its result is in")
            if let afterLook { helpers.giveBack(afterLook) }

            _ = try crew.map(Array(0..<6), on: prepared, slowly)
            let afterItems = helpers.borrow()
            #expect(afterItems != nil, "round \(round): the helper that shared the items is free once the map returns")
            if let afterItems { helpers.giveBack(afterItems) }
        }
    }

    /// True at the first call with `flag` (set to `true`), false after.
    private static func isFirst(_ flag: borrowing Mutex<Bool>) -> Bool {
        flag.withLock { first in
            defer { first = false }
            return first
        }
    }

    @Test("A map that finds no helper free takes one on as soon as one is")
    func helperJoinsWhenFree() throws {
        let (prepared, locator, _) = try Self.threeLinesPage()
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let busy = try #require(helpers.borrow(), "a core is spare")
        let jobEngines = EngineCache(locator: locator)
        let crew = EngineCrew(engines: jobEngines, helpers: helpers)
        let caches = Mutex<Set<ObjectIdentifier>>([])
        // Handshakes, not sleeps: the job's first item frees the helper (from a thread of its
        // own) and goes on once it is back in the pool; the job's later items wait until the
        // helper has read one (a generous limit: a helper that never joins fails the test).
        let began = DispatchSemaphore(value: 0)
        let returned = DispatchSemaphore(value: 0)
        let helperRead = DispatchGroup()
        helperRead.enter()
        let firstOfJob = Mutex(true)
        let firstOfHelper = Mutex(true)
        Thread.detachNewThread {
            began.wait()
            helpers.giveBack(busy)
            returned.signal()
        }
        let read = try crew.map(Array(0..<12), on: prepared) { item, engines, _ -> Int in
            caches.withLock { _ = $0.insert(ObjectIdentifier(engines)) }
            if engines !== jobEngines {
                if Self.isFirst(firstOfHelper) { helperRead.leave() }
            } else if Self.isFirst(firstOfJob) {
                began.signal()
                returned.wait()
            } else {
                _ = helperRead.wait(timeout: .now() + 600)
            }
            return item
        }
        #expect(read == Array(0..<12))
        #expect(caches.withLock { $0.count } == 2, "the helper freed after the map began read some of its items")
    }

    @Test(
        "A helper still starting its engine when the job has read every item runs the look only if wanted, and lets go of the job's work",
        arguments: [true, false])
    func lateHelperAndSpareLook(wanted: Bool) throws {
        let (prepared, locator, control) = try Self.threeLinesPage()
        let offered: ([Int]) -> Bool = { _ in wanted }
        let look = SpareLook<Int, Int>(wanted: offered, control: control) { engines, image, control in
            let monitor = RecognitionMonitor(control: control)
            return try engines.engine(for: ["kor", "eng"]).recognize(image, segmentation: PSM_SINGLE_BLOCK, monitor: monitor)?.count ?? 0
        }
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let crew = EngineCrew(engines: EngineCache(locator: locator), helpers: helpers)
        // One item, read at once: the helper is still starting the engine it reads with.
        let read = try crew.map([7], on: prepared, readingWith: [EngineSetup(languages: ["kor", "eng"])], spareLook: look) { item, _, _ in
            item
        }
        #expect(read == [7])
        let lines = try look.result()
        #expect(lines == (wanted ? 3 : nil), "a wanted look read the page's three lines; an unwanted one never started")
    }

    @Test("A spare look that outlasts its budget is given up and stopped; one within it gives its result")
    func spareLookBudget() throws {
        let (prepared, locator, control) = try Self.threeLinesPage()
        let helpers = HelperPool(cores: 2) { EngineWorker(locator: locator) }
        helpers.jobStarted()
        let crew = EngineCrew(engines: EngineCache(locator: locator), helpers: helpers)
        let always: ([Int]) -> Bool = { _ in true }
        // The look waits until it is stopped: only giving it up ends it.
        let running = DispatchSemaphore(value: 0)
        let stopped = Mutex(false)
        let endless = SpareLook<Int, Int>(wanted: always, control: control) { _, _, look in
            running.signal()
            while !look.shouldStop { usleep(1000) }  // polls its control, as Tesseract's monitor does
            stopped.withLock { $0 = true }
            return 0
        }
        _ = try crew.map([1, 2], on: prepared, spareLook: endless) { item, _, _ in item }
        running.wait()
        #expect(endless.wasStarted)
        #expect(try endless.result(waitingAtMost: .milliseconds(50)) == nil)
        #expect(!control.isCancelled, "giving the look up stops the look, not the job")
        // The helper is free again once the look has stopped.
        var helper = helpers.borrow()
        while helper == nil {
            usleep(1000)
            helper = helpers.borrow()
        }
        if let helper { helpers.giveBack(helper) }
        #expect(stopped.withLock { $0 })

        let quick = SpareLook<Int, Int>(wanted: always, control: control) { _, _, _ in 42 }
        _ = try crew.map([1, 2], on: prepared, spareLook: quick) { item, _, _ in item }
        #expect(try quick.result(waitingAtMost: .seconds(600)) == 42)
    }

    @Test("A child control's own budget stops its work with BudgetExceeded; the parent goes on")
    func childBudget() throws {
        let parent = RecognitionControl(progress: nil, timeLimit: .seconds(600))
        parent.startClock()
        let child = parent.child(budget: .zero)
        #expect(child.shouldStop)
        #expect(throws: RecognitionControl.BudgetExceeded.self) { try child.checkpoint() }
        #expect(!parent.shouldStop)
        try parent.checkpoint()
        let generous = parent.child(budget: .seconds(600))
        #expect(!generous.shouldStop)
        parent.cancel()
        #expect(throws: CancellationError.self) { try generous.checkpoint() }
    }

    @Test("A page read with a helper reads exactly as without one", arguments: ["page.png", "receipt-faded.png", "mixed.png"])
    func sameResultWithHelper(name: String) async throws {
        let data = try Fixture(name).data()
        let alone = try TesseractOCRRepository(
            languages: ["kor", "eng"], dataDirectory: nil, maximumEngines: 1, usesSpareCores: false)
        let helped = try TesseractOCRRepository(
            languages: ["kor", "eng"], dataDirectory: nil, maximumEngines: 1, usesSpareCores: true)
        let expected = try await alone.recognizeText(in: data, rotation: nil, options: .suite)
        let result = try await helped.recognizeText(in: data, rotation: nil, options: .suite)
        #expect(result.lines == expected.lines)
        #expect(result.rotation == expected.rotation)
        #expect(!result.text.isEmpty)
    }
}
