import XCTest

/// Every kind of bad input is one line on stderr and exit 2, never a crash.
final class BadInputTests: XCTestCase {
    func testUnknownCommandSuggestsNearest() throws {
        try assertBadInput(["fuz"], mentions: "did you mean fuzz?")
    }

    func testUnknownFlagSuggestsNearest() throws {
        try assertBadInput(["--sed", "3", "--scenario", "x"], mentions: "did you mean --seed?")
        try assertBadInput(["fuzz", "--job", "2"], mentions: "did you mean --jobs?")
    }

    func testUnknownAppSuggestsNearest() throws {
        try assertBadInput(["--seed", "1", "--scenario", "x", "--app", "swisscon"], mentions: "did you mean swisscoin?")
    }

    func testUnknownScenarioIsBadInput() throws {
        try assertBadInput(["--seed", "1", "--scenario", "no-such-scenario"], mentions: "unknown scenario 'no-such-scenario'")
        try assertBadInput(["--seed", "1", "--scenario", "selftest/uplod"], mentions: "did you mean upload?", selfTest: true)
    }

    func testUnknownVariantSuggestsNearest() throws {
        try assertBadInput(["--seed", "1", "--scenario", "selftest/upload", "--variant", "no-idempotency-ky"],
                           mentions: "did you mean no-idempotency-key?", selfTest: true)
    }

    func testMalformedAndOutOfRangeSeeds() throws {
        try assertBadInput(["--seed", "abc", "--scenario", "x"], mentions: "not a number")
        try assertBadInput(["--seed", "-1", "--scenario", "x"], mentions: "negative")
        try assertBadInput(["--seed", "18446744073709551616", "--scenario", "x"], mentions: "out of range")
        try assertBadInput(["--seed", "0x1ffffffffffffffff", "--scenario", "x"], mentions: "out of range")
        try assertBadInput(["--seed", "0xzz", "--scenario", "x"], mentions: "not a number")
    }

    func testMissingSeedAndScenario() throws {
        try assertBadInput(["run", "--scenario", "x"], mentions: "--seed S is required")
        try assertBadInput(["run", "--seed", "1"], mentions: "--scenario NAME is required")
    }

    func testSeedsWithFromIsRejected() throws {
        try assertBadInput(["seeds", "--seeds", "5", "--from", "1", "--to", "9"], mentions: "exclusive")
    }

    func testBadShardIsRejected() throws {
        for shard in ["0/3", "4/3", "1/0", "x", "1/2/3", "-1/2"] {
            try assertBadInput(["seeds", "--shard", shard], mentions: "--shard takes i/n")
        }
    }
}

/// More bad input: fuzz options and replay files.
final class BadInputMoreTests: XCTestCase {
    func testZeroJobsIsRejected() throws {
        try assertBadInput(["fuzz", "--jobs", "0", "--seeds", "1"], mentions: "--jobs takes a whole number")
    }

    func testFuzzSeedsWithFromToIsRejected() throws {
        try assertBadInput(["fuzz", "--seeds", "3", "--from", "1", "--to", "5"], mentions: "exclusive")
    }

    func testInterruptedUploadIsUnknownUntilScenariosLand() throws {
        let list = try SimrunProcess.run(["list"])
        try XCTSkipIf(list.stdout.contains("interrupted-upload"), "the scenario exists now")
        try assertBadInput(["--seed", "1", "--scenario", "interrupted-upload"], mentions: "unknown scenario 'interrupted-upload'")
    }

    func testReplayFileProblemsAreBadInput() throws {
        let directory = try SimrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let valid = #"{"app":"selftest","commit":"unknown","expected":{"invariant":"no-duplicate","outcome":"safety violation","trace_hash":"0"},"fault_schedule":[],"format":"simrun-replay","policy":"random","scenario":"upload","seed":"1","size":1,"toolchain":"swift-6.3","variant":"fixed","version":1}"#
        let cases: [(String, String)] = [
            (String(valid.prefix(60)), "not valid JSON"),
            ("", "not valid JSON"),
            ("[1,2]", "not valid JSON"),
            (valid.replacingOccurrences(of: #""seed":"1","#, with: ""), "missing field 'seed'"),
            (valid.replacingOccurrences(of: "simrun-replay", with: "other"), "format 'other'"),
            (valid.replacingOccurrences(of: #""version":1"#, with: #""version":9"#), "version 9"),
            (valid.replacingOccurrences(of: #""seed":"1""#, with: #""seed":"-4""#), "field 'seed'"),
            (valid.replacingOccurrences(of: #""fault_schedule":[]"#, with: #""fault_schedule":[{"family":"meteor","subject":"x","detail":""}]"#), "unknown family 'meteor'"),
            (valid.replacingOccurrences(of: #""policy":"random""#, with: #""policy":"lifo""#), "field 'policy'"),
            (valid.replacingOccurrences(of: #""app":"selftest""#, with: #""app":"nosuchapp""#), "unknown app 'nosuchapp'"),
            (valid.replacingOccurrences(of: #""fault_schedule":[]"#, with: #""fault_schedule":[],"choices":[{"stream":"5","values":"0*3 x"}]"#), "choices[0] needs 'values'"),
            (valid.replacingOccurrences(of: #""fault_schedule":[]"#, with: #""fault_schedule":[],"choices":[{"stream":"-5","values":"1"}]"#), "choices[0] needs 'stream'"),
            (valid.replacingOccurrences(of: #""fault_schedule":[]"#, with: #""fault_schedule":[],"choices":{"stream":"5"}"#), "field 'choices' must be an array"),
        ]
        for (index, (text, fragment)) in cases.enumerated() {
            let file = directory.appendingPathComponent("case-\(index).json")
            try Data(text.utf8).write(to: file)
            try assertBadInput(["replay", file.path], mentions: fragment, selfTest: true)
        }
        try assertBadInput(["replay", directory.appendingPathComponent("missing.json").path], mentions: "cannot read replay file")
        try assertBadInput(["replay"], mentions: "one replay file")
    }
}

/// The hidden self-test app runs at every size the other apps take, the small dataset included
/// (at `--size 0` it once uploaded nothing and its kill draw asked for a number below 0).
final class SelfTestSizeTests: XCTestCase {
    /// 40 seeds: the old draw crashed the process within them (the kill family fires in about half).
    func testSelfTestRunsAtSizeZero() throws {
        let result = try SimrunProcess.run(["fuzz", "--scenario", "selftest/upload", "--seeds", "40", "--size", "0"], selfTest: true)
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("selftest/upload"), result.stdout)
    }
}
