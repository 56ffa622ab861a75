import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// convergence: after healing, every device shows the same tags and records (every field), no
/// conflict copy is left on any device or on the server, no hidden conflict version (iCloud) is
/// left unresolved, and healing reached a fixpoint with the folder in sync. Bug zoo MI-1, MI-3,
/// MI-4, MI-13, MI-15.
/// Not the shared `ConvergenceCheck`: there is no server copy to converge to (a shared folder), and
/// conflict copies and hidden versions must be gone too.
struct MinutaConvergenceChecker: InvariantChecker {
    let name = "convergence"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        if let first = world.devices.first, let reference = world.views[first] {
            for device in world.devices.dropFirst() {
                guard let view = world.views[device] else { continue }
                diffs += compare(reference, first, view, device)
            }
        }
        for (location, files) in world.fileSets {
            for (path, _) in files where !MinutaWorld.isLegitimate(path) && !(path.split(separator: "/").last?.hasPrefix(".") ?? false) {
                diffs.append(EntityDiff(entity: "file \(path)", location: location, expected: "merged and removed", actual: "still there"))
            }
        }
        for hidden in world.hiddenVersions {
            diffs.append(EntityDiff(entity: "hidden versions of \(hidden.path)", location: "server",
                                    expected: "merged and resolved", actual: "\(hidden.count) unresolved"))
        }
        for reason in world.healing.pending {
            diffs.append(EntityDiff(entity: "healing", location: "all devices", expected: "settled", actual: reason))
        }
        return ViolationReport.of(name, diffs) { "\($0) differences between devices or unresolved copies after healing" }
    }

    func compare(_ reference: MinutaView, _ referenceName: String, _ view: MinutaView, _ device: String) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        let mine = Dictionary(view.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let theirs = Dictionary(reference.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for id in Set(mine.keys).union(theirs.keys).sorted() where mine[id] != theirs[id] {
            diffs.append(EntityDiff(entity: "record \(id.prefix(8))", location: "\(device) vs \(referenceName)",
                                    expected: describe(theirs[id]), actual: describe(mine[id])))
        }
        if view.tags.sorted(by: { $0.id < $1.id }) != reference.tags.sorted(by: { $0.id < $1.id }) {
            diffs.append(EntityDiff(entity: "tags", location: "\(device) vs \(referenceName)",
                                    expected: reference.tags.map { "\($0.id.prefix(8)) \($0.name)" }.sorted().joined(separator: ", "),
                                    actual: view.tags.map { "\($0.id.prefix(8)) \($0.name)" }.sorted().joined(separator: ", ")))
        }
        return diffs
    }

    func describe(_ record: Minuta.TimeRecord?) -> String {
        guard let record else { return "absent" }
        return "start=\(record.startTime) end=\(record.endTime.map { String($0) } ?? "-") tag=\(record.tagId?.prefix(8) ?? "-") comment=\(record.comment ?? "-") images=\(record.images)"
    }
}
