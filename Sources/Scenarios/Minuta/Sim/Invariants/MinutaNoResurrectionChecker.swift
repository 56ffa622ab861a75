import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-resurrection: a record or tag whose delete the app acknowledged is on no device afterwards
/// (a concurrent edit elsewhere does not bring it back, nor does a re-run migration, nor a copy
/// left in another month). Bug zoo MI-12, MI-16.
struct MinutaNoResurrectionChecker: InvariantChecker {
    let name = "no-resurrection"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        let expect = MinutaExpectations(world: world)
        var diffs: [EntityDiff] = []
        for device in world.devices {
            guard let view = world.views[device] else { continue }
            for id in Set(view.records.map(\.id)).sorted() where expect.isDeleted(.record, id) {
                diffs.append(EntityDiff(entity: "record \(id.prefix(8))", location: device, expected: "deleted", actual: "present"))
            }
            for id in Set(view.tags.map(\.id)).sorted() where expect.isDeleted(.tag, id) {
                diffs.append(EntityDiff(entity: "tag \(id.prefix(8))", location: device, expected: "deleted", actual: "present"))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) deleted entities are back" }
    }
}
