import SimCore
@testable import SimHarness
import XCTest

/// The operation ledger read from a history, and the generic no-loss and no-lost-update read
/// from it, each fed a violation built on purpose.
final class OperationLedgerTests: XCTestCase {
    typealias Entity = EntitySnapshot.Entity

    /// A toy action vocabulary: set fields of a note, create or delete it.
    enum NoteAction: WritingAction, Equatable {
        case create(String, title: String)
        case edit(String, title: String)
        case delete(String)
        case stopAll

        var writes: [EntityWrite] {
            switch self {
            case .create(let id, let title): [EntityWrite("note", id, .create, fields: ["title": title])]
            case .edit(let id, let title): [EntityWrite("note", id, .update, fields: ["title": title])]
            case .delete(let id): [EntityWrite("note", id, .delete)]
            case .stopAll: [EntityWrite("note", EntityWrite.anyKey, .update, fields: ["title": "stopped"])]
            }
        }
    }

    func entry(_ id: Int, _ device: String, _ action: NoteAction, epoch: Int = 0, _ status: OperationStatus = .ok) -> LedgerEntry<NoteAction> {
        LedgerEntry(id: id, device: device, action: action, epoch: epoch, status: status)
    }

    func testTheLedgerReadsItsOwnPayloadsFromTheHistoryInOrderWithEpochsStatusesAndResults() {
        let history = History()
        let a = history.invoke(process: "phone", name: "note", payload: LedgerPayload(NoteAction.create("n1", title: "A"), epoch: 0), at: 1)
        history.invoke(process: "phone", name: "other", payload: 7, at: 2)
        let b = history.invoke(process: "tablet", name: "note", payload: LedgerPayload(NoteAction.edit("n1", title: "B"), epoch: 1), at: 3)
        let c = history.invoke(process: "phone", name: "note", payload: LedgerPayload(NoteAction.delete("n1"), epoch: 1), at: 4)
        history.complete(b, .ok, result: "saved", at: 5)
        history.complete(a, .failed, at: 6)
        history.interruptAll(process: "phone", at: 7)
        let ledger = OperationLedger<NoteAction>(history: history)
        XCTAssertEqual(ledger.entries.map(\.id), [a, b, c])
        XCTAssertEqual(ledger.entries.map(\.action), [.create("n1", title: "A"), .edit("n1", title: "B"), .delete("n1")])
        XCTAssertEqual(ledger.entries.map(\.epoch), [0, 1, 1])
        XCTAssertEqual(ledger.entries.map(\.status), [.failed, .ok, .indeterminate])
        XCTAssertEqual(ledger.entries[1].result(as: String.self), "saved")
        XCTAssertEqual(ledger.entries(on: "phone").map(\.id), [a, c])
        XCTAssertEqual(ledger.acknowledged.map(\.id), [b])
        let steps = ledger.steps.map { step -> String in
            switch step {
            case .invoked(let entry): "+\(entry.id)"
            case .completed(let entry): "-\(entry.id)"
            }
        }
        XCTAssertEqual(steps, ["+\(a)", "+\(b)", "+\(c)", "-\(b)", "-\(a)", "-\(c)"])
    }

    func testAnOperationPrecedesAnotherInALaterEpochOrLaterOnItsDevice() {
        let first = entry(0, "phone", .stopAll), second = entry(1, "phone", .stopAll), other = entry(2, "tablet", .stopAll)
        let later = entry(3, "tablet", .stopAll, epoch: 1)
        XCTAssertTrue(first.precedes(second))
        XCTAssertFalse(second.precedes(first))
        XCTAssertTrue(first.isConcurrent(with: other))
        XCTAssertTrue(second.precedes(later))
        XCTAssertFalse(later.precedes(first))
    }

    func testNoLossReportsAnAcknowledgedCreateThatIsMissingAndAnEditLostWithoutAConcurrentWrite() {
        let ledger = OperationLedger(entries: [
            entry(0, "phone", .create("n1", title: "A")),
            entry(1, "phone", .edit("n1", title: "B")),
            entry(2, "phone", .create("n2", title: "C")),
            entry(3, "phone", .create("n3", title: "D"), .indeterminate),
        ])
        var snapshot = EntitySnapshot()
        snapshot.add("tablet", "note", [Entity(key: "n1", fields: ["title": "A"])])
        let expect = WriteExpectations(ledger)
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expect: expect, at: "tablet", collection: "note", fields: ["title"]), [
            EntityDiff(entity: "note n1 title", location: "tablet", expected: "B", actual: "A"),
            EntityDiff(entity: "note n2", location: "tablet", expected: "present", actual: "missing"),
        ])
        XCTAssertEqual(NoLostUpdateCheck.diffs(snapshot, expect: expect, at: "tablet", collection: "note", fields: ["title"]), [])
    }

    func testALostEditWithAConcurrentEditOnAnotherDeviceIsNoLostUpdatesAndEitherValueIsAllowed() {
        let ledger = OperationLedger(entries: [
            entry(0, "phone", .create("n1", title: "A")),
            entry(1, "phone", .edit("n1", title: "B"), epoch: 1),
            entry(2, "tablet", .edit("n1", title: "C"), epoch: 1),
        ])
        let expect = WriteExpectations(ledger)
        var snapshot = EntitySnapshot()
        snapshot.add("phone", "note", [Entity(key: "n1", fields: ["title": "A"])])
        snapshot.add("tablet", "note", [Entity(key: "n1", fields: ["title": "C"])])
        XCTAssertEqual(NoLostUpdateCheck.diffs(snapshot, expect: expect, at: "phone", collection: "note", fields: ["title"]), [
            EntityDiff(entity: "note n1 title", location: "phone", expected: "B or C", actual: "A"),
        ])
        XCTAssertEqual(NoLostUpdateCheck.diffs(snapshot, expect: expect, at: "tablet", collection: "note", fields: ["title"]), [])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expect: expect, at: "phone", collection: "note", fields: ["title"]), [])
        XCTAssertNil(expect.lastWriter("note", "n1", field: "title"), "two concurrent last writes: no single last writer")
    }

    func testTheBaselineMustSurviveUntilAnAcknowledgedWriteReplacesItAndADeleteThatMayHaveLandedExcusesAbsence() {
        let ledger = OperationLedger(entries: [
            entry(0, "phone", .edit("legacy2", title: "new"), .indeterminate),
            entry(1, "phone", .delete("legacy3"), .indeterminate),
        ])
        var snapshot = EntitySnapshot()
        snapshot.add("legacy", "note", [Entity(key: "legacy1", fields: ["title": "old1"]), Entity(key: "legacy2", fields: ["title": "old2"]),
                                        Entity(key: "legacy3", fields: ["title": "old3"])])
        snapshot.add("phone", "note", [Entity(key: "legacy2", fields: ["title": "garbled"])])
        let diffs = NoLossCheck.diffs(snapshot, expect: WriteExpectations(ledger), at: "phone", collection: "note",
                                      fields: ["title"], baseline: "legacy")
        XCTAssertEqual(diffs, [
            EntityDiff(entity: "note legacy1", location: "phone", expected: "present", actual: "missing"),
            EntityDiff(entity: "note legacy2 title", location: "phone", expected: "new or old2", actual: "garbled"),
        ])
    }

    func testAnUnresolvedWriteToAnyEntityLeavesTheFieldFreeAndAnExemptWriteNeedNotSurvive() {
        let edit = entry(1, "phone", .edit("n1", title: "B"))
        var snapshot = EntitySnapshot()
        snapshot.add("phone", "note", [Entity(key: "n1", fields: ["title": "A"])])
        let open = OperationLedger(entries: [entry(0, "phone", .create("n1", title: "A")), edit, entry(2, "tablet", .stopAll, .indeterminate)])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expect: WriteExpectations(open), at: "phone", collection: "note", fields: ["title"]), [])
        let closed = OperationLedger(entries: [entry(0, "phone", .create("n1", title: "A")), edit, entry(2, "tablet", .stopAll, .failed)])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expect: WriteExpectations(closed), at: "phone", collection: "note", fields: ["title"]).count, 1)
        let exempt = WriteExpectations(closed) { $0.id == 1 }
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expect: exempt, at: "phone", collection: "note", fields: ["title"]), [])
    }

    func testTheLastWriterIsTheAcknowledgedWriteEveryOtherWritePrecedes() {
        let ledger = OperationLedger(entries: [
            entry(0, "phone", .create("n1", title: "A")),
            entry(1, "tablet", .edit("n1", title: "B"), epoch: 1, .indeterminate),
            entry(2, "tablet", .edit("n1", title: "C"), epoch: 1),
        ])
        let last = WriteExpectations(ledger).lastWriter("note", "n1", field: "title")
        XCTAssertEqual(last?.value, "C")
        XCTAssertEqual(last?.entry.id, 2)
        XCTAssertNil(WriteExpectations(ledger) { $0.id == 2 }.lastWriter("note", "n1", field: "title"))
        let unacknowledged = OperationLedger(entries: [entry(0, "phone", .create("n1", title: "A")), entry(1, "phone", .edit("n1", title: "B"), .indeterminate)])
        XCTAssertNil(WriteExpectations(unacknowledged).lastWriter("note", "n1", field: "title"))
    }

    /// The three calls of Docs/WhatToCheck.md, section 5, on a world that breaks each: the phone
    /// confirmed note n1 (then the tablet changed it concurrently) and note n2; the server lost n2,
    /// the phone kept its own n1 text, and the tablet never got n2.
    func testTheRecipeFindsALossALostUpdateAndADivergence() {
        let ledger = OperationLedger(entries: [
            entry(0, "phone", .create("n1", title: "A")), entry(1, "phone", .create("n2", title: "B")),
            entry(2, "phone", .edit("n1", title: "phone's"), epoch: 1), entry(3, "tablet", .edit("n1", title: "tablet's"), epoch: 1),
        ])
        var snapshot = EntitySnapshot()
        snapshot.add("server", "note", [Entity(key: "n1", fields: ["title": "tablet's"])])
        snapshot.add("phone", "note", [Entity(key: "n1", fields: ["title": "A"]), Entity(key: "n2", fields: ["title": "B"])])
        snapshot.add("tablet", "note", [Entity(key: "n1", fields: ["title": "tablet's"])])
        let expect = WriteExpectations(ledger)
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expect: expect, at: "server", collection: "note", fields: ["title"]),
                       [EntityDiff(entity: "note n2", location: "server", expected: "present", actual: "missing")])
        XCTAssertEqual(NoLostUpdateCheck.diffs(snapshot, expect: expect, at: "phone", collection: "note", fields: ["title"]),
                       [EntityDiff(entity: "note n1 title", location: "phone", expected: "phone's or tablet's", actual: "A")])
        XCTAssertEqual(ConvergenceCheck.diffs(snapshot, reference: "server", locations: ["server", "phone", "tablet"], collections: ["note"]).map(\.location),
                       ["phone vs server", "phone vs server"], "the phone's n1 differs and its n2 is extra; the tablet agrees")
    }
}
