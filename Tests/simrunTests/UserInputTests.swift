import Foundation
import XCTest

/// Bad input as a user finds it: each is a clear error (exit 2, one line) or a correct behaviour.
final class UserInputTests: XCTestCase {
    func testHugeTimeBudgetIsRefusedNotAnOverflow() throws {
        try assertBadInput(["fuzz", "--time-budget", "99999999999999h"], mentions: "longer than the limit of 366 days")
        try assertBadInput(["fuzz", "--time-budget", "99999999999999999999999s"], mentions: "longer than the limit of 366 days")
        try assertBadInput(["fuzz", "--time-budget", "8785h"], mentions: "longer than the limit of 366 days")
        try assertBadInput(["fuzz", "--time-budget", "soon"], mentions: "duration like 90s")
    }

    func testOversizedDatasetIsRefusedWithTheMemoryEstimate() throws {
        try assertBadInput(["fuzz", "--size", "1000", "--seeds", "1"], mentions: "--size 1000 would need about 10 GB per run")
        try assertBadInput(["--seed", "1", "--scenario", "selftest/upload", "--size", "101"], mentions: "the most is --size 100", selfTest: true)
    }

    func testAShardThatSelectsNoSeedIsAnError() throws {
        try assertBadInput(["fuzz", "--seeds", "3", "--shard", "5/8"], mentions: "selects no seed")
    }

    func testUnwritableOutputPathsAreRefusedBeforeTheCampaign() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain-file")
        try Data().write(to: file)
        try assertBadInput(["fuzz", "--seeds", "1000000", "--junit", directory.path], mentions: "it is a directory", selfTest: true)
        try assertBadInput(["fuzz", "--seeds", "1000000", "--junit", file.appendingPathComponent("junit.xml").path], mentions: "cannot write JUnit file", selfTest: true)
        try assertBadInput(["--seed", "1", "--scenario", "selftest/upload", "--trace-out", file.appendingPathComponent("t.jsonl").path],
                           mentions: "cannot write trace file", selfTest: true)
    }

    func testTraceWithJSONPutsTheTraceInTheDocument() throws {
        let result = try SimrunProcess.run(["--seed", "1", "--scenario", "selftest/upload", "--trace", "--json"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let trace = try XCTUnwrap(document["trace"] as? [String])
        XCTAssertGreaterThan(trace.count, 10)
        XCTAssertTrue(trace[0].hasPrefix("0 sim start seed=1"), trace[0])
        let plain = try SimrunProcess.run(["--seed", "1", "--scenario", "selftest/upload", "--json"], selfTest: true)
        XCTAssertFalse(plain.stdout.contains("\"trace\":"))
    }

    func testReplayOfAFaultOnADeviceThatDoesNotExistIsBadInput() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ghost.json")
        let text = #"{"app":"selftest","commit":"unknown","expected":{"invariant":null,"outcome":"pass","trace_hash":"0"},"fault_schedule":[{"family":"kill","subject":"device-9@round1","detail":"5"}],"format":"simrun-replay","policy":"random","scenario":"upload","seed":"5","size":1,"toolchain":"swift-6.3","variant":"fixed","version":1}"#
        try Data(text.utf8).write(to: file)
        let result = try SimrunProcess.run(["replay", file.path], selfTest: true)
        XCTAssertEqual(result.code, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("never reached: 'kill device-9@round1 5' (this run's devices: device-1, device-2"), result.stderr)
    }

    func testReplayOfAMalformedFaultDetailIsAHarnessError() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("malformed.json")
        let text = #"{"app":"selftest","commit":"unknown","expected":{"invariant":null,"outcome":"pass","trace_hash":"0"},"fault_schedule":[{"family":"kill","subject":"device-1@round1","detail":"soon"}],"format":"simrun-replay","policy":"random","scenario":"upload","seed":"5","size":1,"toolchain":"swift-6.3","variant":"fixed","version":1}"#
        try Data(text.utf8).write(to: file)
        let result = try SimrunProcess.run(["replay", file.path], selfTest: true)
        XCTAssertNotEqual(result.code, 0, result.stdout)
        XCTAssertTrue((result.stdout + result.stderr).contains("malformed"), result.stdout + result.stderr)
    }

    func testReplayRecordsSimrunsCommitNotTheWorkingDirectorys() throws {
        let directory = try SimrunProcess.temporaryDirectory()  // not a git repository
        defer { try? FileManager.default.removeItem(at: directory) }
        let shrink = try SimrunProcess.run(["shrink", "--seed", "1", "--scenario", "selftest/upload", "--variant", "no-idempotency-key"],
                                           selfTest: true, in: directory)
        XCTAssertEqual(shrink.code, 1, shrink.stderr)
        let replay = try String(contentsOf: directory.appendingPathComponent("replays/selftest-upload-1.json"), encoding: .utf8)
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", sources.path, "rev-parse", "--short", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        try git.run()
        let head = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        git.waitUntilExit()
        try XCTSkipIf(git.terminationStatus != 0, "the sources are not in a git checkout")
        XCTAssertTrue(replay.contains("\"commit\":\"\(head)\""), replay)
    }
}
