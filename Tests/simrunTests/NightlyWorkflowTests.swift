import Foundation
import XCTest

/// The README's nightly workflow: the same bytes as `.github/workflows/simrun-nightly.yml` (which
/// `.ci/check-workflows.py` parses with a YAML parser), a shard size computed from the measured
/// rate and the scenario count that fits its budget, and seed arithmetic that is right on every
/// day of the year.
final class NightlyWorkflowTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func workflow() throws -> String {
        try String(contentsOf: root.appendingPathComponent(".github/workflows/simrun-nightly.yml"), encoding: .utf8)
    }

    func testTheREADMEShowsTheWorkflowFileVerbatim() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```yaml\n" + (try workflow()) + "```"), "README.md's yaml block differs from the workflow file")
    }

    /// The workflow's shell lines that start with `NAME=`, in order.
    func assignments() throws -> [String: String] {
        var found: [String: String] = [:]
        for line in try workflow().split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let equals = line.firstIndex(of: "="), line[..<equals].allSatisfy({ $0.isUppercase || $0 == "_" }), !line.hasPrefix("#") else { continue }
            found[String(line[..<equals])] = line
        }
        return found
    }

    /// Runs `lines` in bash with `date` stubbed to `day` of `year` and prints `names`.
    func bash(_ lines: [String], day: Int, year: Int = 2028, printing names: [String]) throws -> [UInt64] {
        let padded = String(repeating: "0", count: 3 - String(day).count) + String(day)
        let script = "set -eu\ndate() { case \"$2\" in +%Y) echo \(year);; +%j) echo \(padded);; esac; }\n"
            + lines.joined(separator: "\n") + "\necho " + names.map { "$\($0)" }.joined(separator: " ") + "\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", script]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errors)
        return output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt64($0) }
    }

    /// A shard's runs fit its budget at half the measured rate, whatever the scenario count, and
    /// every night's range is new and fits a 64-bit seed on every day of a leap year (`date +%j`
    /// is zero-padded, and bash reads `008` as a bad octal number).
    func testTheShardSizeFitsTheBudgetAndTheSeedRangeIsRightEveryDayOfTheYear() throws {
        let lines = try assignments()
        let sizing = try ["RUNS_PER_SECOND", "BUDGET", "SHARD_SEEDS", "SEEDS"].map { try XCTUnwrap(lines[$0], $0) }
        let dates = try ["NIGHT", "START"].map { try XCTUnwrap(lines[$0], $0) }
        XCTAssertNotNil(lines["SCENARIOS"], "the scenario count is read from simrun list")
        for scenarios in [17, 50, 200] {
            let values = try bash(sizing.prefix(2) + ["SCENARIOS=\(scenarios)"] + sizing.suffix(2) + dates, day: 8,
                                  printing: ["RUNS_PER_SECOND", "BUDGET", "SHARD_SEEDS", "SEEDS", "START"])
            XCTAssertEqual(values.count, 5)
            let (rate, budget, shard, seeds) = (values[0], values[1], values[2], values[3])
            XCTAssertGreaterThan(shard, 0)
            XCTAssertLessThanOrEqual(shard * UInt64(scenarios), budget * rate / 2, "\(scenarios) scenarios: a shard overruns half its budget")
            XCTAssertGreaterThan((shard + 1) * UInt64(scenarios), budget * rate / 2 - UInt64(scenarios), "the shard is as big as the budget allows")
            XCTAssertEqual(seeds, shard * 8)
            XCTAssertLessThanOrEqual(seeds, 1_000_000, "a night's seeds fit its stride")
        }
        // The budget, and the ~5-minute build, fit inside the `timeout` the fuzz runs under, which
        // fits the job's limit.
        let workflow = try workflow()
        let timeout = try XCTUnwrap(workflow.firstRange(of: /timeout --signal=TERM (\d+)m/).map { Int(workflow[$0].split(separator: " ")[2].dropLast())! })
        let jobLimit = try XCTUnwrap(workflow.firstRange(of: /timeout-minutes: (\d+)/).map { Int(workflow[$0].split(separator: " ")[1])! })
        let budget = try bash([sizing[1]], day: 1, printing: ["BUDGET"])
        XCTAssertLessThanOrEqual(try XCTUnwrap(budget.first) + 5 * 60, UInt64(timeout * 60), "the budget and the build fit the timeout")
        XCTAssertLessThan(timeout + 5, jobLimit, "the timeout stops the fuzz before the job limit")
        for day in 1...366 {
            let start = try bash(dates, day: day, printing: ["START"])
            XCTAssertEqual(start, [UInt64((2028 * 1000 + day) * 1_000_000)], "day \(day)")
        }
        let last = try bash(sizing.prefix(2) + ["SCENARIOS=1"] + sizing.suffix(2) + dates, day: 366, year: 2099, printing: ["START", "SEEDS"])
        XCTAssertLessThan(try XCTUnwrap(last.first) + last[1], UInt64(1) << 63, "the last night of 2099 fits a 64-bit seed")
    }

    /// The workflow counts scenarios from `simrun list` as printed today.
    func testTheScenarioCountLineReadsSimrunList() throws {
        let line = try XCTUnwrap(try assignments()["SCENARIOS"])
        let adapted = line.replacingOccurrences(of: ".build/release/simrun", with: SimrunProcess.executable.path)
        let count = try bash([adapted], day: 1, printing: ["SCENARIOS"])
        let catalogue = try JSONSerialization.jsonObject(with: Data(try SimrunProcess.run(["list", "--json"]).stdout.utf8)) as? [String: Any]
        let apps = try XCTUnwrap(catalogue?["apps"] as? [[String: Any]])
        let scenarios = apps.map { ($0["scenarios"] as? [Any])?.count ?? 0 }.reduce(0, +)
        XCTAssertGreaterThan(scenarios, apps.count)
        XCTAssertEqual(count, [UInt64(scenarios)], "every scenario of every app")
    }

    func testTheOldArithmeticWasWrongOnTheEighthOfJanuary() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", "echo $(( 008 * 100000 ))"]
        process.standardError = Pipe()
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0, "bash accepts 008: the 10# in the workflow would be unnecessary")
    }
}
