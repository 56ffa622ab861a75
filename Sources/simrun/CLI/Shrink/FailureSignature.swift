import SimCore

/// What makes a failure "the same bug" while shrinking: the first violation's invariant, and the
/// kind and location of its first entity (`no-loss` on a `note` at `server`). Shrinking keeps a
/// removal only while some violation still has this signature, so it cannot drift to another bug
/// that happens to break the same invariant.
struct FailureSignature: Equatable, CustomStringConvertible {
    let invariant: String
    /// The entity's first word (`person`, `note`, `account`), nil when the violation names none.
    let entityKind: String?
    let location: String?

    /// The signature of a failing outcome: its first violation's, or the outcome label alone.
    init(_ outcome: RunOutcome) {
        guard let first = outcome.violations.first else {
            invariant = outcome.label
            entityKind = nil
            location = nil
            return
        }
        invariant = first.invariant
        entityKind = first.entities.first.map(Self.kind)
        location = first.entities.first.map { Self.place($0.location) }
    }

    /// Whether `outcome` fails with this signature.
    func holds(for outcome: RunOutcome) -> Bool {
        guard !outcome.passed else { return false }
        if outcome.violations.isEmpty { return invariant == outcome.label }
        return outcome.violations.contains { violation in
            guard violation.invariant == invariant else { return false }
            guard let entityKind else { return true }
            return violation.entities.contains { Self.kind($0) == entityKind && Self.place($0.location) == location }
        }
    }

    /// Where, without when: a location's clause after a comma (`device-1 (alice), saved at
    /// 482181 ms`) is a detail of the entity, and a reduced run saves at another virtual time.
    static func place(_ location: String) -> String {
        guard let comma = location.range(of: ", ") else { return location }
        return String(location[..<comma.lowerBound])
    }

    static func kind(_ entity: EntityDiff) -> String {
        String(entity.entity.split(separator: " ").first ?? "")
    }

    var description: String {
        guard let entityKind else { return invariant }
        return "\(invariant) (\(entityKind)" + (location.map { $0.isEmpty ? "" : " at \($0)" } ?? "") + ")"
    }
}
