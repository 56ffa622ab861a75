import Foundation
import SimCore
@testable import SimrunCLI
import XCTest

/// Printed commands run as printed: a report says how to run the executable when it is not on
/// `PATH`, and shows the records of devices whatever their names.
final class ReproCommandTests: XCTestCase {
    func testAnExecutableOnThePathNeedsNoHintAndOneOffItGetsTheSwiftRunForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simrun-path-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = directory.appendingPathComponent("notes-sim")
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        XCTAssertNil(CommandOnPath.hint("notes-sim", path: "/nonexistent:\(directory.path)"))
        let hint = try XCTUnwrap(CommandOnPath.hint("notes-sim", path: "/nonexistent"))
        XCTAssertTrue(hint.contains("`swift run notes-sim …`"), hint)
        XCTAssertTrue(hint.contains("cp .build/release/notes-sim /usr/local/bin/"), hint)
        XCTAssertNotNil(CommandOnPath.hint("notes-sim", path: nil))
    }

    func testAFailureShowsTheRecordsOfDevicesNamedAnyWay() {
        let records = [
            TraceRecord(time: 1, component: "phone", event: "launch #1"),
            TraceRecord(time: 2, component: "tablet", event: "→supabase #1 GET /rest/v1/persons"),
            TraceRecord(time: 3, component: "supabase", event: "applied #1"),
            TraceRecord(time: 4, component: "phone", event: "app edit note-7"),
        ]
        let shown = FailureReport.deviceRecords(records, tokens: ["note-7"])
        XCTAssertEqual(shown.map(\.0), ["phone", "tablet"])
        XCTAssertEqual(shown.first?.1.map(\.event), ["app edit note-7"])
    }
}
