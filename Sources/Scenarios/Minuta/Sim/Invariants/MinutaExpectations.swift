import AppPorts
import CRDT
import SimCore
import SimHarness

/// What the ledger and the legacy data allow each entity and field to look like at the end: the
/// shared last-writer rules (`WriteExpectations`) over the users' edits, with Minuta's one
/// exemption and its set-valued images. Shared by no-loss, no-lost-update and no-resurrection.
///
/// An acknowledged edit concurrent with a move of its record to another month is exempt: a move
/// deletes the old copy, and as in Automerge a delete wins over a concurrent edit inside the
/// deleted object.
struct MinutaExpectations {
    typealias Entry = LedgerEntry<MinutaEdit>
    let world: MinutaWorld
    /// The shared rules, with `isExempt` as the exemption.
    let writes: WriteExpectations<MinutaEdit>

    init(world: MinutaWorld) {
        self.world = world
        var byRecord: [String: [Entry]] = [:]  // looked up only, never iterated
        for entry in world.ledger where entry.entity == .record { byRecord[entry.entityId, default: []].append(entry) }
        writes = WriteExpectations(world.ledger) { entry in Self.isExempt(entry, among: byRecord[entry.entityId] ?? []) }
    }

    /// Ledger entries about one entity, in order.
    func entries(_ entity: MinutaEdit.Entity, _ id: String) -> [Entry] {
        writes.writes(entity.rawValue, id).map(\.entry)
    }

    /// Whether an acknowledged delete of the entity exists.
    func isDeleted(_ entity: MinutaEdit.Entity, _ id: String) -> Bool {
        entries(entity, id).contains { $0.kind == .delete && $0.status == .ok }
    }

    /// Whether an acknowledged write is exempt because a move of its record ran concurrently. An
    /// acknowledged edit that began before a settle with every device online that came before the
    /// move began is not concurrent with it: the move is made on a device that has it (the
    /// scenarios await their actions before they settle).
    static func isExempt(_ entry: Entry, among record: [Entry]) -> Bool {
        entry.entity == .record && record.contains {
            $0.id != entry.id && $0.movesMonth && $0.mayHaveLanded && $0.isConcurrent(with: entry)
                && !(entry.status == .ok && entry.onlineSettles < $0.onlineSettles)
        }
    }

    /// Image names that must be on the record, and names that must not, from legacy and ledger
    /// (set-valued, so not the shared field rules: an add and a remove of different names both
    /// stand).
    func images(_ id: String, legacy: [String]) -> (present: Set<String>, absent: Set<String>) {
        let all = entries(.record, id).filter { $0.mayHaveLanded }
        func writes(_ field: String, _ name: String) -> [Entry] { all.filter { $0.fields.contains { $0.field == field && $0.value == name } } }
        let names = Set(legacy + all.flatMap { $0.fields.filter { $0.field.hasPrefix("image") }.map(\.value) })
        var present: Set<String> = [], absent: Set<String> = []
        for name in names {
            let adds = writes("image+", name), removes = writes("image-", name)
            let ackedAdds = adds.filter { $0.status == .ok && !self.writes.isExempt($0) }
            let ackedRemoves = removes.filter { $0.status == .ok && !self.writes.isExempt($0) }
            let legacyKept = legacy.contains(name) && removes.isEmpty
            if legacyKept || ackedAdds.contains(where: { add in !removes.contains { !$0.precedes(add) } }) { present.insert(name) }
            if ackedRemoves.contains(where: { remove in !adds.contains { !$0.precedes(remove) } }) { absent.insert(name) }
        }
        return (present, absent)
    }
}
