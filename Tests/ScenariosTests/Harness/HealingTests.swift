import SimCore
@testable import SimHarness
import XCTest
import Scenarios

/// The harness-owned healing phase: faults stop, members rest, an unsettled member is reopened up
/// to its bound and then reported pending, rounds stop at the first quiet one past the least and
/// report what still moved at the bound. And the app shape: every built-in scenario stands on it.
final class HealingTests: XCTestCase {
    /// A counter of app launches shared with the device app (the app "moves" while it launches).
    final class Launches: @unchecked Sendable {
        var count = 0
    }

    /// Runs `configure`'s healing over two devices whose app just counts its launches.
    func heal(_ configure: @escaping @Sendable (inout Healing<Device>, Launches) -> Void) throws -> (HealingOutcome, Int, Bool) {
        let sim = Simulator(seed: 3, options: SimulatorOptions(faultSource: .plan(.none)))
        let launches = Launches()
        let outcome = try sim.run { sim in
            let devices = [sim.addDevice("a"), sim.addDevice("b")]
            for device in devices { device.launch { _ in launches.count += 1 } }
            var healing = Healing(members: devices, device: { $0 })
            configure(&healing, launches)
            return await healing.run(in: sim)
        }
        return (outcome, launches.count, sim.faults.isEnabled)
    }

    func testFaultsStopAndNothingAppSpecificMeansHealed() throws {
        let (outcome, launches, faultsOn) = try heal { _, _ in }
        XCTAssertEqual(outcome, .healed)
        XCTAssertEqual(launches, 2, "no reopen, no round: each app ran once")
        XCTAssertFalse(faultsOn, "healing turns the fault injector off")
    }

    func testAnUnsettledMemberIsReopenedUpToItsBoundThenPending() throws {
        let (outcome, launches, _) = try heal { healing, _ in
            healing.reopens = 3
            healing.unsettled = { $0.name == "b" ? "never done" : nil }
        }
        XCTAssertEqual(launches, 2 + 3, "only b is reopened, three times")
        XCTAssertEqual(outcome.pending, ["b not settled after 3 reopens: never done"])
    }

    func testAnUnsettledMemberTheAppJudgesItselfIsNotPending() throws {
        let (outcome, launches, _) = try heal { healing, _ in
            healing.reopens = 2
            healing.unsettled = { _ in "other account signed in" }
            healing.unsettledIsPending = false
        }
        XCTAssertEqual(launches, 2 + 4)
        XCTAssertEqual(outcome, .healed)
    }

    func testAMemberSettlingOnReopenStopsItsReopens() throws {
        let (outcome, launches, _) = try heal { healing, counter in
            healing.reopens = 5
            healing.unsettled = { _ in counter.count < 4 ? "not yet" : nil }
        }
        XCTAssertEqual(launches, 4, "a is reopened once, b never")
        XCTAssertEqual(outcome, .healed)
    }

    func testRoundsStopAtTheFirstQuietRoundPastTheLeast() throws {
        let (outcome, launches, _) = try heal { healing, counter in
            healing.rounds = 2...6
            healing.progress = { min(counter.count, 5) }  // moves until the fifth launch
        }
        // Round 1: launches 3, 4 (moved); round 2: 5, 6 (moved 4 -> 5); round 3: quiet.
        XCTAssertEqual(launches, 2 + 6)
        XCTAssertEqual(outcome, .healed)
    }

    func testRoundsThatNeverQuietReportWhatStillMovedAtTheBound() throws {
        let (outcome, launches, _) = try heal { healing, counter in
            healing.rounds = 1...3
            healing.progress = { counter.count }
            healing.finish = { quiet in quiet ? [] : ["finish saw it"] }
        }
        XCTAssertEqual(launches, 2 + 6)
        XCTAssertEqual(outcome.pending, ["still moving after 3 healing rounds", "finish saw it"])
    }

    func testAnAppsOwnMovementRuleNamesWhatMoved() throws {
        let (outcome, _, _) = try heal { healing, _ in
            healing.rounds = 1...2
            healing.moved = { _, round in ["b moved in round \(round)"] }
        }
        XCTAssertEqual(outcome.pending, ["b moved in round 2"])
    }

    /// One app shape: every built-in scenario is a `Scenario<App>`, whose healing, fault
    /// families and checks the harness owns, and no app lists the scripted family (the harness
    /// keeps it for every app).
    func testEveryBuiltInScenarioStandsOnTheSharedShape() {
        for app in Catalog.apps {
            for scenario in app.scenarios {
                guard let shaped = scenario as? any HarnessOwnedScenario else {
                    XCTFail("\(app.name)/\(scenario.name) is not a Scenario<App>")
                    continue
                }
                XCTAssertFalse(shaped.faultFamilies.contains(.script), "\(app.name) lists the scripted family")
                XCTAssertEqual(Set(scenario.invariants).count, scenario.invariants.count, "\(app.name): an invariant listed twice")
            }
        }
    }

    /// Every built-in app folds through the shared operation ledger: some scenario of it, run at
    /// size 0, records operations of the app's ledger action in the run's history.
    func testEveryBuiltInAppRecordsItsUsersActionsInTheSharedLedger() throws {
        for app in Catalog.apps {
            var recorded: [String] = []
            for scenario in app.scenarios {
                let shaped = try XCTUnwrap(scenario as? any HarnessOwnedScenario)
                let sim = Simulator(seed: 1)
                _ = try scenario.execute(in: sim, variant: "fixed", size: 0)
                if shaped.ledgerOperations(in: sim.history) > 0 { recorded.append(scenario.name) }
                if recorded.count == 2 { break }
            }
            XCTAssertFalse(recorded.isEmpty, "\(app.name): no scenario recorded an operation of its ledger")
        }
    }

    /// A family an app does not list is off in its runs, whatever the swarm drew.
    func testAFamilyTheAppDoesNotListIsOff() {
        let sim = Simulator(seed: 1)
        let faults: FaultInjector = sim.faults
        for family in FaultFamily.allCases where family != .script { faults.setRate(family, ppm: 10_000) }
        FaultPolicy(forced: [.kill: 1_000_000]).limited(to: [.kill, .storage]).apply(to: faults)
        for family in FaultFamily.allCases where family != .script {
            XCTAssertEqual(faults.rate(family) > 0, [.kill, .storage].contains(family), "\(family)")
        }
    }
}
