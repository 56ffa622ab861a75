import AppPorts
import LedgerWorkload
import SimCore
@testable import SimHarness
import XCTest

/// The shared harness's fault and wait primitives: typed fault details parse back exactly or the
/// run is a harness error; scripted kills are faults a schedule can drop; a wait that hits its
/// bound fails the run.

/// A scenario that launches one device and lets `script` drive it.
struct ProbeScenario: AppScenario {
    let app = "probe", name = "probe", summary = "test", invariants: [String] = []
    let script: @Sendable (Simulator, KillInjector, Device) async -> Void
    func execute(in sim: Simulator, variant: String, size: Int) throws -> [Violation] {
        let kills = KillInjector(sim: sim, app: "probe")
        let device = sim.addDevice("phone")
        let probe = kills.probe(for: device)
        let script = self.script
        try sim.run { sim in
            device.launch { _ in await ProbeScenario.app(probe) }
            await script(sim, kills, device)
        }
        return []
    }

    /// The app: five phases of four await points each.
    static func app(_ probe: any PhaseProbe) async {
        for step in 1...5 {
            probe.enter("step\(step)")
            for _ in 0..<4 { await Task.yield() }
        }
    }
}


// The scripts are top-level functions: a closure literal written in a test method may inherit
// the test's main-actor isolation and leave the simulation at its first suspension.

private func killInStep3(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    guard let point = kills.decide(device, draw: { _ in .inPhase("step3", jobs: 2) }) else { return }
    if await kills.kill(device, at: point) { sim.record("test", "killed in \(kills.phase(of: device) ?? "none")") }
}

private func scriptedKill(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    if kills.scripted(device, subject: "phone@script", .inPhase("script", jobs: 1)) != nil {
        device.kill(reason: "scripted")
    }
    await device.waitUntilStopped()
}

/// A sweep arms a kill for a phase the app never enters; the app exits; the script arms its own
/// kill and reopens the app: the script's kill must land.
private func scriptedArmAfterAStaleSweptKill(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    await device.waitUntilStopped()
    kills.arm(device, at: .inPhase("step2", jobs: 1))
    device.relaunch()
    await device.waitUntilStopped()
    sim.record("test", "state=\(device.state) phase=\(kills.phase(of: device) ?? "none")")
}

/// The script arms a kill in step3 as the sweep's own, then waits for the app's whole life.
private func armInSweepWhileRunning(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    kills.armInSweep(device, at: .inPhase("step3", jobs: 1))
    await kills.waitUntilDone(device)
    sim.record("test", "launches=\(device.incarnation) state=\(device.state)")
}

/// The sweep kills the app in step2; while it waits to be reopened the script arms a kill in step4
/// as the sweep's own: it must land in the reopened launch, which is reopened in turn.
private func armInSweepWhileKilled(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    await device.waitUntilStopped()
    sim.record("test", "first launch \(device.state) in \(kills.phase(of: device) ?? "none")")
    kills.armInSweep(device, at: .inPhase("step4", jobs: 1))
    await kills.waitUntilDone(device)
    sim.record("test", "launches=\(device.incarnation) state=\(device.state)")
}

/// A kill armed for step5 and healing begun before the app gets there: no kill while healing.
private func armThenHeal(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    kills.arm(device, at: .inPhase("step5", jobs: 1))
    sim.beginHealing()
    await device.waitUntilStopped()
    sim.record("test", "state=\(device.state)")
}

private func waitForever(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    await device.waitUntilStopped()
    if await BoundedWait.until("a sign that never comes", in: sim, polls: 5, { false }) { sim.record("test", "met?") }
}

/// The never-met wait of `waitForever`, as patience only (`notesBound: false`).
private func waitPatiently(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    await device.waitUntilStopped()
    let met = await BoundedWait.until("a sign that never comes", in: sim, polls: 5, notesBound: false) { false }
    sim.record("test", "met=\(met) at=\(sim.now.nanoseconds / 1_000_000)ms")
}

private func waitsThatEnd(_ sim: Simulator, _ kills: KillInjector, _ device: Device) async {
    let stopped = await BoundedWait.until("the app to stop", in: sim, device: device, polls: 1_000) { false }
    let met = await BoundedWait.until("now", in: sim, polls: 1) { true }
    sim.record("test", "stopped=\(stopped) met=\(met)")
}

/// Answers an app saw (simulation thread only).
final class SeenAnswers: @unchecked Sendable { var count = 0 }

/// A device whose app enters `upload` and adds 1 five times to a ledger, counting the answers it
/// saw; the script arms a kill at the third response of `upload`.
struct ResponseKillProbe: AppScenario {
    let app = "probe", name = "response-kill", summary = "test", invariants: [String] = []
    func execute(in sim: Simulator, variant: String, size: Int) throws -> [Violation] {
        let kills = KillInjector(sim: sim, app: "probe")
        let ledger = sim.network.register(LedgerService())
        let device = sim.addDevice("phone")
        let probe = kills.probe(for: device)
        let seen = SeenAnswers()
        try sim.run { sim in
            device.launch { context in
                probe.enter("upload")
                for _ in 0..<5 {
                    guard (try? await context.call(ledger, .add(account: "a", amount: 1, idempotencyKey: nil), timeout: .seconds(5))) != nil else { return }
                    seen.count += 1
                }
            }
            _ = await kills.kill(device, at: .atResponse("upload", nth: 3))
            sim.record("test", "state=\(device.state) applied=\(sim.network.service(ledger).applied) seen=\(seen.count)")
        }
        return []
    }
}

final class SharedHarnessTests: XCTestCase {
    /// A runner that records the trace and whose kill family decides yes every time.
    static var killingRunner: ScenarioRunner {
        var runner = ScenarioRunner()
        runner.recordTrace = true
        runner.faultSource = .plan(FaultPlan(rates: [.kill: 1_000_000]))
        return runner
    }

    func testAResponseKillLandsAfterTheServerAppliedTheRequestAndBeforeTheAppSawIt() {
        var runner = ScenarioRunner()
        runner.recordTrace = true
        let report = runner.run(ResponseKillProbe(), variant: "fixed", seed: 1)
        XCTAssertEqual(report.outcome, .pass)
        XCTAssertTrue(report.records.contains { $0.event == "state=killed applied=3 seen=2" }, "\(report.records.suffix(6))")
        XCTAssertTrue(report.records.contains { $0.event.hasPrefix("kill #1 as response #3 arrived") }, "\(report.records.suffix(6))")
        XCTAssertEqual(report.coverage.first { $0.label == "probe: kill as a response arrived" }?.count, 1)
    }

    func testAKillTheScriptArmsIsNotClearedByAnEarlierSweptKillThatNeverFired() {
        let probe = ProbeScenario(script: { sim, kills, device in
            kills.sweep(device, LifeSweep(phases: ["never"], maxJobs: 1, maxKills: 1))
            await scriptedArmAfterAStaleSweptKill(sim, kills, device)
        })
        let report = Self.killingRunner.run(probe, variant: "fixed", seed: 1)
        XCTAssertEqual(report.injectedFaults.map(\.description), ["kill phone@life1 never+job1"], "the sweep armed a phase the app never enters")
        XCTAssertTrue(report.records.contains { $0.event == "state=killed phase=step2" }, "\(report.records.suffix(6))")
    }

    func testASweepWithResponseKillsDrawsThemAndWithoutDrawsAsBefore() {
        var with = SimRandom(seed: 9), without = SimRandom(seed: 9), reference = SimRandom(seed: 9)
        let phases = ["a", "b", "c"]
        let plain = LifeSweep(phases: phases, maxJobs: 7), responses = LifeSweep(phases: phases, maxJobs: 7, maxResponses: 4)
        var kinds: Set<String> = []
        for _ in 0..<50 {
            let expected = KillPoint.inPhase(phases[reference.below(3)], jobs: 1 + reference.below(7))
            XCTAssertEqual(plain.drawPoint(&without), expected, "a sweep without response kills draws as it always did")
            switch responses.drawPoint(&with) {
            case .inPhase(_, let jobs): XCTAssertTrue((1...7).contains(jobs)); kinds.insert("jobs")
            case .atResponse(_, let nth): XCTAssertTrue((1...4).contains(nth)); kinds.insert("response")
            case .idle: XCTFail("a sweep never draws an idle kill")
            }
        }
        XCTAssertEqual(kinds, ["jobs", "response"])
    }

    func testLogUniformDepthStaysInRangeAndFavoursTheFirstAwaitPoints() {
        var random = SimRandom(seed: 5)
        for bound in [1, 2, 3, 40, 64, 65] {
            for _ in 0..<2_000 { XCTAssertTrue((1...bound).contains(LifeSweep.logUniform(&random, upTo: bound)), "bound \(bound)") }
        }
        let draws = (0..<20_000).map { _ in LifeSweep.logUniform(&random, upTo: 40) }
        let early = Double(draws.filter { $0 <= 3 }.count) / Double(draws.count)
        XCTAssertEqual(early, 0.497, accuracy: 0.03, "seven power-of-two ranges: 1/7 × (1 + 1 + 3/4 + 3/8 + 3/16 + 3/32 + 3/40)")
        XCTAssertTrue(draws.contains(40), "the top of the range still comes up")
        let mixed = LifeSweep(phases: ["a"], maxJobs: 40, depth: .mixed)
        let jobs: [Int] = (0..<20_000).map { _ in
            guard case .inPhase(_, let jobs) = mixed.drawPoint(&random) else { XCTFail("a mixed sweep draws await points"); return 0 }
            return jobs
        }
        XCTAssertEqual(Double(jobs.filter { (1...3).contains($0) }.count) / Double(jobs.count), 0.286, accuracy: 0.03,
                       "half uniform (0.075), half log-uniform (0.497)")
    }

    func testAKillArmedInTheSweepLandsInItsPhaseAndTheUserReopensTheApp() {
        let probe = ProbeScenario(script: { sim, kills, device in
            kills.sweep(device, LifeSweep(phases: ["never"], maxJobs: 1, maxKills: 1))
            await armInSweepWhileRunning(sim, kills, device)
        })
        let report = Self.killingRunner.run(probe, variant: "fixed", seed: 1)
        XCTAssertEqual(report.coverage.first { $0.label == "probe: kill in step3" }?.count, 1, "\(report.coverage)")
        XCTAssertTrue(report.records.contains { $0.event == "launches=2 state=exited" }, "the sweep's reopen, then no kill left: \(report.records.suffix(6))")
        XCTAssertFalse(report.injectedFaults.contains { $0.description.contains("never") }, "the launch was decided by the armed kill")
    }

    func testAKillArmedInTheSweepWhileTheAppWaitsToBeReopenedLandsInTheNextLaunch() {
        let probe = ProbeScenario(script: { sim, kills, device in
            kills.sweep(device, LifeSweep(phases: ["step2"], maxJobs: 1, maxKills: 2))
            await armInSweepWhileKilled(sim, kills, device)
        })
        let report = Self.killingRunner.run(probe, variant: "fixed", seed: 1)
        XCTAssertTrue(report.records.contains { $0.event == "first launch killed in step2" }, "\(report.records.suffix(8))")
        XCTAssertEqual(report.coverage.first { $0.label == "probe: kill in step4" }?.count, 1, "\(report.coverage)")
        XCTAssertTrue(report.records.contains { $0.event == "launches=3 state=exited" }, "\(report.records.suffix(6))")
    }

    func testAKillArmedBeforeHealingDoesNotFireWhileHealing() {
        var runner = ScenarioRunner()
        runner.recordTrace = true
        let report = runner.run(ProbeScenario(script: armThenHeal), variant: "fixed", seed: 1)
        XCTAssertTrue(report.records.contains { $0.event == "state=exited" }, "\(report.records.suffix(5))")
        XCTAssertNil(report.coverage.first { $0.label == "probe: kill in step5" && $0.count > 0 })
    }

    func testAKillArmedForAPhaseLandsInThatPhase() {
        var runner = ScenarioRunner()
        runner.recordTrace = true
        runner.faultSource = .plan(FaultPlan(rates: [.kill: 1_000_000]))
        let report = runner.run(ProbeScenario(script: killInStep3), variant: "fixed", seed: 1)
        XCTAssertEqual(report.outcome, .pass)
        XCTAssertTrue(report.records.contains { $0.event == "killed in step3" }, "\(report.records.suffix(5))")
        XCTAssertEqual(report.injectedFaults.map(\.description), ["kill phone@launch1 step3+job2"])
        XCTAssertEqual(report.coverage.first { $0.label == "probe: kill in step3" }?.count, 1)
    }

    func testAScheduledFaultWhoseTextDoesNotParseIsAHarnessError() {
        var runner = ScenarioRunner()
        runner.faultSource = .schedule(FaultSchedule([InjectedFault(family: .kill, subject: "phone@launch1", detail: "step3+jobs")]))
        let report = runner.run(ProbeScenario(script: killInStep3), variant: "fixed", seed: 1)
        guard case .harnessError(let message) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertTrue(message.contains("malformed fault: kill phone@launch1 step3+jobs"), message)
    }

    func testAScriptedKillIsLoggedAndAScheduleWithoutItDropsIt() {
        let scenario = ProbeScenario(script: scriptedKill)
        var runner = ScenarioRunner()
        runner.faultSource = .plan(.none)  // kills off in the plan: a scripted kill still happens
        let swarm = runner.run(scenario, variant: "fixed", seed: 1)
        XCTAssertEqual(swarm.injectedFaults.map(\.description), ["kill phone@script script+job1"])
        runner.faultSource = .schedule(FaultSchedule([]))
        let without = runner.run(scenario, variant: "fixed", seed: 1)
        XCTAssertEqual(without.injectedFaults, [], "a schedule that dropped the scripted kill runs without it")
        runner.faultSource = .schedule(FaultSchedule(swarm.injectedFaults))
        XCTAssertEqual(runner.run(scenario, variant: "fixed", seed: 1).injectedFaults, swarm.injectedFaults)
    }

    func testAWaitThatHitsItsBoundFailsTheRunAsALivenessViolation() {
        let report = ScenarioRunner().run(ProbeScenario(script: waitForever), variant: "fixed", seed: 1)
        guard case .livenessViolation(_, let violations) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(violations.map(\.invariant), ["eventual-completion"])
        XCTAssertTrue(violations[0].message.contains("waited 0 s for a sign that never comes"), violations[0].message)
    }

    func testAPatientWaitThatRunsOutFailsNothing() {
        var runner = ScenarioRunner()
        runner.recordTrace = true
        let report = runner.run(ProbeScenario(script: waitPatiently), variant: "fixed", seed: 1)
        XCTAssertEqual(report.outcome, .pass)
        XCTAssertTrue(report.records.contains { $0.event.hasPrefix("met=false") }, "\(report.records.map(\.event))")
    }

    func testAWaitThatIsMetOrWhoseDeviceStoppedFailsNothing() {
        var runner = ScenarioRunner()
        runner.recordTrace = true
        let report = runner.run(ProbeScenario(script: waitsThatEnd), variant: "fixed", seed: 1)
        XCTAssertEqual(report.outcome, .pass)
        XCTAssertTrue(report.records.contains { $0.event == "stopped=false met=true" })
    }
}

final class FaultPolicyTests: XCTestCase {
    func testAPolicyForcesTurnsOffAndCapsFamiliesOfTheSwarmPlan() {
        let sim = Simulator(seed: 3, options: SimulatorOptions(faultSource: .plan(FaultPlan(rates: [
            .requestLoss: 80_000, .serverError: 500, .storage: 20_000, .kill: 250_000,
        ]))))
        FaultPolicy(forced: [.responseLoss: 4_000], off: [.kill], capped: [.requestLoss: 1_000, .serverError: 1_000])
            .turningOff([.storage, .kill]).apply(to: sim.faults)
        XCTAssertEqual(sim.faults.plan.rate(.responseLoss), 4_000)
        XCTAssertEqual(sim.faults.plan.rate(.kill), 0)
        XCTAssertEqual(sim.faults.plan.rate(.storage), 0)
        XCTAssertEqual(sim.faults.plan.rate(.requestLoss), 1_000, "capped down")
        XCTAssertEqual(sim.faults.plan.rate(.serverError), 500, "a cap never raises a rate")
    }
}
