import XCTest
@testable import SimCore

final class FaultsAndCheckingTests: XCTestCase {
    func testSwarmTurnsWholeFamiliesOffOrUpIncludingAllOff() {
        var allOff = 0
        var familyOff = [FaultFamily: Int]()
        var familyHigh = [FaultFamily: Int]()
        for seed in UInt64(0)..<400 {
            let plan = FaultPlan.swarm(SimRandom(seed: seed).fork("fault-plan"))
            if plan == .none { allOff += 1 }
            for family in FaultFamily.allCases {
                if !plan.isOn(family) { familyOff[family, default: 0] += 1 }
                if plan.rate(family) == family.levels[3] { familyHigh[family, default: 0] += 1 }
            }
        }
        XCTAssertGreaterThan(allOff, 5, "some seeds run with no faults at all")
        for family in FaultFamily.allCases {
            XCTAssertGreaterThan(familyOff[family] ?? 0, 50, "\(family) is sometimes off")
            XCTAssertGreaterThan(familyHigh[family] ?? 0, 50, "\(family) is sometimes turned up")
        }
        XCTAssertEqual(FaultPlan.swarm(SimRandom(seed: 9)), FaultPlan.swarm(SimRandom(seed: 9)))
    }

    func testPlanLinesListEveryFamilyInAFixedOrder() {
        var plan = FaultPlan.none
        plan.set(.duplicate, ppm: 20_000)
        XCTAssertEqual(plan.lines.count, FaultFamily.allCases.count)
        XCTAssertEqual(plan.lines[0], "request-loss off")
        XCTAssertTrue(plan.lines.contains("duplicate 20000ppm"))
        XCTAssertEqual(plan.summary, "duplicate=20000ppm")
    }

    func testBuggifyFiresForActiveLabelsAndIsTracedAndReplayable() throws {
        var plan = FaultPlan.none
        plan.set(.buggify, ppm: 1_000_000)
        var firedSomewhere = false
        for seed in UInt64(0)..<20 {
            let sim = Simulator(seed: seed, options: SimulatorOptions(recordTrace: true, faultSource: .plan(plan)))
            let device = sim.addDevice("device-1")
            try sim.run { _ in
                device.launch { context in
                    for _ in 0..<3 { _ = context.buggify("slow-disk") }
                }
                await device.waitUntilStopped()
            }
            let fired = sim.faults.injected.filter { $0.family == .buggify }
            if !fired.isEmpty {
                firedSomewhere = true
                XCTAssertEqual(fired.map(\.subject), ["slow-disk#1", "slow-disk#2", "slow-disk#3"])
                XCTAssertTrue(sim.trace.records.contains { $0.event == "inject buggify slow-disk#2" })
            }
        }
        XCTAssertTrue(firedSomewhere, "an active buggify label never fired")
    }

    func testKillMakesOpenOperationsIndeterminateNotFailed() throws {
        let sim = Simulator(seed: 50, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1")
        try sim.run { sim in
            device.launch { context in
                sim.history.invoke(process: context.deviceName, name: "upload", at: 0)
                try? await context.sleep(for: .seconds(10))
            }
            try await sim.rootClock.sleep(until: SimInstant(nanoseconds: 1_000), tolerance: nil)
            device.kill()
        }
        XCTAssertEqual(sim.history.operations.map(\.status), [.indeterminate])
    }

    /// A typed payload comes back as the value it was invoked with, with the operation's status;
    /// operations of another payload type, or of none, are not among the records.
    func testHistoryRecordsCarryTypedPayloadsAndStatus() throws {
        struct Edit: Sendable, Equatable { var entity: String; var value: Int }
        let sim = Simulator(seed: 51, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1")
        try sim.run { sim in
            device.launch { context in
                let saved = context.invoke("edit", payload: Edit(entity: "a", value: 1))
                context.complete(saved, .ok, result: "saved as a")
                context.complete(saved, .failed)  // already ended: ignored
                context.invoke("sync")  // no payload
                context.invoke("count", payload: 7)  // another payload type
                let refused = context.invoke("edit", payload: Edit(entity: "b", value: 2))
                context.complete(refused, .failed)
                context.invoke("edit", payload: Edit(entity: "c", value: 3))  // open when the kill comes
                try? await context.sleep(for: .seconds(10))
            }
            try await sim.rootClock.sleep(until: SimInstant(nanoseconds: 1_000), tolerance: nil)
            device.kill()
        }
        let edits = sim.history.records(Edit.self)
        XCTAssertEqual(edits.map(\.payload), [Edit(entity: "a", value: 1), Edit(entity: "b", value: 2), Edit(entity: "c", value: 3)])
        XCTAssertEqual(edits.map(\.operation.status), [.ok, .failed, .indeterminate])
        XCTAssertEqual(edits.map(\.operation.id), [0, 3, 4])
        XCTAssertEqual(edits.map(\.operation.status.mayHaveTakenEffect), [true, false, true])
        XCTAssertEqual(edits.map { $0.result(as: String.self) }, ["saved as a", nil, nil])
        XCTAssertEqual(sim.history.records(Int.self).map(\.payload), [7])
        XCTAssertEqual(sim.history.operations.count, 5)
        // Recorded order: invocations and completions as they happened (the kill ends 1, 2, 4).
        XCTAssertEqual(sim.history.steps, [.invoked(0), .completed(0), .invoked(1), .invoked(2), .invoked(3), .completed(3),
                                           .invoked(4), .completed(1), .completed(2), .completed(4)])
    }

    func testOutcomeFromViolationsPrefersSafety() {
        let liveness = Violation(invariant: "eventual-completion", kind: .liveness, message: "stuck at step 3")
        let safety = Violation(invariant: "no-duplicate", message: "2 rows for one split")
        XCTAssertEqual(RunOutcome.from([]), .pass)
        XCTAssertEqual(RunOutcome.from([liveness]).label, "liveness violation")
        XCTAssertEqual(RunOutcome.from([liveness, safety]).label, "safety violation")
    }

    func testFirstDivergenceIsReported() {
        let a = [TraceRecord(time: 1, component: "sim", event: "x"), TraceRecord(time: 2, component: "net", event: "y")]
        var b = a
        b[1].event = "z"
        XCTAssertNil(TraceDivergence.first(a, a))
        XCTAssertEqual(TraceDivergence.first(a, b)?.index, 1)
        XCTAssertEqual(TraceDivergence.first(a, Array(a.prefix(1)))?.right, nil)
    }

    func testCanonicalJSONSortsKeys() {
        let value: JSONValue = ["b": 1, "a": ["z": true, "y": nil], "c": "q\"\n"]
        XCTAssertEqual(value.canonicalText, #"{"a":{"y":null,"z":true},"b":1,"c":"q\"\n"}"#)
    }

    func testCoverageCountsSortedLabels() {
        let coverage = Coverage()
        coverage.hit("b")
        coverage.hit("a")
        coverage.hit("b")
        XCTAssertEqual(coverage.sorted.map(\.label), ["a", "b"])
        XCTAssertEqual(coverage.count("b"), 2)
    }
}
