import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-loss: on every device, every legacy tag and record survives the migration field for field,
/// every acknowledged create is there, and every acknowledged edit made without a concurrent
/// write to the same entity survives unless a causally later write replaced it. (A lost edit that
/// had a concurrent write is no-lost-update's.) A `StopTimerIntent` that returned stopped every
/// timer it could see, none before its start. Bug zoo MI-1, MI-6, MI-15, MI-16, MI-22.
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
            diffs += records(world, expect, view, device) + tags(world, expect, view, device) + stoppedTimers(world, expect, view, device)
        }
        diffs += stoppedBeforeStart(world)
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

    /// Timers a `StopTimerIntent` that returned should have stopped and that still run: a legacy
    /// running record, when the intent ran after the first barrier (before it, the intent's device
    /// may not have the migrated history yet: `concurrent-migration`), or a timer whose start
    /// precedes the intent (an earlier epoch, or earlier on its device). The intent's ledger entry
    /// is the wildcard end-time edit, resolved `.failed` once the intent returned (the records it reports stopping are edits of their own). A timer
    /// moved to another month concurrently with the intent is exempt (the move's create may carry
    /// the running copy it was made from, as with any edit a concurrent move may drop).
    func stoppedTimers(_ world: MinutaWorld, _ expect: MinutaExpectations, _ view: MinutaView, _ device: String) -> [EntityDiff] {
        let stops = world.ledger.filter { $0.entityId == "*" && $0.status == .failed }
        guard !stops.isEmpty else { return [] }
        let legacy = Set(world.dataset.records.map(\.id))
        var diffs: [EntityDiff] = []
        for record in view.records where record.endTime == nil {
            let started = world.ledger.first { $0.entity == .record && $0.entityId == record.id && $0.kind == .create && $0.status == .ok }
            guard legacy.contains(record.id) || started != nil else { continue }
            let moves = expect.entries(.record, record.id).filter { $0.movesMonth && $0.mayHaveLanded }
            if let stop = stops.first(where: { stop in
                (started.map { $0.precedes(stop) } ?? (stop.write.epoch > 0)) && !moves.contains { $0.isConcurrent(with: stop) }
            }) {
                diffs.append(EntityDiff(entity: "record \(record.id.prefix(8)) endTime", location: device,
                                        expected: "stopped by the StopTimerIntent of operation \(stop.id) on \(stop.device)",
                                        actual: "running"))
            }
        }
        return diffs
    }

    /// Timers a `StopTimerIntent` ended before they started: the end it returned precedes the
    /// timer's start (a device whose clock runs behind the one that started the timer took its
    /// own clock as the end). The record then has a negative duration on every device.
    func stoppedBeforeStart(_ world: MinutaWorld) -> [EntityDiff] {
        world.ledger.compactMap { entry in
            guard entry.status == .ok, let start = entry.write.stoppedTimerStart,
                  let end = entry.fields.first(where: { $0.field == "endTime" }).flatMap({ Int64($0.value) }), end < start
            else { return nil }
            return EntityDiff(entity: "record \(entry.entityId.prefix(8)) endTime",
                              location: "StopTimerIntent of operation \(entry.id) on \(entry.device)",
                              expected: "at or after the start \(start)", actual: "\(end) (\((start - end) / 1000) s before the start)")
        }
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
