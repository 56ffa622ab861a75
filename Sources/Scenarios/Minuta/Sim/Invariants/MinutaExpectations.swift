import AppPorts
import CRDT
import SimCore
import SimHarness

/// What the ledger and the legacy data allow each entity and field to look like at the end.
/// Shared by no-loss, no-lost-update and no-resurrection.
///
/// A field's final value must come from a write that no acknowledged write of that field
/// causally follows (the legacy value counts as a write before everything). An acknowledged edit
/// concurrent with a move of its record to another month is exempt: a move deletes the old
/// copy, and as in Automerge a delete wins over a concurrent edit inside the deleted object.
struct MinutaExpectations {
    typealias Entry = EditLedger.Entry
    let world: MinutaWorld

    /// Ledger entries about one entity, in order.
    func entries(_ entity: EditLedger.Entity, _ id: String) -> [Entry] {
        world.ledger.filter { $0.entity == entity && $0.entityId == id }
    }

    /// Whether an acknowledged delete of the entity exists.
    func isDeleted(_ entity: EditLedger.Entity, _ id: String) -> Bool {
        entries(entity, id).contains { $0.kind == .delete && $0.status == .ok }
    }

    /// Whether the entity might have been deleted (a delete that may have landed).
    func mayBeDeleted(_ entity: EditLedger.Entity, _ id: String) -> Bool {
        entries(entity, id).contains { $0.kind == .delete && $0.mayHaveLanded }
    }

    /// Whether the entity must exist: legacy or an acknowledged create, and no delete may have landed.
    func mustExist(_ entity: EditLedger.Entity, _ id: String, legacy: Bool) -> Bool {
        (legacy || entries(entity, id).contains { $0.kind == .create && $0.status == .ok }) && !mayBeDeleted(entity, id)
    }

    /// Acknowledged writes that are exempt because a move of the record ran concurrently. An
    /// acknowledged edit that began before a settle with every device online that came before the
    /// move began is not concurrent with it: the move is made on a device that has it (the
    /// scenarios await their actions before they settle).
    func isExempt(_ entry: Entry) -> Bool {
        entry.entity == .record && entries(.record, entry.entityId).contains {
            $0.id != entry.id && $0.movesMonth && $0.mayHaveLanded && $0.isConcurrent(with: entry)
                && !(entry.status == .ok && entry.onlineSettles < $0.onlineSettles)
        }
    }

    /// The values a scalar field may hold, or nil when anything goes; plus the acknowledged writes
    /// a wrong value would have lost.
    func allowed(_ entity: EditLedger.Entity, _ id: String, field: String, legacy: String?) -> (values: Set<String>, required: [Entry])? {
        if world.ledger.contains(where: { $0.entityId == "*" && $0.isUnresolved && $0.fields.contains { $0.field == field } }) {
            return nil
        }
        let writes = entries(entity, id).filter { $0.mayHaveLanded && $0.kind != .delete && $0.fields.contains { $0.field == field } }
        let required = writes.filter { $0.status == .ok && !isExempt($0) }
        var values: Set<String> = []
        if let legacy, required.isEmpty { values.insert(legacy) }
        for write in writes where !required.contains(where: { write.precedes($0) }) {
            values.formUnion(write.fields.filter { $0.field == field }.map(\.value))
        }
        if legacy == nil && writes.isEmpty { return nil }
        return (values, required)
    }

    /// Whether a lost write had a concurrent write to the same entity on another device.
    func hadConcurrentWrite(_ lost: [Entry]) -> Bool {
        lost.contains { write in
            entries(write.entity, write.entityId).contains { $0.device != write.device && $0.mayHaveLanded && $0.isConcurrent(with: write) }
        }
    }

    /// Image names that must be on the record, and names that must not, from legacy and ledger.
    func images(_ id: String, legacy: [String]) -> (present: Set<String>, absent: Set<String>) {
        let all = entries(.record, id).filter { $0.mayHaveLanded }
        func writes(_ field: String, _ name: String) -> [Entry] { all.filter { $0.fields.contains { $0.field == field && $0.value == name } } }
        let names = Set(legacy + all.flatMap { $0.fields.filter { $0.field.hasPrefix("image") }.map(\.value) })
        var present: Set<String> = [], absent: Set<String> = []
        for name in names {
            let adds = writes("image+", name), removes = writes("image-", name)
            let ackedAdds = adds.filter { $0.status == .ok && !isExempt($0) }
            let ackedRemoves = removes.filter { $0.status == .ok && !isExempt($0) }
            let legacyKept = legacy.contains(name) && removes.isEmpty
            if legacyKept || ackedAdds.contains(where: { add in !removes.contains { !$0.precedes(add) } }) { present.insert(name) }
            if ackedRemoves.contains(where: { remove in !adds.contains { !$0.precedes(remove) } }) { absent.insert(name) }
        }
        return (present, absent)
    }
}
