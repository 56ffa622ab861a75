import SimCore

/// no-duplicate, generically: within each collection at each location, a key stands for one
/// entity. Reports every key found more than once, in order of first appearance.
public enum DuplicateCheck {
    public static func diffs(_ snapshot: EntitySnapshot, collections: [String]? = nil) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for location in snapshot.locations {
            for collection in collections ?? snapshot.collections(location) {
                var counts: [String: Int] = [:]
                var order: [String] = []
                for entity in snapshot.entities(location, collection) {
                    if counts[entity.key] == nil { order.append(entity.key) }
                    counts[entity.key, default: 0] += 1
                }
                for key in order where counts[key]! > 1 {
                    diffs.append(EntityDiff(entity: "\(collection) \(key)", location: location, expected: "1", actual: "\(counts[key]!)"))
                }
            }
        }
        return diffs
    }
}
