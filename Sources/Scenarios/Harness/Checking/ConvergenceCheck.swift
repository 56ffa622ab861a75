import SimCore

/// convergence, generically: at every location in `locations`, each collection holds exactly the
/// entities the `reference` location holds, field for field. Reports each entity that is missing,
/// extra or different, keys sorted. Keys must be unique per collection (no-duplicate's job).
public enum ConvergenceCheck {
    public static func diffs(_ snapshot: EntitySnapshot, reference: String, locations: [String],
                             collections: [String]) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for location in locations where location != reference {
            for collection in collections {
                let expected = byKey(snapshot.entities(reference, collection))
                let actual = byKey(snapshot.entities(location, collection))
                for key in Set(expected.keys).union(actual.keys).sorted() where expected[key] != actual[key] {
                    diffs.append(EntityDiff(entity: "\(collection) \(key)", location: "\(location) vs \(reference)",
                                            expected: expected[key]?.text ?? "absent", actual: actual[key]?.text ?? "absent"))
                }
            }
        }
        return diffs
    }

    /// The same check for one location given as flat views, `collection key` → text (an app
    /// whose views are already keyed this way skips building a snapshot): every entity whose text
    /// differs, missing on one side as `absent`, in view-key order. That is the order `diffs` gives
    /// for collections passed in name order when no collection name is a prefix of another.
    public static func diffs(expected: [String: String], actual: [String: String], location: String) -> [EntityDiff] {
        if expected == actual { return [] }  // the common case, without sorting
        var diffs: [EntityDiff] = []
        for key in Set(expected.keys).union(actual.keys).sorted() where expected[key] != actual[key] {
            diffs.append(EntityDiff(entity: key, location: location, expected: expected[key] ?? "absent", actual: actual[key] ?? "absent"))
        }
        return diffs
    }

    private static func byKey(_ entities: [EntitySnapshot.Entity]) -> [String: EntitySnapshot.Entity] {
        Dictionary(entities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
