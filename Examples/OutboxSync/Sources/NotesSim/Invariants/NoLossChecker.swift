import SimCore
import SimHarness

/// no-loss: every note the app confirmed to its user is on the server with the text it last
/// confirmed — the shared `NoLossCheck` over the run's operation ledger and the server's notes
/// (Jepsen's model: what the client was told against what the server decided; a note on the
/// phone alone is not enough, the phone may have lost it too).
struct NoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: NotesWorld, history: History) -> [Violation] {
        let lost = NoLossCheck.diffs(world.snapshot, expect: WriteExpectations(world.ledger),
                                     at: "server", collection: "note", fields: ["text"])
        let confirmed = Set(world.ledger.acknowledged.flatMap { $0.action.writes.map(\.key) }).count
        return ViolationReport.of(name, lost, limit: 5) { "\($0) of the \(confirmed) notes the app confirmed are not on the server as confirmed" }
    }
}
