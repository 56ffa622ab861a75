import SimCore

/// no-loss, generically: everything a location is expected to hold is there. The app puts what
/// must survive (the entities a user confirmed, a device's data before its migration) in the
/// snapshot as one location and what is really there as another; the check reports, per
/// collection, each expected entity that is missing at the target and each expected value it holds
/// differently. Extra entities and extra fields at the target are not a loss (no-duplicate and
/// convergence judge those).
public enum NoLossCheck {
    /// Differences of `target` from what `source` expects, collection by collection (`collections`
    /// in the order given, or the source's in name order), entities in the source's order (a key
    /// the source lists twice is checked once, against the first entity with that key at the
    /// target). With `values: false` only presence is checked. Two entities made from fields are
    /// compared field by field (entity `collection key field`, a field the target lacks is
    /// `missing`, one it has beyond those expected is no loss); otherwise by their whole texts.
    /// `locationLabel` names the target in the report (default: its location name); `display`
    /// shortens a key for the report.
    public static func diffs(_ snapshot: EntitySnapshot, expected source: String, at target: String,
                             collections: [String]? = nil, values: Bool = true, locationLabel: String? = nil,
                             display: (String) -> String = { $0 }) -> [EntityDiff] {
        let label = locationLabel ?? target
        var diffs: [EntityDiff] = []
        for collection in collections ?? snapshot.collections(source) {
            let expected = snapshot.entities(source, collection)
            if expected.isEmpty { continue }
            var found: [String: EntitySnapshot.Entity] = [:]
            for entity in snapshot.entities(target, collection) where found[entity.key] == nil { found[entity.key] = entity }
            var checked: Set<String> = []
            for want in expected where checked.insert(want.key).inserted {
                let entity = "\(collection) \(display(want.key))"
                guard let got = found[want.key] else {
                    diffs.append(EntityDiff(entity: entity, location: label, expected: "present", actual: "missing"))
                    continue
                }
                guard values else { continue }
                diffs += valueDiffs(want, got, entity: entity, location: label)
            }
        }
        return diffs
    }

    /// The expected values `got` does not hold: field by field when both were made from fields
    /// (fields in name order; `got` may hold more), else the two texts when they differ.
    static func valueDiffs(_ want: EntitySnapshot.Entity, _ got: EntitySnapshot.Entity, entity: String, location: String) -> [EntityDiff] {
        guard let fields = want.fields, let have = got.fields else {
            return want.text == got.text ? [] : [EntityDiff(entity: entity, location: location, expected: want.text, actual: got.text)]
        }
        return fields.keys.sorted().compactMap { field in
            let value = fields[field]!
            guard have[field] != value else { return nil }
            return EntityDiff(entity: "\(entity) \(field)", location: location, expected: value, actual: have[field] ?? "missing")
        }
    }
}
