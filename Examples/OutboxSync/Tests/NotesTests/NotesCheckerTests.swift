@testable import NotesSim
import SimCore
import SimHarness
import XCTest

/// Each checker of the example fires on a world built to break it, and stays quiet on one that
/// holds (a checker that has never fired is not a checker).
final class NotesCheckerTests: XCTestCase {
    /// The app confirmed notes 1 and 2 (and note 3's write was cut off by a kill); the phone
    /// holds notes 1 and 2; the server holds `server`.
    func world(server: [String: String], outbox: [String] = [], pending: [String] = []) -> NotesWorld {
        let ledger = OperationLedger(entries: [
            LedgerEntry(id: 0, device: "phone", action: NoteAction.write(noteID: "note-1", text: "one"), status: .ok),
            LedgerEntry(id: 1, device: "phone", action: NoteAction.write(noteID: "note-2", text: "two"), status: .ok),
            LedgerEntry(id: 2, device: "phone", action: NoteAction.write(noteID: "note-3", text: "three"), status: .indeterminate),
        ])
        var snapshot = EntitySnapshot()
        snapshot.add("phone", "note", [.init(key: "note-1", fields: ["text": "one"]), .init(key: "note-2", fields: ["text": "two"])])
        snapshot.add("server", "note", server.keys.sorted().map { .init(key: $0, fields: ["text": server[$0]!]) })
        return NotesWorld(ledger: ledger, snapshot: snapshot, devices: ["phone"], outboxes: ["phone": outbox], healing: HealingOutcome(pending: pending))
    }

    func testNoLossReportsAConfirmedNoteMissingOrChangedOnTheServer() {
        let changed = NoLossChecker().check(world(server: ["note-1": "one", "note-2": "TWO"]), history: History())
        XCTAssertEqual(changed.map(\.invariant), ["no-loss"])
        XCTAssertEqual(changed.first?.entities.map(\.entity), ["note note-2 text"])
        XCTAssertEqual(changed.first?.message, "1 of the 2 notes the app confirmed are not on the server as confirmed")
        let missing = NoLossChecker().check(world(server: ["note-2": "two"]), history: History())
        XCTAssertEqual(missing.first?.entities.map(\.entity), ["note note-1"])
        XCTAssertEqual(NoLossChecker().check(world(server: ["note-1": "one", "note-2": "two"]), history: History()), [],
                       "note 3's write was cut off: it may be missing")
    }

    func testEventualCompletionReportsAChangeLeftInTheOutboxAndUnsettledHealing() {
        let found = EventualCompletionChecker().check(world(server: [:], outbox: ["note-2"], pending: ["phone not settled after 3 reopens: 1 changes still in the outbox"]),
                                                      history: History())
        XCTAssertEqual(found.map(\.invariant), ["eventual-completion"])
        XCTAssertEqual(found.first?.kind, .liveness)
        XCTAssertEqual(found.first?.entities.count, 2, "the pending healing reason and the change")
        XCTAssertEqual(EventualCompletionChecker().check(world(server: [:]), history: History()), [])
    }
}
