import AppPorts
import SimCore
@testable import SwissCoin
@testable import SwissCoinSim
import XCTest

/// no-lost-update holds a push to what the user typed, not to what the push happened to carry:
/// a pulled row written over a pending edit makes the push send the server's old value.
final class PushCarriesUserIntentTests: XCTestCase {
    private let person = "e0000000-0000-4000-8000-000000000001"

    private func rename(_ id: String, to name: String, at ms: Int64) -> UserEdits.Edit {
        UserEdits.Edit(device: "device-1", account: "alice-id",
                        change: OutboxChange(changeId: id, table: SyncTables.persons, entityId: person, kind: .update, groups: ["name"]),
                        atNanoseconds: ms * 1_000_000, intended: ["name": .string(name)])
    }

    private func ack(_ edit: UserEdits.Edit, pushed name: String) -> UserEdits.Ack {
        UserEdits.Ack(device: edit.device, account: edit.account,
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

    // MARK: Money edits: the groups come from the user's action, the split set is an edit too

    private let transaction = "f0000000-0000-4000-8000-000000000001"

    /// A new split set (a and b share 10.00 CHF) filed by the app under `groups`.
    private func resplit(_ id: String, filedAs groups: [String], at ms: Int64, kind: OutboxChange.Kind = .update) -> UserEdits.Edit {
        UserEdits.Edit(device: "device-1", account: "alice-id",
                        change: OutboxChange(changeId: id, table: SyncTables.transactions, entityId: transaction, kind: kind, groups: groups),
                        atNanoseconds: ms * 1_000_000,
                        intended: kind == .delete ? [:] : ["amount": .string("10.00"), "currency": .string("CHF"),
                                                           UserEdits.splitsColumn: .string("a=500,b=500")])
    }

    private func split(_ person: String, _ amount: String) -> JSONValue {
        ["owed_by_id": .string(person), "amount": .string(amount)]
    }

    private func ack(_ edit: UserEdits.Edit, fields: CloudRow, splits: [JSONValue]?) -> UserEdits.Ack {
        UserEdits.Ack(device: edit.device, account: edit.account,
                       ack: SyncEngine.Acknowledgement(change: edit.change, outcome: "applied", revision: 4, fields: fields,
                                                       splits: splits, payers: nil),
                       atNanoseconds: edit.atNanoseconds + 1)
    }

    func testAMoneyEditThatNoPushCarriesIsReportedOnceWithItsColumns() {
        let edit = resplit("c1", filedAs: ["text"], at: 10)
        let diffs = NoLostUpdateChecker.intentDiffs(
            edits: [edit], applied: [ack(edit, fields: ["title": .string("Dinner"), "note": .null], splits: nil)])
        XCTAssertEqual(diffs.count, 1, "\(diffs)")
        XCTAssertEqual(diffs.first?.entity, "financial_transactions f0000000 amount, currency, transaction_splits")
        XCTAssertTrue(diffs.first?.actual.contains("never pushed") == true, diffs.first?.actual ?? "")
        XCTAssertTrue(diffs.first?.actual.contains("filed as [text]") == true, diffs.first?.actual ?? "")
    }

    func testAPushCarryingTheOldSplitSetIsReported() {
        let edit = resplit("c1", filedAs: ["money"], at: 10)
        let diffs = NoLostUpdateChecker.intentDiffs(
            edits: [edit], applied: [ack(edit, fields: ["amount": .string("10.00"), "currency": .string("CHF")],
                                          splits: [split("a", "5.00"), split("c", "5.00")])])
        XCTAssertEqual(diffs.map(\.entity), ["financial_transactions f0000000 transaction_splits"])
        XCTAssertTrue(diffs.first?.actual.contains("a=500,c=500") == true, diffs.first?.actual ?? "")
    }

    func testTheUsersSplitSetInAnyRowOrderPasses() {
        let edit = resplit("c1", filedAs: ["money"], at: 10)
        let diffs = NoLostUpdateChecker.intentDiffs(
            edits: [edit], applied: [ack(edit, fields: ["amount": .string("10"), "currency": .string("CHF")],
                                          splits: [split("b", "5.0"), split("a", "5.00")])])
        XCTAssertEqual(diffs.count, 0, "\(diffs)")
    }

    func testALaterPushOfTheSameEntityMayCarryTheEditAndALaterDeleteExcusesIt() {
        let first = resplit("c1", filedAs: ["text"], at: 10), second = resplit("c2", filedAs: ["money"], at: 20)
        let carried = ack(second, fields: ["amount": .string("10.00"), "currency": .string("CHF")],
                          splits: [split("a", "5.00"), split("b", "5.00")])
        let textOnly = ack(first, fields: ["title": .string("Dinner")], splits: nil)
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [first, second], applied: [textOnly, carried]).count, 0)
        // Without the later push the first edit's money was never pushed.
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [first, second], applied: [textOnly]).count, 1)
        let deleted = resplit("c3", filedAs: [], at: 30, kind: .delete)
        XCTAssertEqual(NoLostUpdateChecker.intentDiffs(edits: [first, deleted], applied: [textOnly]).count, 0)
    }
}
