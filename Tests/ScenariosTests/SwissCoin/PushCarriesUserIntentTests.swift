import AppPorts
import SimCore
@testable import SwissCoin
import XCTest

/// no-lost-update holds a push to what the user typed, not to what the push happened to carry:
/// a pulled row written over a pending edit makes the push send the server's old value.
final class PushCarriesUserIntentTests: XCTestCase {
    private let person = "e0000000-0000-4000-8000-000000000001"

    private func rename(_ id: String, to name: String, at ms: Int64) -> SyncLedger.Edit {
        SyncLedger.Edit(device: "device-1", account: "alice-id",
                        change: OutboxChange(changeId: id, table: SyncTables.persons, entityId: person, kind: .update, groups: ["name"]),
                        atNanoseconds: ms * 1_000_000, intended: ["name": .string(name)])
    }

    private func ack(_ edit: SyncLedger.Edit, pushed name: String) -> SyncLedger.Ack {
        SyncLedger.Ack(device: edit.device, account: edit.account,
                       ack: SyncEngine.Acknowledgement(change: edit.change, outcome: "applied", revision: 3,
                                                       fields: ["name": .string(name)], splits: nil, payers: nil),
                       atNanoseconds: edit.atNanoseconds + 1)
    }

    func testAPushThatCarriesAValueTheUserNeverSetIsReported() {
        let edit = rename("c1", to: "Anna", at: 10)
        let diffs = NoLostUpdateChecker.intentDiffs(edits: [edit], applied: [ack(edit, pushed: "Ann (from the server)")])
        XCTAssertEqual(diffs.count, 1)
        XCTAssertEqual(diffs.first?.entity, "persons e0000000 name")
        XCTAssertEqual(diffs.first?.location, "push from device-1")
        XCTAssertTrue(diffs.first?.expected.contains("\"Anna\"") == true, diffs.first?.expected ?? "")
    }

    func testAPushCarryingTheUsersValueOrALaterEditsValuePasses() {
        let first = rename("c1", to: "Anna", at: 10), second = rename("c2", to: "Annabel", at: 20)
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [first, second], applied: [ack(first, pushed: "Anna")]).count, 0)
        // The first change is pushed after the second edit: the store holds the newer name.
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [first, second], applied: [ack(first, pushed: "Annabel")]).count, 0)
        // An earlier edit's value is not the user's intent for a later change.
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [first, second], applied: [ack(second, pushed: "Anna")]).count, 1)
    }

    func testAnotherDevicesEditIsNotThisDevicesIntent() {
        let mine = rename("c1", to: "Anna", at: 10)
        var theirs = rename("c2", to: "Ann", at: 20)
        theirs.device = "device-2"
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [mine, theirs], applied: [ack(mine, pushed: "Ann")]).count, 1)
    }
}
