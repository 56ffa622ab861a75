import XCTest
@testable import SimCore

/// A counter actor with the classic check–await–update reentrancy bug.
actor ReentrantAccount {
    private(set) var balance = 100

    /// Checks the balance, awaits (as if calling a server), then withdraws: two concurrent calls
    /// can both pass the check.
    func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else { return false }
        await Task.yield()
        balance -= amount
        return true
    }
}

final class ExecutorTests: XCTestCase {
    func testRunsStructuredConcurrencyInsideAndReturnsTheResult() throws {
        let sim = Simulator(seed: 1, options: SimulatorOptions(policy: .fifo))
        let result = try sim.run { sim in
            let sum = await withTaskGroup(of: Int.self) { group in
                for value in 1...10 { group.addTask { value } }
                var total = 0
                for await value in group { total += value }
                return total
            }
            async let doubled = { 2 * 21 }()
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            sim.schedule(after: .seconds(1)) {
                continuation.yield(7)
                continuation.finish()
            }
            var streamed = 0
            for await value in stream { streamed += value }
            return sum + (await doubled) + streamed
        }
        XCTAssertEqual(result, 55 + 42 + 7)
        XCTAssertEqual(sim.now, SimInstant(nanoseconds: 1_000_000_000), "time moved straight to the timer")
        XCTAssertGreaterThan(sim.jobsRun, 10)
    }

    func testFIFONeverExposesTheReentrancyBug() throws {
        for seed in 0..<50 {
            XCTAssertEqual(try Self.overdraws(seed: UInt64(seed), policy: .fifo), false, "seed \(seed)")
        }
    }

    func testRandomReadyOrderExposesTheReentrancyBugForSomeSeedsReproducibly() throws {
        var exposed: [UInt64] = []
        var clean: [UInt64] = []
        for seed in UInt64(0)..<200 {
            if try Self.overdraws(seed: seed, policy: .random) { exposed.append(seed) } else { clean.append(seed) }
        }
        print("reentrancy: exposed \(exposed.count)/200, first \(exposed.prefix(5))")
        XCTAssertFalse(exposed.isEmpty, "random order never interleaved the withdrawals")
        XCTAssertFalse(clean.isEmpty, "random order always interleaved: the test cannot tell")
        for seed in exposed.prefix(5) { XCTAssertTrue(try Self.overdraws(seed: seed, policy: .random)) }
        for seed in clean.prefix(5) { XCTAssertFalse(try Self.overdraws(seed: seed, policy: .random)) }
    }

    /// Two withdrawals of 60 from 100; the second needs three extra hops to reach its check.
    static func overdraws(seed: UInt64, policy: SchedulingPolicy) throws -> Bool {
        let sim = Simulator(seed: seed, options: SimulatorOptions(policy: policy, faultSource: .plan(.none)))
        return try sim.run { _ in
            let account = ReentrantAccount()
            await withTaskGroup(of: Bool.self) { group in
                group.addTask { await account.withdraw(60) }
                group.addTask {
                    for _ in 0..<3 { await Task.yield() }
                    return await account.withdraw(60)
                }
                for await _ in group {}
            }
            return await account.balance < 0
        }
    }

    func testTimersFireInTimeThenInsertionOrder() throws {
        let sim = Simulator(seed: 3, options: SimulatorOptions(policy: .fifo))
        let order = try sim.run { sim in
            let box = OrderBox()
            sim.schedule(after: .seconds(2)) { box.append("b@2") }
            sim.schedule(after: .seconds(1)) { box.append("a@1") }
            sim.schedule(after: .seconds(2)) { box.append("c@2") }
            try await sim.rootClock.sleep(until: SimInstant(nanoseconds: 3_000_000_000), tolerance: nil)
            return box.items
        }
        XCTAssertEqual(order, ["a@1", "b@2", "c@2"])
    }

    func testSleepIsCancellationAware() throws {
        let sim = Simulator(seed: 4, options: SimulatorOptions(policy: .fifo))
        let outcome = try sim.run { sim in
            let clock = sim.rootClock
            let sleeper = Task(executorPreference: sim.rootExecutor) {
                do {
                    try await clock.sleep(until: SimInstant(nanoseconds: 3_600_000_000_000), tolerance: nil)
                    return "woke"
                } catch is CancellationError {
                    return "cancelled"
                } catch {
                    return "other"
                }
            }
            try await clock.sleep(until: SimInstant(nanoseconds: 1_000), tolerance: nil)
            sleeper.cancel()
            return await sleeper.value
        }
        XCTAssertEqual(outcome, "cancelled")
        XCTAssertEqual(sim.now.nanoseconds, 1_000, "the hour-long timer never moved time")
    }

    func testTimerHeapOrdersByDeadlineThenSequence() {
        var heap = TimerHeap<Int>()
        var random = SimRandom(seed: 10)
        for index in 0..<500 { heap.push(deadline: Int64(random.below(50)), index) }
        var last: (Int64, Int) = (-1, -1)
        while let next = heap.pop() {
            XCTAssertTrue(next.deadline > last.0 || (next.deadline == last.0 && next.payload > last.1))
            last = (next.deadline, next.payload)
        }
    }

    /// The check debug builds run after every sift sees a broken order (it is not vacuous).
    func testTimerHeapOrderCheckSeesABrokenHeap() {
        var heap = TimerHeap<Int>()
        var random = SimRandom(seed: 12)
        for index in 0..<100 { heap.push(deadline: Int64(random.below(1_000)), index) }
        XCTAssertTrue(heap.isOrdered)
        XCTAssertTrue(heap.isOrdered(alongPathFrom: heap.count - 1, upTo: 0))
        let last = heap.keys.count - 1
        heap.keys.swapAt(0, last)
        XCTAssertFalse(heap.isOrdered)
        XCTAssertFalse(heap.isOrdered(alongPathFrom: last, upTo: 0), "the root is after its children")
    }
}

/// A tiny mutable box for tests (touched only on the simulation's thread).
final class OrderBox: @unchecked Sendable {
    var items: [String] = []
    func append(_ item: String) { items.append(item) }
}
