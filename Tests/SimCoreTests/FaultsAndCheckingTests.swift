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
