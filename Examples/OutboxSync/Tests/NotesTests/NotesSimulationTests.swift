import NotesSim
import SimCore
import SimTesting
import XCTest

/// The example's tests: the scenario under the test helper, a fixed and a broken variant.
final class NotesSimulationTests: XCTestCase {
    /// 300 seeds of the whole scenario: faults, kills, an offline sitting, healing, checks.
    func testFixedAppLosesNoNote() throws {
        try simulate(seeds: 1...300) { sim in
            try expectNoViolations(try NotesScenario.offlineEditsThenSync.execute(in: sim, variant: "fixed", size: 1))
        }
    }

    /// The broken variant must be caught within 100 seeds, with a line that reproduces it.
    func testTrustingAnyAnswerIsCaughtWithin100Seeds() throws {
        XCTAssertThrowsError(try simulate(seeds: 1...100, environmentOverrides: false) { sim in
            try expectNoViolations(try NotesScenario.offlineEditsThenSync.execute(in: sim, variant: "trusts-any-answer", size: 1))
        }) { error in
            let failure = error as? SimulationFailure
            XCTAssertEqual(failure?.invariant, "no-loss", "\(error)")
            XCTAssertEqual(failure?.reproduce, "SIMRUN_SEED=\(failure?.seed ?? 0) swift test --filter testTrustingAnyAnswerIsCaughtWithin100Seeds")
        }
    }
}
