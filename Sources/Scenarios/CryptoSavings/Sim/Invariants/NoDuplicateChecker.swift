import SimCore
import SimHarness

/// no-duplicate: on every device, the rows the app shows hold each stable id once and each
/// natural key once (one allocation per (asset, goal), one plan per (goal, month), one execution
/// record and one completed execution per month).
struct NoDuplicateChecker: InvariantChecker {
    let name = "no-duplicate"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var snapshot = EntitySnapshot()
        for device in world.devices {
            for keyed in device.keyed {
                snapshot.add(device.name, "\(keyed.entity) by id", [EntitySnapshot.Entity(key: keyed.idKey)])
                snapshot.add(device.name, "\(keyed.entity) by natural key", [EntitySnapshot.Entity(key: keyed.naturalKey)])
            }
        }
        return ViolationReport.of(name, DuplicateCheck.diffs(snapshot)) { "\($0) keys shown more than once on a device" }
    }
}
