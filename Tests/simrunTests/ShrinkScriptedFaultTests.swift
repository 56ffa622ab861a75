import Foundation
import XCTest

/// Scripted perturbations (a kill the scenario performs, an offline window) are faults of the
/// run's schedule: `shrink` drops them when the failure does not need them and keeps a kill the
/// failure does need.
final class ShrinkScriptedFaultTests: XCTestCase {
    private func shrunkSchedule(_ scenario: String, variant: String, seed: String) throws -> [String] {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("r.json").path
        let shrink = try SimrunProcess.run(["shrink", "--seed", seed, "--scenario", scenario, "--variant", variant,
                                            "--size", "0", "--max-runs", "40", "--max-choice-runs", "20", "--out", out])
        XCTAssertEqual(shrink.code, 1, shrink.stdout + shrink.stderr)
        let replay = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let faults = try XCTUnwrap(replay?["fault_schedule"] as? [[String: String]])
        return faults.map { "\($0["family"] ?? "") \($0["subject"] ?? "") \($0["detail"] ?? "")" }
    }

    func testShrinkDropsAScriptedKillAndOfflineWindowTheFailureDoesNotNeed() throws {
        // A subscription uploaded without its currency fails no-loss whatever the phone lived through.
        let run = try SimrunProcess.run(["--seed", "1", "--scenario", "swisscoin/offline-edits-then-sync",
                                         "--variant", "subscription-currency-dropped", "--size", "0", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let injected = try XCTUnwrap(document?["injected_faults"] as? [String])
        XCTAssertTrue(injected.contains("script device-1@editing offline"), "\(injected)")
        XCTAssertTrue(injected.contains("kill device-1@offline-edits offline-edits+job1"), "\(injected)")
        XCTAssertEqual(try shrunkSchedule("swisscoin/offline-edits-then-sync", variant: "subscription-currency-dropped", seed: "1"), [])
    }

    func testShrinkKeepsTheKillAFailureNeeds() throws {
        // The completion flag set without a flush is lost only if the idle app is killed in time.
        let kept = try shrunkSchedule("swisscoin/interrupted-upload", variant: "unsynchronized-completion-flag", seed: "1")
        XCTAssertTrue(kept.contains { $0.hasPrefix("kill ") }, "\(kept)")
    }
}
