import Foundation
import XCTest

/// `simrun bench --only scaling` and `simrun bench --compare OLD` on the selftest app (quick sizes).
final class BenchScalingTests: XCTestCase {
    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testScalingTableHasOneRowPerScenarioWithRatiosToTheFirstSize() throws {
        let result = try SimrunProcess.run(["bench", "--only", "scaling", "--quick", "--app", "selftest", "--sizes", "0,1,2", "--json"],
                                           selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = try XCTUnwrap(try json(result.stdout)["scaling"] as? [[String: Any]])
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            XCTAssertEqual(row["sizes"] as? [Int], [0, 1, 2])
            XCTAssertEqual((row["cpu_microseconds_per_seed"] as? [Int])?.count, 3)
            XCTAssertEqual((row["ratio_permille"] as? [Int])?.first, 1_000, "the first size is the base")
            XCTAssertNotNil(row["within_limits"] as? Bool)
            let events = try XCTUnwrap(row["events_per_seed"] as? [Int])
            XCTAssertEqual(events.count, 3)
            XCTAssertTrue(events.allSatisfy { $0 > 0 }, "every run simulates some work: \(events)")
            let ratios = try XCTUnwrap(row["ratio_permille"] as? [Int])
            let perWork = try XCTUnwrap(row["cost_per_work_permille"] as? Int)
            let work = Double(events[2]) / Double(events[0])
            XCTAssertEqual(Double(perWork), Double(ratios[2]) / work, accuracy: 2, "cpu/work is the CPU ratio over the work ratio")
            XCTAssertEqual(row["cost_per_work_flat"] as? Bool, perWork <= 1_300)
            XCTAssertEqual(row["superlinear_work"] as? Bool, false, "the sizes are not 1 … 8")
        }
    }

    func testScenarioNarrowsTheScalingTableToThatScenario() throws {
        let result = try SimrunProcess.run(["bench", "--only", "scaling", "--quick", "--scenario", "selftest/upload", "--sizes", "0,1",
                                            "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = try XCTUnwrap(try json(result.stdout)["scaling"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["scenario"] as? String }, ["selftest/upload"])
    }

    func testBenchRefusesAnUnknownScenario() throws {
        try assertBadInput(["bench", "--only", "scaling", "--scenario", "selftest/uplod"], mentions: "unknown scenario", selfTest: true)
    }

    func testScalingIsNotPartOfTheDefaultSections() throws {
        let result = try SimrunProcess.run(["bench", "--quick", "--json", "--only", "heap"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertNil(try json(result.stdout)["scaling"])
    }

    func testCompareRunsBothBinariesOnTheSameSeedsAndPrintsTheRatio() throws {
        let binary = SimrunProcess.executable.path
        let result = try SimrunProcess.run(["bench", "--compare", binary, "--app", "selftest", "--seeds", "1", "--size", "0",
                                            "--rounds", "1", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let document = try json(result.stdout)
        let rows = try XCTUnwrap(document["compare"] as? [[String: Any]])
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            XCTAssertEqual(row["errors"] as? Int, 0, "\(row)")
            XCTAssertGreaterThan(row["old_cpu_ms"] as? Int ?? -1, -1)
            XCTAssertNotNil(row["ratio_permille"] as? Int)
        }
        XCTAssertNotNil(document["total_ratio_permille"] as? Int)
    }

    func testCompareLeavesOutAScenarioTheOldBinaryCannotRun() throws {
        // An "old binary" that fails every run as a harness error would (exit 3).
        let old = FileManager.default.temporaryDirectory.appendingPathComponent("simrun-old-\(getpid()).sh")
        try "#!/bin/sh\nexit 3\n".write(to: old, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old.path)
        defer { try? FileManager.default.removeItem(at: old) }
        let result = try SimrunProcess.run(["bench", "--compare", old.path, "--app", "selftest", "--seeds", "1", "--size", "0",
                                            "--rounds", "1", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = try XCTUnwrap(try json(result.stdout)["compare"] as? [[String: Any]])
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            XCTAssertEqual(row["compared"] as? Bool, false, "\(row)")
            XCTAssertNil(row["ratio_permille"], "no ratio without an old time: \(row)")
        }
        let text = try SimrunProcess.run(["bench", "--compare", old.path, "--app", "selftest", "--seeds", "1", "--size", "0", "--rounds", "1"],
                                         selfTest: true)
        XCTAssertTrue(text.stdout.contains("not compared"), text.stdout)
        XCTAssertTrue(text.stdout.contains("total (0 compared)"), text.stdout)
    }

    func testCompareRefusesAMissingBinary() throws {
        try assertBadInput(["bench", "--compare", "/nonexistent/simrun"], mentions: "not an executable")
    }
}
