import FakeCloud
import SimCore
import SimHarness

/// rollback-safety: a device deletes only rows it created (never another device's, the web's, or
/// the account's earlier data: the write log's creator of each deleted row), and a rollback that
/// says it is done has removed every row of the entities it reset.
struct RollbackSafetyChecker: InvariantChecker {
    let name = "rollback-safety"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var creator: [String: String] = [:]
        var diffs: [EntityDiff] = []
        for write in world.admin.writes {
            if write.kind == .create { creator[write.id] = write.device; continue }
            guard [.delete, .bulkDelete, .cascadeDelete].contains(write.kind), let made = creator[write.id], made != write.device else { continue }
            diffs.append(EntityDiff(entity: "\(write.collection) \(write.id.suffix(6))", location: "deleted by \(write.device) (\(write.kind.rawValue))",
                                    expected: "kept (created by \(made))", actual: "deleted"))
        }
        for device in world.devices {
            for leftovers in device.report.rollbackLeftovers {
                diffs += leftovers.map { EntityDiff(entity: $0.entity, location: "\(device.name) rollback", expected: $0.expected, actual: $0.actual) }
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) rows a rollback removed without having created them, or left behind" }
    }
}
