import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-spurious-refusal: an edit the app refused because the record was "deleted elsewhere" names
/// a record that someone did delete (an edit that asked for the delete, whether or not it landed).
/// The refusal is the fixed app's guard against re-creating a deleted record; refusing an edit
/// of a record that still lives loses the user's edit while the app says the record is gone
/// (an independent review found it: a record moved into a month file another device has not
/// downloaded yet, an iCloud placeholder, looked deleted there).
struct MinutaNoSpuriousRefusalChecker: InvariantChecker {
    let name = "no-spurious-refusal"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        let deleted = Set(world.ledger.filter { $0.kind == .delete }.map { "\($0.entity) \($0.entityId)" })
        var diffs: [EntityDiff] = []
        for entry in world.ledger where entry.refusal == .deletedElsewhere {
            precondition(entry.status == .indeterminate, "a refused edit ends indeterminate")
            guard !deleted.contains("\(entry.entity) \(entry.entityId)") else { continue }
            diffs.append(EntityDiff(entity: "\(entry.entity) \(entry.entityId.prefix(8)) (edit #\(entry.id))", location: entry.device,
                                    expected: "edit applied (nobody deleted the record)", actual: "refused: deleted elsewhere"))
        }
        return ViolationReport.of(name, diffs) { "\($0) edits of records nobody deleted were refused as deleted elsewhere" }
    }
}
