import SimCore

/// no-duplicate, generically: within each collection at each location, a key stands for one
/// entity. Reports every key found more than once, in order of first appearance.
public enum DuplicateCheck {
    public static func diffs(_ snapshot: EntitySnapshot, collections: [String]? = nil) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for location in snapshot.locations {
            for collection in collections ?? snapshot.collections(location) {
                let entities = snapshot.entities(location, collection)
                var counts: [String: Int] = [:]
                counts.reserveCapacity(entities.count)
                var order: [String] = []
                for entity in entities {
                    if increment(&counts[entity.key, default: 0]) == 1 { order.append(entity.key) }
                }
                for key in order where counts[key]! > 1 {
                    diffs.append(EntityDiff(entity: "\(collection) \(key)", location: location, expected: "1", actual: "\(counts[key]!)"))
                }
            }
        }
        return diffs
    }

    /// Adds one and returns the new count: with `counts[key, default: 0]` it counts a key with
    /// one lookup.
    private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }
}
