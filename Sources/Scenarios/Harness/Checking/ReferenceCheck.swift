import SimCore

/// referential-integrity, generically: every reference an entity at a location holds names an
/// entity of the target collection at the same location. An app lists its references (which
/// entity, which target collection, which key) and the check reports each one that points at
/// nothing, in the order given.
public enum ReferenceCheck {
    /// One reference held by value: `from` (an entity, as a report names it) names `key` in
    /// collection `to`.
    public struct Reference: Sendable, Equatable {
        public var from: String
        public var to: String
        public var key: String

        public init(from: String, to: String, key: String) {
            self.from = from
            self.to = to
            self.key = key
        }
    }

    public static func diffs(_ snapshot: EntitySnapshot, at location: String, references: [Reference],
                             locationLabel: String? = nil) -> [EntityDiff] {
        var present: [String: Set<String>] = [:]
        var diffs: [EntityDiff] = []
        for reference in references {
            if present[reference.to] == nil { present[reference.to] = Set(snapshot.entities(location, reference.to).map(\.key)) }
            guard !present[reference.to]!.contains(reference.key) else { continue }
            diffs.append(EntityDiff(entity: "\(reference.from) → \(reference.to) \(reference.key.prefix(8))",
                                    location: locationLabel ?? location, expected: "in the \(reference.to)s there", actual: "none"))
        }
        return diffs
    }
}
