import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// run, fuzz, check-determinism, shrink and replay end to end, on the hidden selftest app (its
/// `no-idempotency-key` variant double-counts under faults, so most seeds fail).
final class EndToEndTests: XCTestCase {
    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testRunJSONHasStableKeys() throws {
        let result = try SimrunProcess.run(["--seed", "0x2a", "--scenario", "selftest/upload", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let document = try json(result.stdout)
        for key in ["app", "scenario", "variant", "seed", "outcome", "violations", "trace_hash", "virtual_ns", "events", "wall_ms"] {
            XCTAssertNotNil(document[key], key)
        }
        XCTAssertEqual(document["seed"] as? String, "42")
        XCTAssertEqual(document["outcome"] as? String, "pass")
    }

    func testFailingRunExitsOneWithInvariantEntitiesAndRepro() throws {
        let result = try SimrunProcess.run(["run", "--seed", "1", "--scenario", "upload", "--variant", "no-idempotency-key"], selfTest: true)
        XCTAssertEqual(result.code, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("invariant no-duplicate"))
        XCTAssertTrue(result.stdout.contains("account total at ledger: expected"))
        XCTAssertTrue(result.stdout.contains("device-1:"))
        XCTAssertTrue(result.stdout.contains("reproduce: simrun --seed 1 --scenario selftest/upload --variant no-idempotency-key"))
        XCTAssertTrue(result.stdout.contains("build: a seed replays exactly under the same build configuration"), result.stdout)
    }

    func testSameSeedSameTraceHash() throws {
        let arguments = ["--seed", "7", "--scenario", "selftest/upload", "--json"]
        let first = try json(try SimrunProcess.run(arguments, selfTest: true).stdout)
        let second = try json(try SimrunProcess.run(arguments, selfTest: true).stdout)
        XCTAssertEqual(first["trace_hash"] as? String, second["trace_hash"] as? String)
    }

    func testCheckDeterminismPasses() throws {
        let result = try SimrunProcess.run(["check-determinism", "--seed", "3", "--scenario", "selftest/upload", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
        XCTAssertEqual(try json(result.stdout)["deterministic"] as? Bool, true)
    }

    func testFuzzReportsFailuresInSeedOrderWhateverTheJobs() throws {
        let base = ["fuzz", "--scenario", "selftest/upload", "--variant", "no-idempotency-key", "--from", "1", "--to", "40", "--json"]
        let one = try SimrunProcess.run(base + ["--jobs", "1"], selfTest: true)
        let three = try SimrunProcess.run(base + ["--jobs", "3"], selfTest: true)
        XCTAssertEqual(one.code, 1, one.stderr)
        let rowsOne = try XCTUnwrap(try json(one.stdout)["scenarios"] as? [[String: Any]])
        let rowsThree = try XCTUnwrap(try json(three.stdout)["scenarios"] as? [[String: Any]])
        let seedsOne = try XCTUnwrap(rowsOne.first?["failing_seeds"] as? [String])
        XCTAssertEqual(seedsOne, rowsThree.first?["failing_seeds"] as? [String])
        XCTAssertEqual(seedsOne, seedsOne.sorted { UInt64($0)! < UInt64($1)! })
        XCTAssertEqual(rowsOne.first?["runs"] as? Int, 40)
        let failures = try XCTUnwrap(try json(one.stdout)["failures"] as? [[String: Any]])
        XCTAssertTrue((failures.first?["repro"] as? String)?.hasPrefix("simrun --seed ") ?? false)
    }

    func testFuzzWritesValidJUnit() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("junit.xml")
        let result = try SimrunProcess.run(["fuzz", "--app", "selftest", "--seeds", "10", "--variant", "no-idempotency-key", "--junit", file.path], selfTest: true)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.stdout.contains("simrun --seed "))
        let parser = XMLParser(data: try Data(contentsOf: file))
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
    }

    func testShrinkThenReplayRoundTrip() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shrink = try SimrunProcess.run(["shrink", "--seed", "1", "--scenario", "selftest/upload", "--variant", "no-idempotency-key"],
                                           selfTest: true, in: directory)
        XCTAssertEqual(shrink.code, 1, shrink.stderr)
        XCTAssertTrue(shrink.stdout.contains("faults: "))
        XCTAssertTrue(shrink.stdout.contains("minimal timeline:"))
        let file = directory.appendingPathComponent("replays/selftest-upload-1.json")
        let replayDocument = try json(String(contentsOf: file, encoding: .utf8))
        XCTAssertEqual(replayDocument["format"] as? String, "simrun-replay")
        XCTAssertEqual(replayDocument["version"] as? Int, 2)
        XCTAssertNotNil(replayDocument["choices"] as? [Any], "the reduced choice sequence")
        XCTAssertNotNil(replayDocument["app_commit"] as? String, "the commit of the package shrink ran in")
        XCTAssertTrue(shrink.stdout.contains("choices: "), shrink.stdout)
        XCTAssertTrue(shrink.stdout.contains("whole run: events "), shrink.stdout)
        let timeline = directory.appendingPathComponent("timeline.md")
        let replay = try SimrunProcess.run(["replay", file.path, "--timeline", timeline.path, "--json"], selfTest: true, in: directory)
        XCTAssertEqual(replay.code, 1, replay.stderr)
        let document = try json(replay.stdout)
        XCTAssertEqual(document["matches_expected"] as? Bool, true)
        XCTAssertEqual(document["trace_hash_matches"] as? Bool, true)
        let markdown = try String(contentsOf: timeline, encoding: .utf8)
        XCTAssertTrue(markdown.contains("```mermaid\nsequenceDiagram"))
        XCTAssertTrue(markdown.contains("device_1->>ledger"))
        XCTAssertTrue(markdown.contains("VIOLATION no-duplicate"))
    }

    func testShrinkOfPassingSeedSaysSo() throws {
        let result = try SimrunProcess.run(["shrink", "--seed", "1", "--scenario", "selftest/upload"], selfTest: true)
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.contains("nothing to shrink"))
    }

    func testReplayFromAnotherCommitWarnsAndRuns() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("old.json")
        let text = #"{"app":"selftest","commit":"abc1234","expected":{"invariant":null,"outcome":"pass","trace_hash":"0"},"fault_schedule":[],"format":"simrun-replay","policy":"fifo","scenario":"upload","seed":"5","size":1,"toolchain":"swift-6.3","variant":"fixed","version":1}"#
        try Data(text.utf8).write(to: file)
        let result = try SimrunProcess.run(["replay", file.path], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning"))
        XCTAssertTrue(result.stderr.contains("abc1234"))
        XCTAssertTrue(result.stdout.contains("matches the expected outcome"))
    }

    /// A replay file written by the other build configuration: a warning that names both (actor
    /// code may hop differently), and the run goes on.
    func testReplayFromAnotherBuildConfigurationWarnsAndRuns() throws {
        #if DEBUG
        let (other, this) = ("release", "debug")
        #else
        let (other, this) = ("debug", "release")
        #endif
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("other.json")
        let text = #"{"app":"selftest","commit":"unknown","configuration":"\#(other)","expected":{"invariant":null,"outcome":"pass","trace_hash":"0"},"fault_schedule":[],"format":"simrun-replay","policy":"fifo","scenario":"upload","seed":"5","size":1,"toolchain":"swift-6.3","variant":"fixed","version":1}"#
        try Data(text.utf8).write(to: file)
        let result = try SimrunProcess.run(["replay", file.path], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("written by a \(other) build of simrun, this is a \(this) build"), result.stderr)
        XCTAssertTrue(result.stdout.contains("matches the expected outcome"))
        // Without the field (older files), or with this build's own configuration: no such warning.
        try Data(text.replacingOccurrences(of: #""configuration":"\#(other)","#, with: "").utf8).write(to: file)
        XCTAssertFalse(try SimrunProcess.run(["replay", file.path], selfTest: true).stderr.contains("build of simrun"))
        try Data(text.replacingOccurrences(of: other, with: this).utf8).write(to: file)
        XCTAssertFalse(try SimrunProcess.run(["replay", file.path], selfTest: true).stderr.contains("build of simrun"))
    }

    func testBenchQuickJSONShape() throws {
        let result = try SimrunProcess.run(["bench", "--quick", "--json"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let document = try json(result.stdout)
        for key in ["timer_heap", "executor", "upload", "memory", "scenarios"] { XCTAssertNotNil(document[key], key) }
        XCTAssertEqual((document["upload"] as? [String: Any])?["exact"] as? Bool, true)
        XCTAssertEqual(((document["memory"] as? [String: Any])?["rss_bytes"] as? [Any])?.count, 3)
    }
}
