import Foundation
import Synchronization
import Testing

@testable import Data

@Suite("Engine pool: limits, order, cancellation, idle release")
struct ResourcePoolTests {
    final class Token: Sendable {
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }

    final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int {
            value.withLock {
                $0 += 1
                return $0
            }
        }
    }

    /// How many holders there are now, and the most there ever were.
    final class Occupancy: Sendable {
        private let state = Mutex((now: 0, peak: 0))
        func enter() {
            state.withLock {
                $0.now += 1
                $0.peak = max($0.peak, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var peak: Int { state.withLock { $0.peak } }
    }

    final class Log: Sendable {
        private let entries = Mutex<[Int]>([])
        func append(_ value: Int) { entries.withLock { $0.append(value) } }
        var values: [Int] { entries.withLock { $0 } }
    }

    static func pool(limit: Int, idle: Duration = .seconds(60)) -> (ResourcePool<Token>, Counter) {
        let counter = Counter()
        return (ResourcePool(limit: limit, idleTimeout: idle) { Token(serial: counter.next()) }, counter)
    }

    /// Waits (without blocking a thread) until `condition` holds, or a generous minute has
    /// passed (the caller's expectation then fails): a busy machine delays a sweep, it does
    /// not stop it.
    static func eventually(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("Never more resources than the limit; they are reused")
    func limit() async throws {
        let (pool, created) = Self.pool(limit: 2)
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    let resource = try await pool.acquire()
                    occupancy.enter()
                    try await Task.sleep(for: .milliseconds(10))
                    occupancy.leave()
                    pool.release(resource)
                }
            }
            try await group.waitForAll()
        }
        #expect(occupancy.peak == 2)
        #expect(created.next() == 3)  // two were made
        #expect(pool.count == 2)
    }

    @Test("Waiters are served in the order they arrived")
    func fifo() async throws {
        let (pool, _) = Self.pool(limit: 1)
        let held = try await pool.acquire()
        let order = Log()
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<4 {
            tasks.append(
                Task {
                    let resource = try await pool.acquire()
                    order.append(index)
                    pool.release(resource)
                })
            await Self.eventually { pool.waiting == index + 1 }
        }
        pool.release(held)
        for task in tasks { try await task.value }
        #expect(order.values == [0, 1, 2, 3])
    }

    @Test("A cancelled waiter leaves the queue and throws; the pool still works")
    func cancelWaiting() async throws {
        let (pool, _) = Self.pool(limit: 1)
        let held = try await pool.acquire()
        let waiter = Task { try await pool.acquire() }
        await Self.eventually { pool.waiting == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiter.value }
        #expect(pool.waiting == 0)
        pool.release(held)
        let again = try await pool.acquire()
        #expect(again === held)
        pool.release(again)
    }

    @Test("A task cancelled before asking gets CancellationError, not a resource")
    func cancelBeforeParking() async throws {
        let (pool, _) = Self.pool(limit: 1)
        let held = try await pool.acquire()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.acquire()
        }
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        pool.release(held)
        #expect(pool.waiting == 0)
    }

    @Test("Idle resources are released after the timeout")
    func idleRelease() async throws {
        // Long enough that the check right after releasing is not raced by the sweep.
        let (pool, _) = Self.pool(limit: 2, idle: .seconds(1))
        pool.release(try await pool.acquire())
        #expect(pool.count == 1)
        await Self.eventually { pool.count == 0 }
        #expect(pool.count == 0)
        pool.release(try await pool.acquire())  // a new one is made on demand
        #expect(pool.count == 1)
    }
}
