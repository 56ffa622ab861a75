import SimCore

/// no-cross-account-leak, generically: what an account's locations hold (its server rows, a
/// device signed in to it) is that account's data. The app says whose data each entity key is
/// (`owners`: every account whose own data holds it, from the datasets and the confirmed edits) and
/// which locations belong to which account; the check reports each entity at an account's location
/// that is known to be only other accounts' data. An entity nobody's data names (made on the
/// server, or by a write never confirmed) passes: it is no evidence of a leak.
public enum LeakCheck {
    /// A location that holds one account's data.
    public struct AccountLocation: Sendable, Equatable {
        /// The location's name in the snapshot.
        public var location: String
        /// The account whose data it must hold.
        public var account: String
        /// How the report names the location (default: `location`).
        public var label: String

        public init(_ location: String, account: String, label: String? = nil) {
            self.location = location
            self.account = account
            self.label = label ?? location
        }
    }

    /// Leaked entities, location by location in the order given, collections in the order given
    /// (or each location's in name order), entities in snapshot order; each reported once per
    /// location and collection. `display` shortens a key for the report (ids are long).
    public static func diffs(_ snapshot: EntitySnapshot, accounts: [AccountLocation], owners: [String: Set<String>],
                             collections: [String]? = nil, display: (String) -> String = { $0 }) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for place in accounts {
            for collection in collections ?? snapshot.collections(place.location) {
                var reported: Set<String> = []
                for entity in snapshot.entities(place.location, collection) {
                    guard let owning = owners[entity.key], !owning.isEmpty, !owning.contains(place.account),
                          reported.insert(entity.key).inserted else { continue }
                    diffs.append(EntityDiff(entity: "\(collection) \(display(entity.key))", location: place.label,
                                            expected: "owned by \(owning.sorted().joined(separator: ", "))",
                                            actual: "owned by \(place.account)"))
                }
            }
        }
        return diffs
    }
}
