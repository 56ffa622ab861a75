import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
@testable import MinutaSim
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// Every Minuta checker, fed a world built by hand to break exactly its invariant: the violation
/// is reported, with the entity involved.
final class MinutaCheckerTests: XCTestCase {
    typealias F = MinutaFixtures

    func world(views: [String: MinutaView], ledger: [LedgerEntry<MinutaEdit>] = [], files: [String: [(path: String, bytes: [UInt8])]] = [:],
               live: [String: [[UInt8]]] = [:]) -> MinutaWorld {
        MinutaWorld(dataset: F.dataset, ledger: OperationLedger(entries: ledger), devices: views.keys.sorted(), views: views, deviceFiles: files, liveDocuments: live)
    }

    func testAConsistentWorldSatisfiesEveryChecker() {
        let month = F.monthDocument([F.recordJanuary])
        let clean = world(views: ["device-1": F.view, "device-2": F.view],
                          files: ["device-1": [("records/2026/01.automerge", month)]], live: ["records/2026/01.automerge": [month]])
        XCTAssertEqual(MinutaChecks.run(clean, history: History()), [])
    }

    func testConvergenceReportsHealingThatDidNotSettle() {
        var unsettled = world(views: ["device-1": F.view, "device-2": F.view])
        unsettled.healing = HealingOutcome(pending: ["the folder was still syncing"])
        let found = MinutaConvergenceChecker().check(unsettled, history: History())
        XCTAssertEqual(found.first?.entities.map(\.actual), ["the folder was still syncing"])
    }

    func testConvergenceReportsAnUnresolvedHiddenVersion() {
        var hidden = world(views: ["device-1": F.view, "device-2": F.view])
        hidden.hiddenVersions = [(path: "tags.automerge", count: 2)]
        let found = MinutaConvergenceChecker().check(hidden, history: History())
        XCTAssertEqual(found.map(\.invariant), ["convergence"])
        XCTAssertEqual(found.first?.entities.map(\.entity), ["hidden versions of tags.automerge"])
        XCTAssertEqual(found.first?.entities.map(\.actual), ["2 unresolved"])
    }

    func testConvergenceReportsARecordThatDiffersBetweenDevicesAndALeftoverCopy() {
        var other = F.view
        other.records[0].comment = "changed"
        let found = MinutaConvergenceChecker().check(
            world(views: ["device-1": F.view, "device-2": other],
                  files: ["device-2": [("records/2026/01 (Ann's conflicted copy 2026-01-15).automerge", [1])]]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["convergence"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 11111111" && $0.location == "device-2 vs device-1" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasPrefix("file records/2026/01 (Ann's") }, "\(found)")
    }

    func testDateRangeViewReportsARecordAScreenMissesAndOneItShowsOutsideTheList() {
        var view = F.view
        let all = (from: F.recordDecember.startTime, to: F.recordJanuary.startTime)
        let ordered = view.records.map(\.id)
        view.screens = [DateRangeScreen(from: all.from, to: all.to, ids: ordered),
                        DateRangeScreen(from: all.from, to: all.to, ids: ordered.filter { $0 != F.recordJanuary.id }),
                        DateRangeScreen(from: F.recordJanuary.startTime, to: F.recordJanuary.startTime,
                                        ids: [F.recordJanuary.id, F.recordDecember.id]),
                        DateRangeScreen(from: all.from, to: all.to, ids: ordered.reversed())]
        let mismatches = DateRangeScreen.mismatches(in: view, device: "device-1", atNanoseconds: 12_345_000_000)
        XCTAssertEqual(mismatches.map(\.screen), Array(view.screens.dropFirst()), "the screen equal to its list is no mismatch")
        var broken = world(views: ["device-1": view])
        broken.screenMismatches = mismatches
        let found = MinutaDateRangeChecker().check(broken, history: History())
        XCTAssertEqual(found.map(\.invariant), ["date-range-view"])
        XCTAssertEqual(found.first?.entities.map(\.entity), ["record 11111111", "record 22222222", "order or repeats"])
        XCTAssertEqual(found.first?.entities.map(\.actual).prefix(2), ["missing", "shown"])
        XCTAssertEqual(found.first?.entities.first?.location, "device-1 range 2025-12-06T05:46Z...2026-01-01T20:40Z at 12.345 s")
        XCTAssertEqual(MinutaDateRangeChecker().check(world(views: ["device-1": view]), history: History()), [],
                       "only mismatches recorded while no file changed are judged")
    }

    func testNoLossReportsAMissingLegacyRecordAndALostSequentialEdit() {
        var view = F.view
        view.records.removeAll { $0.id == F.recordDecember.id }
        let edit = F.entry(0, device: "device-1", .record, F.recordJanuary.id, .edit, [("comment", "edited")])
        let found = MinutaNoLossChecker().check(world(views: ["device-1": view], ledger: [edit]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 22222222" && $0.actual == "missing" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 11111111 comment" && $0.expected == "edited" && $0.actual == "standup" }, "\(found)")
    }

    /// A `StopTimerIntent` that returned stopped every timer its device could see: a legacy running
    /// record once the first barrier passed, and a timer started before the intent (an earlier
    /// epoch, or earlier on the intent's device); a timer started concurrently elsewhere may run on.
    func testNoLossReportsATimerAStopTimerIntentThatReturnedLeftRunning() {
        var legacyTimer = F.recordDecember
        legacyTimer.endTime = nil
        let siriTimer = Minuta.TimeRecord(id: "44444444-0000-4000-8000-000000000004", startTime: 1_767_400_000_000,
                                          endTime: nil, tagId: nil, comment: nil, images: [])
        let dataset = MinutaDataset(tags: F.dataset.tags, records: [F.recordJanuary, legacyTimer])
        let view = MinutaView(tags: dataset.tags, records: dataset.records + [siriTimer])
        let started = F.entry(0, device: "device-2", epoch: 0, .record, siriTimer.id, .create, [])
        func stop(_ id: Int, on device: String, epoch: Int) -> LedgerEntry<MinutaEdit> {
            F.entry(id, device: device, epoch: epoch, .record, "*", .edit, [("endTime", "*")], status: .failed)
        }
        func stillRunning(_ ledger: [LedgerEntry<MinutaEdit>]) -> [String] {
            let world = MinutaWorld(dataset: dataset, ledger: OperationLedger(entries: ledger), devices: ["device-1"], views: ["device-1": view],
                                    deviceFiles: [:], liveDocuments: [:])
            return MinutaNoLossChecker().check(world, history: History()).flatMap(\.entities).map(\.entity).filter { $0.hasSuffix("endTime") }
        }
        XCTAssertEqual(stillRunning([started]), [], "no intent stopped anything")
        XCTAssertEqual(stillRunning([started, stop(1, on: "device-1", epoch: 1)]), ["record 22222222 endTime", "record 44444444 endTime"])
        XCTAssertEqual(stillRunning([started, stop(1, on: "device-1", epoch: 0)]), [],
                       "before the first barrier: the migrated history and the other device's timer may not be there yet")
        XCTAssertEqual(stillRunning([started, stop(1, on: "device-2", epoch: 0)]), ["record 44444444 endTime"],
                       "the timer its own device started before it")
        XCTAssertEqual(stillRunning([started, F.entry(1, device: "device-1", epoch: 1, .record, "*", .edit, [("endTime", "*")],
                                                      status: .invoked)]), [], "an intent that did not return promised nothing")
        var move = F.entry(2, device: "device-2", epoch: 1, .record, legacyTimer.id, .edit, [("startTime", "1")])
        move.action.movesMonth = true
        XCTAssertEqual(stillRunning([started, stop(1, on: "device-1", epoch: 1), move]), ["record 44444444 endTime"],
                       "a move concurrent with the intent may bring the running copy back")
        let found = MinutaNoLossChecker().check(MinutaWorld(dataset: dataset, ledger: OperationLedger(entries: [started, stop(1, on: "device-1", epoch: 1)]),
                                                            devices: ["device-1"], views: ["device-1": view], deviceFiles: [:], liveDocuments: [:]),
                                                history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertEqual(found.first?.entities.first { $0.entity == "record 44444444 endTime" }?.expected,
                       "stopped by the StopTimerIntent of operation 1 on device-1")
    }

    /// A `StopTimerIntent` that returned an end before the timer's start (its device's clock runs
    /// behind the one that started it) is reported; an end at the start, or an intent that never
    /// returned, is not.
    func testNoLossReportsATimerAStopTimerIntentEndedBeforeItsStart() {
        let start: Int64 = 1_767_400_000_000
        func stopped(end: Int64, status: OperationStatus = .ok) -> LedgerEntry<MinutaEdit> {
            var entry = F.entry(3, device: "device-1", epoch: 2, .record, F.recordJanuary.id, .edit, [("endTime", String(end))], status: status)
            entry.action.stoppedTimerStart = start
            return entry
        }
        func reported(_ entry: LedgerEntry<MinutaEdit>) -> [EntityDiff] {
            MinutaNoLossChecker().check(world(views: ["device-1": F.view], ledger: [entry]), history: History())
                .flatMap(\.entities).filter { $0.location.hasPrefix("StopTimerIntent") }
        }
        let found = reported(stopped(end: start - 600_000))
        XCTAssertEqual(found.map(\.entity), ["record 11111111 endTime"])
        XCTAssertEqual(found.first?.location, "StopTimerIntent of operation 3 on device-1")
        XCTAssertEqual(found.first?.expected, "at or after the start \(start)")
        XCTAssertEqual(found.first?.actual, "\(start - 600_000) (600 s before the start)")
        XCTAssertEqual(reported(stopped(end: start)), [], "a timer stopped at its start has a zero duration")
        XCTAssertEqual(reported(stopped(end: start - 1, status: .indeterminate)), [], "an intent cut off returned nothing")
    }

    /// A comment acknowledged before a settle with every device online is on the device that then
    /// moves the record: a move that drops it lost it (the move is not concurrent with it). Without
    /// that settle between them, the move's delete may win and the comment is exempt.
    func testAMoveAfterAnOnlineSettleMustKeepAnEarlierComment() {
        func entry(_ id: Int, _ device: String, settles: Int, _ fields: [(field: String, value: String)], moves: Bool) -> LedgerEntry<MinutaEdit> {
            let edit = MinutaEdit(entity: .record, entityId: F.recordJanuary.id, kind: .edit, fields: fields,
                                  movesMonth: moves, onlineSettles: settles)
            return LedgerEntry(id: id, device: device, action: edit, status: .ok)
        }
        let comment = entry(0, "device-2", settles: 0, [(field: "comment", value: "edited")], moves: false)
        func reported(moveAfterSettles settles: Int) -> [String] {
            let move = entry(1, "device-1", settles: settles, [(field: "startTime", value: "\(F.recordJanuary.startTime)")], moves: true)
            let lost = world(views: ["device-1": F.view], ledger: [comment, move])  // the view still says "standup"
            return (MinutaNoLossChecker().check(lost, history: History()) + MinutaNoLostUpdateChecker().check(lost, history: History()))
                .flatMap(\.entities).map(\.entity)
        }
        XCTAssertEqual(reported(moveAfterSettles: 0), [], "concurrent with the move: exempt")
        XCTAssertTrue(reported(moveAfterSettles: 1).contains("record 11111111 comment"), "\(reported(moveAfterSettles: 1))")
    }

    /// The ledger the checkers read is the run's history: an acknowledged edit must survive, an
    /// edit cut off by a kill may be missing, a resolved wildcard is no edit at all.
    func testTheLedgerIsReadFromTheHistory() {
        let history = History()
        func write(_ id: String, _ field: String, _ value: String) -> LedgerPayload<MinutaEdit> {
            LedgerPayload(MinutaEdit(entity: .record, entityId: id, kind: .edit, fields: [(field: field, value: value)]), epoch: 0)
        }
        let acked = history.invoke(process: "device-1", name: MinutaEdit.operationName, payload: write(F.recordJanuary.id, "comment", "edited"), at: 0)
        history.complete(acked, .ok, at: 1)
        history.invoke(process: "device-2", name: "sync", at: 1)  // not an edit
        history.invoke(process: "device-2", name: MinutaEdit.operationName, payload: write(F.recordDecember.id, "tagId", F.tagB.id), at: 2)
        let wildcard = history.invoke(process: "device-1", name: MinutaEdit.operationName, payload: write("*", "endTime", "*"), at: 3)
        history.complete(wildcard, .failed, at: 4)
        history.interruptAll(process: "device-2", at: 5)

        let ledger = OperationLedger<MinutaEdit>(history: history).entries
        XCTAssertEqual(ledger.map(\.id), [0, 2, 3])
        XCTAssertEqual(ledger.map(\.device), ["device-1", "device-2", "device-1"])
        XCTAssertEqual(ledger.map(\.status), [.ok, .indeterminate, .failed])
        XCTAssertEqual(ledger.map(\.mayHaveLanded), [true, true, false])
        XCTAssertTrue(ledger[0].precedes(ledger[2]) && ledger[0].isConcurrent(with: ledger[1]))
        // The cut-off tag edit of another record on device-2 is not required: it may be missing.

        let found = MinutaNoLossChecker().check(world(views: ["device-1": F.view], ledger: ledger), history: history)
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertEqual(found[0].entities.map(\.entity), ["record 11111111 comment"], "only the acknowledged edit must survive: \(found)")
    }

    /// An edit the app refused as "deleted elsewhere" is reported unless someone asked to delete
    /// that record; the refusal is read from the edit's completion in the history (a kill's cut
    /// and any other error carry none that counts).
    func testNoSpuriousRefusalReportsARefusedEditOfALiveRecord() {
        let history = History()
        func edit(_ device: String, _ id: String, _ kind: MinutaEdit.Kind = .edit) -> Int {
            history.invoke(process: device, name: MinutaEdit.operationName, payload:
                LedgerPayload(MinutaEdit(entity: .record, entityId: id, kind: kind, fields: kind == .edit ? [(field: "comment", value: "x")] : []), epoch: 0), at: 0)
        }
        let live = edit("device-2", F.recordJanuary.id)
        history.complete(live, .indeterminate, result: MinutaEdit.Refusal.deletedElsewhere, at: 1)
        let gone = edit("device-2", F.recordNewYear.id)
        history.complete(gone, .indeterminate, result: MinutaEdit.Refusal.deletedElsewhere, at: 1)
        history.complete(edit("device-1", F.recordNewYear.id, .delete), .ok, at: 1)
        history.complete(edit("device-2", F.recordDecember.id), .indeterminate, result: MinutaEdit.Refusal.other("Document corrupted"), at: 1)
        _ = edit("device-1", F.recordDecember.id)
        history.interruptAll(process: "device-1", at: 2)

        let ledger = OperationLedger<MinutaEdit>(history: history).entries
        XCTAssertEqual(ledger.map(\.refusal), [.deletedElsewhere, .deletedElsewhere, nil, .other("Document corrupted"), nil])
        let found = MinutaNoSpuriousRefusalChecker().check(world(views: ["device-1": F.view], ledger: ledger), history: history)
        XCTAssertEqual(found.map(\.invariant), ["no-spurious-refusal"])
        XCTAssertEqual(found.first?.entities.map(\.entity), ["record 11111111 (edit #\(live))"], "\(found)")
        XCTAssertEqual(found.first?.entities.first?.location, "device-2")
    }

    func testNoLostUpdateReportsAConcurrentFieldEditAndAnImageAddThatVanished() {
        let comment = F.entry(0, device: "device-1", .record, F.recordJanuary.id, .edit, [("comment", "from one")])
        let tag = F.entry(1, device: "device-2", .record, F.recordJanuary.id, .edit, [("tagId", F.tagB.id)])
        let image = F.entry(2, device: "device-2", .record, F.recordJanuary.id, .edit, [("image+", "b.jpg")])
        var view = F.view
        view.records[0].tagId = F.tagB.id  // the comment edit and the image add are gone
        let found = MinutaNoLostUpdateChecker().check(world(views: ["device-1": view], ledger: [comment, tag, image]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-lost-update"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 11111111 comment" && $0.actual == "standup" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 11111111 image b.jpg" && $0.actual == "missing" }, "\(found)")
    }

    func testNoResurrectionReportsADeletedRecordThatIsBack() {
        let delete = F.entry(0, device: "device-1", .record, F.recordNewYear.id, .delete, [])
        let found = MinutaNoResurrectionChecker().check(world(views: ["device-1": F.view], ledger: [delete]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-resurrection"])
        XCTAssertEqual(found[0].entities.first?.entity, "record 33333333")
    }

    func testFileLayoutReportsARecordInTwoMonthsAndInTheWrongMonth() {
        let december = F.monthDocument([F.recordNewYear])
        let january = F.monthDocument([F.recordNewYear], actor: "bb")  // Dec 31 23:30 UTC filed in January (UTC+1)
        let found = MinutaFileLayoutChecker().check(
            world(views: ["device-1": F.view], files: ["device-1": [("records/2025/12.automerge", december), ("records/2026/01.automerge", january)]]),
            history: History())
        XCTAssertEqual(found.map(\.invariant), ["file-layout"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 33333333" && $0.actual == "records/2026/01.automerge" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity == "record 33333333" && $0.expected == "in 1 month document" }, "\(found)")
    }

    func testNoDuplicateReportsARecordShownTwice() {
        var view = F.view
        view.records.append(F.recordJanuary)
        let found = MinutaNoDuplicateChecker().check(world(views: ["device-1": view]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-duplicate"])
        XCTAssertEqual(found[0].entities.first?.entity, "record 11111111-0000-4000-8000-000000000001")
        XCTAssertEqual(found[0].entities.first?.actual, "2")
    }

    func testMergeLawsReportsANonCommutativeMerge() {
        let a = F.monthDocument([F.recordJanuary], actor: "aa")
        var changed = F.recordJanuary
        changed.comment = "other"
        let b = F.monthDocument([changed], actor: "bb")
        // A broken merge: the argument's state replaces the receiver's (last writer wins by order).
        var checker = MinutaMergeLawsChecker()
        checker.merge = { target, other in
            for key in try target.keys(obj: .ROOT) { try target.delete(obj: .ROOT, key: key) }
            for record in Minuta.AutomergeTimeRecord.all(in: other) {
                _ = try Minuta.AutomergeTimeRecord.create(in: target, at: .ROOT, record: record, recreateImages: false)
            }
        }
        let found = checker.check(world(views: ["device-1": F.view], live: ["records/2026/01.automerge": [a, b]]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["merge-laws"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "records/2026/01.automerge commutativity" }, "\(found)")
        XCTAssertEqual(MinutaMergeLawsChecker().check(world(views: ["device-1": F.view], live: ["records/2026/01.automerge": [a, b]]), history: History()), [])
    }

    /// A merge that throws is reported (once per document), and so is a version that does not
    /// load, not skipped: such a document keeps its conflict copy forever.
    func testMergeLawsReportsAMergeThatThrows() {
        struct Refused: Error {}
        let a = F.monthDocument([F.recordJanuary], actor: "aa")
        var changed = F.recordJanuary
        changed.comment = "other"
        let b = F.monthDocument([changed], actor: "bb")
        var checker = MinutaMergeLawsChecker()
        checker.merge = { _, _ in throw Refused() }
        let found = checker.check(world(views: ["device-1": F.view], live: ["records/2026/01.automerge": [a, b]]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["merge-laws"])
        XCTAssertEqual(found.first?.entities.map(\.entity), ["records/2026/01.automerge merge"], "\(found)")
        XCTAssertEqual(found.first?.entities.first?.expected, "merges")

        let unloadable = MinutaMergeLawsChecker().check(world(views: ["device-1": F.view], live: ["records/2026/01.automerge": [a, b, [1, 2, 3]]]),
                                                        history: History())
        XCTAssertEqual(unloadable.first?.entities.map(\.entity), ["records/2026/01.automerge load"], "\(unloadable)")
    }
}
