import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-duplicate: no device shows a record id or a tag id twice (a record left in its old month
/// after a move, or filed in two months by two devices, shows up twice). Bug zoo MI-12, MI-13.
struct MinutaNoDuplicateChecker: InvariantChecker {
    let name = "no-duplicate"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            guard let view = world.views[device] else { continue }
            diffs += duplicates(view.records.map(\.id), "record", device) + duplicates(view.tags.map(\.id), "tag", device)
        }
        guard !diffs.isEmpty else { return [] }
        let (shown, note) = cappedMinuta(diffs)
        return [Violation(invariant: name, message: "\(diffs.count) ids are shown more than once\(note)", entities: shown)]
    }

    func duplicates(_ ids: [String], _ label: String, _ device: String) -> [EntityDiff] {
        var counts: [String: Int] = [:]
        for id in ids { counts[id, default: 0] += 1 }
        return counts.keys.sorted().filter { counts[$0]! > 1 }.map {
            EntityDiff(entity: "\(label) \($0.prefix(8))", location: device, expected: "1", actual: "\(counts[$0]!)")
        }
    }
}
