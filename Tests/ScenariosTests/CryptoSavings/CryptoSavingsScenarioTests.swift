import CryptoSavings
@testable import CryptoSavingsSim
import FakeCloud
import SimCore
import SimHarness
import XCTest

/// The scenarios end to end: the fixed build passes every scenario on a handful of seeds, the
/// plan as written fails conflicting-edits within its first 20 seeds, a seed replays to the
/// same trace, and the catalogue lists every scenario.
final class CryptoSavingsScenarioTests: XCTestCase {
    func testFixedPassesEveryScenarioOnTheFirstSeeds() {
        var runner = ScenarioRunner()
        runner.size = 0
        for scenario in CryptoSavingsApp.scenarios {
            for seed: UInt64 in 1...4 {
                let report = runner.run(scenario, variant: "fixed", seed: seed)
                XCTAssertEqual(report.outcome.label, "pass", "\(scenario.name) seed \(seed): \(report.outcome)")
            }
        }
    }

    func testAsWrittenFailsConflictingEditsWithinTwentySeeds() {
        var runner = ScenarioRunner()
        runner.size = 0
        let failing = (UInt64(1)...20).first { seed in
            runner.run(CryptoSavingsScenario.conflictingEdits, variant: "as-written", seed: seed).outcome.label != "pass"
        }
        XCTAssertNotNil(failing)
    }

    func testTheSameSeedGivesTheSameTraceHash() {
        var runner = ScenarioRunner()
        runner.size = 0
        for scenario in [CryptoSavingsScenario.conflictingEdits, .accountSwitch] {
            let a = runner.run(scenario, variant: "as-written", seed: 7), b = runner.run(scenario, variant: "as-written", seed: 7)
            XCTAssertEqual(a.traceHash, b.traceHash, scenario.name)
        }
    }

    func testAnAppleIDSwitchWhileTheAppRunsLeaksOnlyWhenLocalDataIsKept() {
        var runner = ScenarioRunner()
        runner.size = 0
        let scenario = CryptoSavingsScenario.accountSwitchWhileRunning
        for seed in UInt64(1)...6 {
            let report = runner.run(scenario, variant: "fixed", seed: seed)
            XCTAssertEqual(report.outcome.label, "pass", "seed \(seed): \(report.outcome.violations.map(\.invariant))")
        }
        let leak = runner.run(scenario, variant: "keeps-local-data-on-account-change", seed: 1)
        XCTAssertTrue(leak.outcome.violations.map(\.invariant).contains("no-cross-account-leak"), "\(leak.outcome.violations.map(\.invariant))")
    }

    /// Seeds of `account-switch` that failed `fixed` once the phone switched away from bob's
    /// Apple ID a second time: edits made while signed out of iCloud lost their journal notes to an
    /// export of nothing (no account, so nothing could leave), and the next account change purged
    /// them unseen. An export while signed out no longer counts as clean.
    func testAccountSwitchRegressionSeeds() {
        var runner = ScenarioRunner()
        runner.size = 0
        for seed: UInt64 in [427, 442, 736, 1250, 1302, 1669] {
            let report = runner.run(CryptoSavingsScenario.accountSwitch, variant: "fixed", seed: seed)
            XCTAssertEqual(report.outcome.label, "pass", "seed \(seed): \(report.outcome.violations.map(\.description).joined(separator: "\n"))")
        }
    }

    func testTheCatalogueListsElevenScenariosAndEveryInvariant() {
        XCTAssertEqual(CryptoSavingsApp.scenarios.map(\.name), [
            "conflicting-edits", "enable-cloudkit-upgrade", "account-switch", "account-switch-while-running", "offline-edits-then-sync", "flaky-network",
            "first-sync-with-existing-cloud-data", "record-too-large", "time-zone-and-month-boundary", "month-rollover", "one-history-on-two-devices",
        ])
        XCTAssertEqual(CryptoSavingsChecks.names, [
            "no-loss", "no-lost-update", "no-duplicate", "convergence", "balance-equality", "derived-equals-recomputed", "referential-integrity",
            "no-cross-account-leak", "eventual-completion", "quiescence",
        ])
    }
}
