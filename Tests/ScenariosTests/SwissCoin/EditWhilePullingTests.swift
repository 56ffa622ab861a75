import Scenarios
import SimCore
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim
import XCTest

/// The user edits an entity again while the pull of the pass that pushes its first edit is in
/// flight: the page brings the entity back with the second edit still pending.
final class EditWhilePullingTests: XCTestCase {
    private func steps(seed: UInt64, whilePulling: Bool) -> [UserScript.Step] {
        let stage = SwissCoinStage(sim: Simulator(seed: seed), variant: .fixed, size: 0)
        var random = SimRandom(seed: seed)
        return stage.editSteps(&random, device: "device-1", count: 12, startMilliseconds: 1_000, spacingMilliseconds: 700,
                               picks: [3, 7, 11], editsWhilePulling: whilePulling)
    }

    /// Target of an action: whether it edits a person, and its pick (nil: no existing entity).
    private func target(_ action: UserScript.Action) -> (persons: Bool, pick: Int)? {
        switch action {
        case .renamePerson(let pick, _), .editContact(let pick, _, _), .archivePerson(let pick, _): (true, pick)
        case .retitle(let pick, _), .changeAmount(let pick, _), .resplit(let pick, _), .delete(let pick): (false, pick)
        case .create, .signOut, .signIn: nil
        }
    }

    func testCuedStepsFollowAnEditOfTheSameEntityAndLeaveTheOthersAsDrawn() {
        var cued = 0
        for seed in UInt64(1)...20 {
            let plain = steps(seed: seed, whilePulling: false)
            let withCues = steps(seed: seed, whilePulling: true)
            XCTAssertTrue(plain.allSatisfy { $0.cue == .none })
            // Without the cued steps, the script is the one drawn without them.
            let uncued = withCues.filter { $0.cue == .none }
            XCTAssertEqual(uncued.map(\.action), plain.map(\.action), "seed \(seed)")
            XCTAssertEqual(uncued.map(\.atMilliseconds), plain.map(\.atMilliseconds), "seed \(seed)")
            for (index, step) in withCues.enumerated() where step.cue == .whilePulling {
                cued += 1
                XCTAssertGreaterThan(index, 0)
                let before = withCues[index - 1]
                XCTAssertEqual(before.cue, .none, "seed \(seed): a cued step follows a plain edit")
                XCTAssertEqual(before.atMilliseconds, step.atMilliseconds)
                let first = target(before.action), again = target(step.action)
                XCTAssertNotNil(first, "seed \(seed): \(before.action) has no entity to edit again")
                XCTAssertEqual(first?.persons, again?.persons, "seed \(seed): \(before.action) then \(step.action)")
                XCTAssertEqual(first?.pick, again?.pick, "seed \(seed): \(before.action) then \(step.action)")
            }
        }
        // About one edit in four of an existing entity: 20 scripts of 12 edits give dozens.
        XCTAssertGreaterThan(cued, 20)
    }

    func testNoEditAgainAfterACreateAndARetitleOfThePickAfterADelete() {
        var random = SimRandom(seed: 1)
        XCTAssertNil(SwissCoinStage.againWhilePulling(.create(title: "t", minor: 100, debtors: 1), &random, device: "d", index: 0))
        XCTAssertNil(SwissCoinStage.againWhilePulling(.signOut, &random, device: "d", index: 0))
        XCTAssertEqual(SwissCoinStage.againWhilePulling(.delete(pick: 2), &random, device: "d", index: 4),
                       .retitle(pick: 2, title: "d title 5 after a delete"))
    }

    /// In a real run the cue is met (the pass's pull is in flight when the user edits) and the
    /// fixed app keeps the pending edit: the run passes.
    private func longSyncSession(seed: UInt64) throws -> RunReport {
        let scenario = try XCTUnwrap(Catalog.app(named: "swisscoin")?.scenarios.first { $0.name == "long-sync-session" })
        var runner = ScenarioRunner()
        runner.size = 0
        runner.recordTrace = true
        let report = runner.run(scenario, variant: "fixed", seed: seed)
        XCTAssertEqual(report.outcome, .pass, "\(report.outcome)")
        return report
    }

    func testLongSyncSessionMeetsTheCueAndPasses() throws {
        let report = try longSyncSession(seed: 3)
        XCTAssertTrue(report.coverage.contains { $0.label == "swisscoin: the user acted mid-pull" }, "\(report.coverage)")
        XCTAssertTrue(report.records.contains { $0.event.contains("app user acts while a pass is pulling") }, "no record of the cue")
    }

    /// A cued step does not wait for a pull once the session's sync loop has ended: after Sign Out
    /// the user's scripted sign-in comes when scripted (seed 3: 3.7 s later; it came 90 s later
    /// while the cue waited out its bound).
    func testACuedStepDoesNotHoldUpTheSignInAfterASignOut() throws {
        let report = try longSyncSession(seed: 3)
        let phone = report.records.filter { $0.component == "device-1" }
        let out = try XCTUnwrap(phone.first { $0.event == "app user signed out" })
        let back = try XCTUnwrap(phone.first { $0.event == "app user signed in" && $0.time > out.time })
        XCTAssertLessThan(back.time - out.time, 10_000_000_000, "signed out at \(out.time), in again at \(back.time)")
    }
}
