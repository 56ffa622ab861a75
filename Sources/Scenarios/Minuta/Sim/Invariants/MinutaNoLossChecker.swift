import AppPorts
import CRDT
import SimCore
import SimHarness

/// no-loss: on every device (the shared no-loss over the edits' ledger and the legacy data), every legacy tag and record survives the migration field for field,
/// every acknowledged create is there, and every acknowledged edit made without a concurrent
/// write to the same entity survives unless a causally later write replaced it. (A lost edit that
/// had a concurrent write is no-lost-update's.) A `StopTimerIntent` that returned stopped every
/// timer it could see, none before its start. Bug zoo MI-1, MI-6, MI-15, MI-16, MI-22.
struct MinutaNoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        let expect = MinutaExpectations(world: world)
        let snapshot = world.snapshot
        var diffs: [EntityDiff] = []
        for device in world.devices {
            guard let view = world.views[device] else {
                diffs.append(EntityDiff(entity: "app view", location: device, expected: "loaded", actual: "never loaded"))
                continue
            }
            for (collection, fields) in [("record", MinutaWorld.recordFields), ("tag", MinutaWorld.tagFields)] {
                diffs += NoLossCheck.diffs(snapshot, expect: expect.writes, at: device, collection: collection,
                                           fields: fields, baseline: "legacy") { String($0.prefix(8)) }
            }
            diffs += stoppedTimers(world, expect, view, device)
        }
        diffs += stoppedBeforeStart(world)
        return ViolationReport.of(name, diffs) { "\($0) legacy values or acknowledged writes are gone" }
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
                (started.map { $0.precedes(stop) } ?? (stop.epoch > 0)) && !moves.contains { $0.isConcurrent(with: stop) }
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
            guard entry.status == .ok, let start = entry.stoppedTimerStart,
                  let end = entry.fields.first(where: { $0.field == "endTime" }).flatMap({ Int64($0.value) }), end < start
            else { return nil }
            return EntityDiff(entity: "record \(entry.entityId.prefix(8)) endTime",
                              location: "StopTimerIntent of operation \(entry.id) on \(entry.device)",
                              expected: "at or after the start \(start)", actual: "\(end) (\((start - end) / 1000) s before the start)")
        }
    }
}
