import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// A campaign stopped by SIGTERM (CI's time limit) or by its time budget still leaves a summary,
/// a valid JUnit file and the --from that resumes it.
final class StoppedFuzzTests: XCTestCase {
    func testSIGTERMAfterAFewSecondsLeavesSummaryJUnitAndResumePoint() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("junit.xml")
        let process = Process()
        process.executableURL = SimrunProcess.executable
        process.arguments = ["fuzz", "--scenario", "selftest/upload", "--from", "1", "--to", "100000000", "--jobs", "2", "--junit", junit.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["SIMRUN_SELFTEST": "1"]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 3)
        process.terminate()  // SIGTERM
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "simrun died of the signal instead of stopping cleanly: \(stderr)")
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        let runs = try XCTUnwrap(stdout.split(separator: "\n").first.flatMap { Int($0.split(separator: " ")[0]) }, stdout)
        XCTAssertGreaterThan(runs, 0)
        XCTAssertTrue(stdout.contains("stopped by SIGTERM: seeds 1…\(runs) ran for every scenario; resume with --from \(runs + 1) --to 100000000"), stdout)
        XCTAssertTrue(stdout.contains("selftest/upload  fixed"), stdout)
        XCTAssertTrue(stderr.contains("resume with --from \(runs + 1)"), stderr)
        let data = try Data(contentsOf: junit)
        let parser = XMLParser(data: data)
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
        let xml = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(xml.contains("tests=\"\(runs)\""), xml)
        XCTAssertTrue(xml.contains("<property name=\"stopped\" value=\"stopped by SIGTERM\"/>"), xml)
    }

    func testTimeBudgetEndsWithSummaryAndResumeFromInJSON() throws {
        let result = try SimrunProcess.run(["fuzz", "--scenario", "selftest/upload", "--time-budget", "1s", "--from", "7", "--shard", "2/3", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let stopped = try XCTUnwrap(document["stopped"] as? [String: Any], result.stdout)
        XCTAssertEqual(stopped["reason"] as? String, "time budget of 1 s spent")
        let positions = try XCTUnwrap(stopped["completed_seed_positions"] as? Int)
        XCTAssertEqual(document["total_runs"] as? Int, positions)
        // Shard 2/3 from 7 takes 8, 11, 14, …: the resume point keeps the shard's alignment.
        XCTAssertEqual(stopped["last_complete_seed"] as? String, String(8 + 3 * (positions - 1)))
        XCTAssertEqual(stopped["resume"] as? String, "--from \(7 + 3 * positions) --shard 2/3 --time-budget 1s")
    }

    func testACampaignThatRanItsRangeSaysNothingAboutStopping() throws {
        let result = try SimrunProcess.run(["fuzz", "--scenario", "selftest/upload", "--seeds", "5", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertTrue(document["stopped"] is NSNull)
    }
}
