import FakeCloud
import SimCore
import SimHarness

/// idempotent-retry: whatever was retried, resumed or rolled back, each account ends as a
/// fault-free run leaves it — every entity of a migrated device exactly once, of a device handed
/// to another account at most once — counted by name, with the number of creates the write log
/// holds for each name that is off.
struct IdempotentRetryChecker: InvariantChecker {
    let name = "idempotent-retry"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        let migrated = Set(world.migratedDevices.map(\.name))
        for label in world.users.keys.sorted() {
            let rows = world.rows(label)
            var actual: [String: Int] = [:]
            for row in rows.all { if let key = ServerRows.contentKey(row) { actual[key, default: 0] += 1 } }
            for device in world.devices where device.owner == label {
                let exact = migrated.contains(device.name)
                for key in device.local.contentKeys.sorted() {
                    let count = actual[key] ?? 0
                    guard exact ? count != 1 : count > 1 else { continue }
                    diffs.append(EntityDiff(entity: key, location: "account \(label)", expected: exact ? "1" : "at most 1",
                                            actual: "\(count) (creates: \(creates(world, key, label)))"))
                }
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) entities are not on the server as one fault-free migration leaves them" }
    }

    private func creates(_ world: StoriesWorld, _ key: String, _ label: String) -> Int {
        world.admin.writes.filter { $0.kind == .create && $0.userId == world.users[label] && $0.row.flatMap(ServerRows.contentKey) == key }.count
    }
}
