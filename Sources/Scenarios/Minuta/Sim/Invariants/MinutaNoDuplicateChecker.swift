import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-duplicate: no device shows a record id or a tag id twice (a record left in its old month
/// after a move, or filed in two months by two devices, shows up twice). Bug zoo MI-12, MI-13.
struct MinutaNoDuplicateChecker: InvariantChecker {
    let name = "no-duplicate"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        var snapshot = EntitySnapshot()
        for device in world.devices {
            guard let view = world.views[device] else { continue }
            snapshot.add(device, "record", view.records.map { EntitySnapshot.Entity(key: $0.id) })
            snapshot.add(device, "tag", view.tags.map { EntitySnapshot.Entity(key: $0.id) })
        }
        return ViolationReport.of(name, DuplicateCheck.diffs(snapshot, collections: ["record", "tag"])) { "\($0) ids are shown more than once" }
    }
}
