import SimCore

extension NoLossCheck {
    /// no-loss read from an operation ledger and a snapshot: at `location`, every entity of
    /// `collection` that must exist (in the `baseline` location, or acknowledged created, and no
    /// delete may have landed) is there, and each of `fields` holds a value the ledger allows,
    /// unless the acknowledged writes it lost had a concurrent write on another device (that is
    /// no-lost-update's: `NoLostUpdateCheck`). Keys in order; `label` names the collection in the
    /// report and `display` shortens a key.
    public static func diffs<Action>(_ snapshot: EntitySnapshot, expect: WriteExpectations<Action>, at location: String,
                                     collection: String, fields: [String], baseline: String? = nil, label: String? = nil, display: (String) -> String = { $0 }) -> [EntityDiff] {
        let base = baseline.map { first(snapshot.entities($0, collection)) } ?? [:]
        let found = first(snapshot.entities(location, collection))
        let keys = Set(base.keys).union(expect.createdKeys(collection)).sorted()
        var diffs: [EntityDiff] = []
        for key in keys {
            let name = "\(label ?? collection) \(display(key))"
            guard let entity = found[key] else {
                if expect.mustExist(collection, key, inBaseline: base[key] != nil) {
                    diffs.append(EntityDiff(entity: name, location: location, expected: "present", actual: "missing"))
                }
                continue
            }
            for field in fields {
                guard let (values, required) = expect.allowed(collection, key, field: field, baseline: base[key]?.fields?[field]),
                      let actual = entity.fields?[field], !values.contains(actual),
                      !expect.hadConcurrentWrite(required, collection, key) else { continue }
                diffs.append(EntityDiff(entity: "\(name) \(field)", location: location,
                                        expected: values.sorted().joined(separator: " or "), actual: actual))
            }
        }
        return diffs
    }

    /// The first entity with each key.
    static func first(_ entities: [EntitySnapshot.Entity]) -> [String: EntitySnapshot.Entity] {
        var result: [String: EntitySnapshot.Entity] = [:]
        for entity in entities where result[entity.key] == nil { result[entity.key] = entity }
        return result
    }
}
