import XCTest
import LedgerWorkload
@testable import SimCore

/// The kernel's cheaper simulated request keeps every observable the same: trace hashes written
/// piece by piece equal those of whole strings, answered calls leave no timer that moves time,
/// and dead timers are shed without reordering the live ones.
final class KernelCostTests: XCTestCase {
    func testDecimalHashEqualsHashOfTheDecimalText() {
        let values: [Int64] = [0, 1, 9, 10, 11, 99, 100, 12_345, -1, -10, -987_654_321, .max, .min, 1_000_000_000_000]
        for value in values {
            XCTAssertEqual(StableHash.fnv1a(decimal: value, seed: 7), StableHash.fnv1a(String(value), seed: 7), "\(value)")
        }
        for value: UInt64 in [0, 5, 10, 18_446_744_073_709_551_615, 10_000_000_000_000_000_000] {
            XCTAssertEqual(StableHash.fnv1a(decimal: value, seed: 7), StableHash.fnv1a(String(value), seed: 7), "\(value)")
        }
    }

    func testPieceByPieceRecordHashesLikeTheWholeText() {
        let whole = Trace(), pieces = Trace(), kept = Trace(recording: true)
        whole.record(time: 42, component: "device-1", event: "→ledger #17 add total -5 key=é/3")
        for trace in [pieces, kept] {
            trace.record(time: 42, component: "device-1") { text in
                text.append("→")
                text.append("ledger")
                text.append(" #")
                text.append(UInt64(17))
                text.append(" add total ")
                text.append(Int64(-5))
                text.append(" key=é/")
                text.append(3)
            }
        }
        XCTAssertEqual(pieces.hash, whole.hash)
        XCTAssertEqual(kept.hash, whole.hash)
        XCTAssertTrue(pieces.records.isEmpty, "no text is kept when the trace does not record")
        XCTAssertEqual(kept.records.map(\.event), ["→ledger #17 add total -5 key=é/3"])
    }

    func testLedgerSummariesWrittenInPiecesMatchTheirStrings() {
        let ledger = LedgerService()
        let requests: [LedgerService.Request] = [.add(account: "a", amount: -3, idempotencyKey: "k/1"),
                                                 .add(account: "b", amount: 4, idempotencyKey: nil), .read(account: "c")]
        let responses: [LedgerService.Response] = [.balance(-9), .failed(status: 429, retryAfterSeconds: 3),
                                                   .failed(status: 503, retryAfterSeconds: nil)]
        for request in requests {
            var text = TraceText(seed: 1, keepsText: true)
            ledger.writeSummary(of: request, into: &text)
            XCTAssertEqual(text.text, ledger.summary(of: request))
            XCTAssertEqual(text.hash, StableHash.fnv1a(ledger.summary(of: request), seed: 1))
        }
        for response in responses {
            var text = TraceText(seed: 1, keepsText: false)
            ledger.writeSummary(of: response, into: &text)
            XCTAssertNil(text.text)
            XCTAssertEqual(text.hash, StableHash.fnv1a(ledger.summary(of: response), seed: 1))
        }
    }

    func testAnsweredCallLeavesNoPendingTimer() throws {
        let sim = Simulator(seed: 3, options: SimulatorOptions(policy: .fifo, faultSource: .plan(.none)))
        let handle = sim.network.register(LedgerService())
        let device = sim.addDevice("device-1")
        let pendingAfterCall = try sim.run { sim in
            device.launch { context in
                _ = try? await context.call(handle, .read(account: "a"), timeout: .seconds(3_600))
            }
            await device.waitUntilStopped()
            return sim.pendingTimers
        }
        XCTAssertEqual(pendingAfterCall, 0, "the hour-long timeout of an answered call is dead")
    }

    func testTimeoutStillFiresForAnUnansweredCall() throws {
        let (client, _, sim) = try NetworkTests.sendOnce(family: .requestLoss)
        XCTAssertEqual(client, "error timeout")
        XCTAssertTrue(sim.trace.records.contains { $0.event == "✕ #1 timeout" })
    }

    func testManyAnsweredCallsShedTheirDeadTimers() throws {
        let sim = Simulator(seed: 4, options: SimulatorOptions(policy: .fifo, faultSource: .plan(.none)))
        let handle = sim.network.register(LedgerService())
        let device = sim.addDevice("device-1")
        let heapSize = try sim.run { sim in
            device.launch { context in
                for _ in 0..<5_000 { _ = try? await context.call(handle, .read(account: "a"), timeout: .seconds(86_400)) }
            }
            await device.waitUntilStopped()
            return sim.timerHeapCount
        }
        XCTAssertLessThan(heapSize, 2_100, "dead timeouts are shed once they outnumber live timers (5,000 without)")
    }

    func testCancelledSleepLeavesNoPendingTimer() throws {
        let sim = Simulator(seed: 5, options: SimulatorOptions(policy: .fifo))
        let pending = try sim.run { sim in
            let clock = sim.rootClock
            let sleeper = Task(executorPreference: sim.rootExecutor) {
                try? await clock.sleep(until: SimInstant(nanoseconds: 3_600_000_000_000), tolerance: nil)
            }
            try await clock.sleep(until: SimInstant(nanoseconds: 1_000), tolerance: nil)
            sleeper.cancel()
            await sleeper.value
            return sim.pendingTimers
        }
        XCTAssertEqual(pending, 0)
    }

    func testRemovingTimersKeepsTheOrderOfTheRest() {
        var heap = TimerHeap<Int>()
        var reference: [(Int64, Int)] = []
        var random = SimRandom(seed: 11)
        for index in 0..<2_000 {
            let deadline = Int64(random.below(300))
            heap.push(deadline: deadline, index)
            if index % 3 != 0 { reference.append((deadline, index)) }
        }
        heap.removeAll { $0 % 3 == 0 }
        reference.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        var popped: [(Int64, Int)] = []
        while let next = heap.pop() { popped.append((next.deadline, next.payload)) }
        XCTAssertEqual(popped.map(\.0), reference.map(\.0))
        XCTAssertEqual(popped.map(\.1), reference.map(\.1))
    }

    func testFaultFamilyOrdinalIsItsPositionInAllCases() {
        for (index, family) in FaultFamily.allCases.enumerated() {
            XCTAssertEqual(family.ordinal, index, family.rawValue)
        }
    }
}
