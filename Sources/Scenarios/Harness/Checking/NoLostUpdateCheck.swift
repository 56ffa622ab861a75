import SimCore

/// no-lost-update, generically: an acknowledged write made concurrently with another device's
/// write to the same entity survives unless a causally later write replaced it — different
/// fields both kept, one of two same-field values kept. Read from an operation ledger
/// (`WriteExpectations`) and a snapshot of the location; a lost write with no concurrent write is
/// no-loss's (`NoLossCheck.diffs(_:expect:at:…)`), so the two never report the same field.
public enum NoLostUpdateCheck {
    /// Fields of the entities of `collection` at `location` (in key order) that hold a value the
    /// ledger does not allow where a lost acknowledged write had a concurrent write. `more` adds
    /// the app's own diffs of each entity after its fields' (set-valued fields, say).
    public static func diffs<Action>(_ snapshot: EntitySnapshot, expect: WriteExpectations<Action>, at location: String,
                                     collection: String, fields: [String], baseline: String? = nil,
                                     label: String? = nil, display: (String) -> String = { $0 },
                                     more: (EntitySnapshot.Entity) -> [EntityDiff] = { _ in [] }) -> [EntityDiff] {
        let base = baseline.map { NoLossCheck.first(snapshot.entities($0, collection)) } ?? [:]
        var diffs: [EntityDiff] = []
        for entity in snapshot.entities(location, collection).sorted(by: { $0.key < $1.key }) {
            for field in fields {
                guard let (values, required) = expect.allowed(collection, entity.key, field: field, baseline: base[entity.key]?.fields?[field]),
                      let actual = entity.fields?[field], !values.contains(actual),
                      expect.hadConcurrentWrite(required, collection, entity.key) else { continue }
                diffs.append(EntityDiff(entity: "\(label ?? collection) \(display(entity.key)) \(field)", location: location,
                                        expected: values.sorted().joined(separator: " or "), actual: actual))
            }
            diffs += more(entity)
        }
        return diffs
    }
}
