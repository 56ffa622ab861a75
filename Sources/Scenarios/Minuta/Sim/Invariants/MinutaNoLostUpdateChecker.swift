import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// no-lost-update: acknowledged edits made concurrently with other writes to the same record or
/// tag (another device, same epoch) all survive unless a causally later write replaced them —
/// different fields both kept, one of two same-field values kept — and every acknowledged image
/// add is on the record unless a remove not before it exists (and a removed image stays
/// removed). Bug zoo MI-9, and MI-1/MI-15 when the lost edit was concurrent.
struct MinutaNoLostUpdateChecker: InvariantChecker {
    let name = "no-lost-update"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        let expect = MinutaExpectations(world: world)
        let snapshot = world.snapshot
        var diffs: [EntityDiff] = []
        let legacy = Dictionary(world.dataset.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for device in world.devices {
            guard let view = world.views[device] else { continue }
            let shown = Dictionary(view.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            // Scalar fields: the shared check. Images are set-valued: Minuta's own rule.
            diffs += NoLostUpdateCheck.diffs(snapshot, expect: expect.writes, at: device, collection: "record", fields: MinutaWorld.recordFields,
                                             baseline: "legacy", display: { String($0.prefix(8)) }) { entity in
                images(shown[entity.key]!, expect.images(entity.key, legacy: legacy[entity.key]?.images ?? []), device)
            }
            diffs += NoLostUpdateCheck.diffs(snapshot, expect: expect.writes, at: device, collection: "tag",
                                             fields: ["name", "color", "isArchived"], baseline: "legacy") { String($0.prefix(8)) }
        }
        return ViolationReport.of(name, diffs) { "\($0) concurrent edits or image adds were lost" }
    }

    /// The record's images that must be there and are not, and those that must not and are.
    func images(_ record: Minuta.TimeRecord, _ expected: (present: Set<String>, absent: Set<String>), _ device: String) -> [EntityDiff] {
        expected.present.sorted().filter { !record.images.contains($0) }.map {
            EntityDiff(entity: "record \(record.id.prefix(8)) image \($0)", location: device, expected: "present", actual: "missing")
        } + expected.absent.sorted().filter { record.images.contains($0) }.map {
            EntityDiff(entity: "record \(record.id.prefix(8)) image \($0)", location: device, expected: "removed", actual: "present")
        }
    }
}
