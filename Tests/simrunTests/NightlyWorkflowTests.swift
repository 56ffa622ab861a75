import Foundation
import XCTest

/// The README's nightly workflow: the same bytes as `.github/workflows/simrun-nightly.yml` (which
/// `.ci/check-workflows.py` parses with a YAML parser), and seed arithmetic that is right on every
/// day of the year — `date +%j` is zero-padded, and bash reads `008` as a bad octal number.
final class NightlyWorkflowTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func workflow() throws -> String {
        try String(contentsOf: root.appendingPathComponent(".github/workflows/simrun-nightly.yml"), encoding: .utf8)
    }

    func testTheREADMEShowsTheWorkflowFileVerbatim() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```yaml\n" + (try workflow()) + "```"), "README.md's yaml block differs from the workflow file")
    }

    /// Runs the workflow's arithmetic lines in bash with `date` stubbed to each day of a leap year.
    func testSeedRangeIsRightEveryDayOfTheYear() throws {
        let lines = try workflow().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let arithmetic = lines.filter { $0.hasPrefix("SEEDS=") || $0.hasPrefix("NIGHT=") || $0.hasPrefix("START=") }
        XCTAssertEqual(arithmetic.count, 3, "\(lines)")
        let seeds = try XCTUnwrap(Int(arithmetic[0].dropFirst("SEEDS=".count)))
        var script = "set -eu\n"
        for day in 1...366 {
            let padded = String(repeating: "0", count: 3 - String(day).count) + String(day)
            script += "date() { case \"$2\" in +%Y) echo 2028;; +%j) echo \(padded);; esac; }\n"
            script += arithmetic.joined(separator: "\n") + "\necho \"$START\"\n"
        }
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
        let starts = output.split(separator: "\n").compactMap { UInt64($0) }
        XCTAssertEqual(starts, (1...366).map { UInt64((2028 * 1000 + $0) * seeds) })
        XCTAssertLessThan(try XCTUnwrap(starts.last) + UInt64(seeds), UInt64(1) << 63, "the range fits a 64-bit seed")
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
