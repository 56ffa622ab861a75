import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SimCore
@testable import SimrunCLI
import XCTest

/// Campaign coverage (each mark with its run count, unreached declared marks, --require-coverage)
/// and shrink's failure signature.
final class CoverageTests: XCTestCase {
    // Seeds 3 and 4 of selftest/upload have kills and 5xx/429 off (checked below by the output).
    let uncovered = ["fuzz", "--scenario", "selftest/upload", "--from", "3", "--to", "4"]

    func testFuzzPrintsEachMarkWithItsRunCount() throws {
        let result = try SimrunProcess.run(["fuzz", "--scenario", "selftest/upload", "--seeds", "50"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("coverage of selftest/upload [fixed] (runs reaching each mark):"), result.stdout)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasSuffix("selftest: a device killed mid-upload") })
        let count = try XCTUnwrap(Int(line.trimmingCharacters(in: .whitespaces).split(separator: "/")[0]))
        XCTAssertTrue((1...49).contains(count), String(line))
    }

    func testUnreachedDeclaredMarksAreListedAndOnlyFailWhenRequired() throws {
        let listed = try SimrunProcess.run(uncovered, selfTest: true)
        XCTAssertEqual(listed.code, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("declared but reached by no run (2):\n    selftest: a device killed mid-upload\n    selftest: an upload answered 5xx or 429"), listed.stdout)
        let required = try SimrunProcess.run(uncovered + ["--require-coverage"], selfTest: true)
        XCTAssertEqual(required.code, 1, required.stdout)
        XCTAssertTrue(required.stdout.contains("COVERAGE REQUIRED"))
        let covered = try SimrunProcess.run(["fuzz", "--scenario", "selftest/upload", "--seeds", "50", "--require-coverage"], selfTest: true)
        XCTAssertEqual(covered.code, 0, covered.stdout)
    }

    func testRequiredCoverageIsAJUnitFailureAndInTheJSON() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("junit.xml")
        let result = try SimrunProcess.run(uncovered + ["--require-coverage", "--json", "--junit", junit.path], selfTest: true)
        XCTAssertEqual(result.code, 1)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let row = try XCTUnwrap((document["scenarios"] as? [[String: Any]])?.first)
        let coverage = try XCTUnwrap(row["coverage"] as? [String: Any])
        XCTAssertEqual((coverage["unreached"] as? [String])?.count, 2)
        let data = try Data(contentsOf: junit)
        XCTAssertTrue(XMLParser(data: data).parse())
        let xml = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(xml.contains("<testcase classname=\"selftest/upload [fixed]\" name=\"coverage\">"), xml)
        XCTAssertTrue(xml.contains("failures=\"1\""), xml)
    }
}

final class ShrinkSignatureTests: XCTestCase {
    func outcome(_ invariant: String, _ entity: String, at location: String) -> RunOutcome {
        .safetyViolation([Violation(invariant: invariant, message: "m", entities: [EntityDiff(entity: entity, location: location, expected: "1", actual: "2")])])
    }

    func testTheSignatureIsInvariantEntityKindAndLocation() {
        let signature = FailureSignature(outcome("no-loss", "note note-9", at: "server"))
        XCTAssertEqual(signature.description, "no-loss (note at server)")
        XCTAssertTrue(signature.holds(for: outcome("no-loss", "note note-10", at: "server")))
        XCTAssertFalse(signature.holds(for: outcome("no-loss", "person p-1", at: "server")), "another entity kind is another bug")
        XCTAssertFalse(signature.holds(for: outcome("no-loss", "note note-9", at: "device-1")), "another location is another bug")
        XCTAssertFalse(signature.holds(for: outcome("no-duplicate", "note note-9", at: "server")))
        XCTAssertFalse(signature.holds(for: .pass))
    }

    func testTheSignaturesLocationIsWhereNotWhen() {
        let signature = FailureSignature(outcome("no-loss", "update u-1", at: "device-1 (alice), saved at 482181 ms"))
        XCTAssertEqual(signature.description, "no-loss (update at device-1 (alice))")
        XCTAssertTrue(signature.holds(for: outcome("no-loss", "update u-2", at: "device-1 (alice), saved at 9000 ms")), "another time, same place")
        XCTAssertFalse(signature.holds(for: outcome("no-loss", "update u-2", at: "device-2 (alice), saved at 9000 ms")))
    }

    func testShrinkingStopsWhereTheFailureWouldDriftToAnotherBugOfTheSameInvariant() {
        // Faults a and b cause a no-loss of a note at the server; without b the run still breaks
        // no-loss, but for a person on the device: a drift the old invariant-only key accepted.
        let faults = ["a", "b", "c"].map { InjectedFault(family: .kill, subject: $0, detail: "1") }
        let signature = FailureSignature(outcome("no-loss", "note n", at: "server"))
        let run: ([InjectedFault]) -> RunOutcome = { kept in
            let subjects = Set(kept.map(\.subject))
            if subjects.isSuperset(of: ["a", "b"]) { return self.outcome("no-loss", "note n", at: "server") }
            if subjects.contains("a") { return self.outcome("no-loss", "person p", at: "device-1") }
            return .pass
        }
        let result = Shrinker(maxRuns: 100) { signature.holds(for: run($0)) }.shrink(faults)
        XCTAssertEqual(result.faults.map(\.subject), ["a", "b"])
        let drifting = Shrinker(maxRuns: 100) { run($0).violations.first?.invariant == "no-loss" }.shrink(faults)
        XCTAssertEqual(drifting.faults.map(\.subject), ["a"], "the invariant alone drifts")
    }

    func testShrinkSaysWhichSignatureItKeeps() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try SimrunProcess.run(["shrink", "--seed", "1", "--scenario", "selftest/upload", "--variant", "no-idempotency-key"],
                                           selfTest: true, in: directory)
        XCTAssertEqual(result.code, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("shrinking while the failure keeps its signature: no-duplicate (account at ledger)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("the shrunk run fails with the same signature: no-duplicate (account at ledger)"), result.stdout)
    }
}
