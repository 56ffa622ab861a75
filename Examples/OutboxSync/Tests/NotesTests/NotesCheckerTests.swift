@testable import NotesSim
import SimCore
import SimHarness
import XCTest

/// Each checker of the example fires on a world built to break it, and stays quiet on one that
/// holds (a checker that has never fired is not a checker).
final class NotesCheckerTests: XCTestCase {
    /// The phone holds notes 1 and 2; the server holds `server`.
    func world(server: [String: String], outbox: [String] = [], pending: [String] = []) -> NotesWorld {
        var snapshot = EntitySnapshot()
        snapshot.add("phone", "note", [.init(key: "note-1", text: "one"), .init(key: "note-2", text: "two")])
        snapshot.add("server", "note", server.keys.sorted().map { .init(key: $0, text: server[$0]!) })
        return NotesWorld(snapshot: snapshot, devices: ["phone"], outboxes: ["phone": outbox], healing: HealingOutcome(pending: pending))
    }

    func testNoLossReportsANoteMissingOrChangedOnTheServer() {
        let found = NoLossChecker().check(world(server: ["note-1": "one", "note-2": "TWO"]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertEqual(found.first?.entities.first?.entity, "note note-2")
        XCTAssertEqual(NoLossChecker().check(world(server: ["note-1": "one", "note-2": "two", "note-3": "three"]), history: History()), [])
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
