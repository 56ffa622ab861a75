import Foundation
import XCTest

/// The same flows on a real app scenario; skipped until `interrupted-upload` is in the catalogue.
final class InterruptedUploadTests: XCTestCase {
    override func setUpWithError() throws {
        let list = try SimrunProcess.run(["list"])
        try XCTSkipUnless(list.stdout.contains("interrupted-upload"), "interrupted-upload is not in the catalogue yet")
    }

    func testRunOneSeed() throws {
        let result = try SimrunProcess.run(["--seed", "1", "--scenario", "interrupted-upload", "--size", "0", "--json"])
        XCTAssertTrue([0, 1].contains(result.code), result.stderr)
        XCTAssertFalse(result.stdout.isEmpty)
    }

    func testFuzzFourSeeds() throws {
        let result = try SimrunProcess.run(["fuzz", "--scenario", "interrupted-upload", "--seeds", "4", "--size", "0", "--json"])
        XCTAssertTrue([0, 1].contains(result.code), result.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(document?["total_runs"] as? Int, 4 * ((document?["scenarios"] as? [Any])?.count ?? 0))
    }

    func testCheckDeterminism() throws {
        let result = try SimrunProcess.run(["check-determinism", "--seed", "1", "--scenario", "swisscoin/interrupted-upload", "--size", "0"])
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
    }

    func testShrinkAndReplayTheFirstFailingSeedOfTheSeedVariant() throws {
        let fuzz = try SimrunProcess.run(["fuzz", "--scenario", "swisscoin/interrupted-upload", "--variant", "seed", "--seeds", "20", "--size", "0", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(fuzz.stdout.utf8)) as? [String: Any]
        let row = (document?["scenarios"] as? [[String: Any]])?.first
        let seed = try XCTUnwrap(row?["first_failing_seed"] as? String, "no failing seed in 20 for the seed variant")
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("r.json").path
        let shrink = try SimrunProcess.run(["shrink", "--seed", seed, "--scenario", "swisscoin/interrupted-upload", "--variant", "seed", "--size", "0", "--max-runs", "12", "--out", out])
        XCTAssertEqual(shrink.code, 1, shrink.stdout + shrink.stderr)
        let replay = try SimrunProcess.run(["replay", out, "--json"])
        let replayed = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(replayed?["matches_expected"] as? Bool, true)
    }
}
