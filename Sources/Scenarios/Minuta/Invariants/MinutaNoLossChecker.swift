import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-loss: on every device, every legacy tag and record survives the migration field for field,
/// every acknowledged create is there, and every acknowledged edit made without a concurrent
/// write to the same entity survives unless a causally later write replaced it. (A lost edit that
/// had a concurrent write is no-lost-update's.) Bug zoo MI-1, MI-6, MI-15, MI-16, MI-22.
struct MinutaNoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        let expect = MinutaExpectations(world: world)
        var diffs: [EntityDiff] = []
        for device in world.devices {
            guard let view = world.views[device] else {
                diffs.append(EntityDiff(entity: "app view", location: device, expected: "loaded", actual: "never loaded"))
                continue
            }
            diffs += records(world, expect, view, device) + tags(world, expect, view, device)
        }
        return ViolationReport.of(name, diffs) { "\($0) legacy values or acknowledged writes are gone" }
    }

    func records(_ world: MinutaWorld, _ expect: MinutaExpectations, _ view: MinutaView, _ device: String) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        let legacy = Dictionary(world.dataset.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ids = Set(legacy.keys).union(world.ledger.filter { $0.entity == .record && $0.kind == .create }.map(\.entityId))
        for id in ids.sorted() {
            let found = view.records.first { $0.id == id }
            guard let record = found else {
                if expect.mustExist(.record, id, legacy: legacy[id] != nil) {
                    diffs.append(EntityDiff(entity: "record \(id.prefix(8))", location: device, expected: "present", actual: "missing"))
                }
                continue
            }
            for field in ["startTime", "endTime", "tagId", "comment"] {
                guard let (values, required) = expect.allowed(.record, id, field: field, legacy: legacy[id]?.ledgerValue(field)),
                      let actual = record.ledgerValue(field), !values.contains(actual), !expect.hadConcurrentWrite(required) else { continue }
                diffs.append(EntityDiff(entity: "record \(id.prefix(8)) \(field)", location: device,
                                        expected: values.sorted().joined(separator: " or "), actual: actual))
            }
        }
        return diffs
    }

    func tags(_ world: MinutaWorld, _ expect: MinutaExpectations, _ view: MinutaView, _ device: String) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        let legacy = Dictionary(world.dataset.tags.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ids = Set(legacy.keys).union(world.ledger.filter { $0.entity == .tag && $0.kind == .create }.map(\.entityId))
        for id in ids.sorted() {
            guard let tag = view.tags.first(where: { $0.id == id }) else {
                if expect.mustExist(.tag, id, legacy: legacy[id] != nil) {
                    diffs.append(EntityDiff(entity: "tag \(id.prefix(8))", location: device, expected: "present", actual: "missing"))
                }
                continue
            }
            for field in ["name", "color", "isArchived", "createdAt"] {
                guard let (values, required) = expect.allowed(.tag, id, field: field, legacy: legacy[id]?.ledgerValue(field)),
                      let actual = tag.ledgerValue(field), !values.contains(actual), !expect.hadConcurrentWrite(required) else { continue }
                diffs.append(EntityDiff(entity: "tag \(id.prefix(8)) \(field)", location: device,
                                        expected: values.sorted().joined(separator: " or "), actual: actual))
            }
        }
        return diffs
    }
}
