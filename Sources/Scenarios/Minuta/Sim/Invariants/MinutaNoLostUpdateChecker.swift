import AppPorts
import CRDT
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
        var diffs: [EntityDiff] = []
        let legacy = Dictionary(world.dataset.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let legacyTags = Dictionary(world.dataset.tags.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for device in world.devices {
            guard let view = world.views[device] else { continue }
            for record in view.records.sorted(by: { $0.id < $1.id }) {
                for field in ["startTime", "endTime", "tagId", "comment"] {
                    guard let (values, required) = expect.allowed(.record, record.id, field: field, legacy: legacy[record.id]?.ledgerValue(field)),
                          let actual = record.ledgerValue(field), !values.contains(actual), expect.hadConcurrentWrite(required) else { continue }
                    diffs.append(EntityDiff(entity: "record \(record.id.prefix(8)) \(field)", location: device,
                                            expected: values.sorted().joined(separator: " or "), actual: actual))
                }
                let (present, absent) = expect.images(record.id, legacy: legacy[record.id]?.images ?? [])
                for name in present.sorted() where !record.images.contains(name) {
                    diffs.append(EntityDiff(entity: "record \(record.id.prefix(8)) image \(name)", location: device, expected: "present", actual: "missing"))
                }
                for name in absent.sorted() where record.images.contains(name) {
                    diffs.append(EntityDiff(entity: "record \(record.id.prefix(8)) image \(name)", location: device, expected: "removed", actual: "present"))
                }
            }
            for tag in view.tags.sorted(by: { $0.id < $1.id }) {
                for field in ["name", "color", "isArchived"] {
                    guard let (values, required) = expect.allowed(.tag, tag.id, field: field, legacy: legacyTags[tag.id]?.ledgerValue(field)),
                          let actual = tag.ledgerValue(field), !values.contains(actual), expect.hadConcurrentWrite(required) else { continue }
                    diffs.append(EntityDiff(entity: "tag \(tag.id.prefix(8)) \(field)", location: device,
                                            expected: values.sorted().joined(separator: " or "), actual: actual))
                }
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) concurrent edits or image adds were lost" }
    }
}
