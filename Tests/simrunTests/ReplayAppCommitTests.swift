import Foundation
import SimCore
@testable import SimrunCLI
import XCTest

/// A replay file records the commit of the package it was written in (a team's own app), reads it
/// back, and reads an older file without it as "unknown".
final class ReplayAppCommitTests: XCTestCase {
    func testTheAppCommitRoundTripsAndAnOlderFileReadsAsUnknown() throws {
        let replay = ReplayFile(app: "notes", scenario: "offline-edits-then-sync", variant: "fixed", seed: 1, size: 0, policy: .random,
                                faults: [], choices: nil, expectedOutcome: "pass", expectedInvariant: nil, expectedTraceHash: "00",
                                toolchain: "swift-6.3", commit: "abc1234", appCommit: "def5678", configuration: "debug")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-app-commit-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.json").path
        try Data((replay.json.canonicalText + "\n").utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ReplayFile.load(path).appCommit, "def5678")
        guard case .object(var fields) = replay.json else { return XCTFail("a replay file is an object") }
        fields["app_commit"] = nil
        try Data((JSONValue.object(fields).canonicalText + "\n").utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ReplayFile.load(path).appCommit, "unknown")
    }
}
