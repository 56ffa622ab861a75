import Foundation
import XCTest

/// Help texts and the catalogue listing.
final class HelpAndListTests: XCTestCase {
    func testHelpShowsUsageExamplesAndExitCodes() throws {
        for arguments in [["help"], ["--help"], ["-h"], []] {
            let result = try SimrunProcess.run(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments)")
            XCTAssertTrue(result.stdout.contains("Usage:"), "\(arguments)")
            XCTAssertTrue(result.stdout.contains("Examples:"), "\(arguments)")
            XCTAssertTrue(result.stdout.contains("Exit codes:"), "\(arguments)")
        }
    }

    func testEveryCommandHasHelp() throws {
        for command in ["run", "list", "fuzz", "check-determinism", "shrink", "replay", "bench"] {
            let result = try SimrunProcess.run([command, "--help"])
            XCTAssertEqual(result.code, 0, command)
            XCTAssertTrue(result.stdout.contains("simrun \(command)") || result.stdout.contains("simrun [run]"), command)
            XCTAssertTrue(result.stdout.contains("Exit codes:"), command)
        }
    }

    func testBenchHelpNamesEveryFlagAndSection() throws {
        let help = try SimrunProcess.run(["bench", "--help"]).stdout
        for flag in ["--json", "--quick", "--only", "--compare", "--app", "--seeds", "--size", "--rounds", "--sizes"] {
            XCTAssertTrue(help.contains(flag), flag)
        }
        for section in ["heap", "executor", "upload", "memory", "scenarios", "scaling"] {
            XCTAssertTrue(help.contains(section), section)
        }
    }

    func testListShowsSwissCoinAndItsDefects() throws {
        let result = try SimrunProcess.run(["list"])
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.contains("swisscoin"))
        XCTAssertTrue(result.stdout.contains("split-fresh-uuid"))
        XCTAssertTrue(result.stdout.contains("[SC-1]"))
        XCTAssertFalse(result.stdout.contains("selftest"), "the self-test app stays hidden")
    }

    func testListJSONHasAppsWithVariants() throws {
        let result = try SimrunProcess.run(["list", "--json"])
        XCTAssertEqual(result.code, 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let apps = try XCTUnwrap(document?["apps"] as? [[String: Any]])
        let swisscoin = try XCTUnwrap(apps.first { $0["name"] as? String == "swisscoin" })
        let variants = try XCTUnwrap(swisscoin["variants"] as? [[String: Any]])
        XCTAssertTrue(variants.contains { $0["name"] as? String == "split-fresh-uuid" && $0["bug_ids"] as? [String] == ["SC-1"] })
    }
}
