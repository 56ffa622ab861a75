/// Whether a broken invariant is about what is wrong (safety) or what never happened (liveness).
public enum ViolationKind: String, Sendable, Codable {
    case safety
    case liveness
}

/// One entity an invariant is about, with the value expected and the value found.
public struct EntityDiff: Sendable, Codable, Equatable, CustomStringConvertible {
    /// What it is: `person 3f2a… EUR`, `split (t-12, p-4)`.
    public var entity: String
    /// Where the value was read: `device-1`, `server`, `recomputed`.
    public var location: String
    public var expected: String
    public var actual: String

    public init(entity: String, location: String = "", expected: String, actual: String) {
        self.entity = entity
        self.location = location
        self.expected = expected
        self.actual = actual
    }

    public var description: String {
        let place = location.isEmpty ? "" : " at \(location)"
        return "\(entity)\(place): expected \(expected), actual \(actual)"
    }
}

/// A broken invariant, with the entities involved.
public struct Violation: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The invariant's catalogue name (`no-duplicate`, `balance-equality`).
    public var invariant: String
    public var kind: ViolationKind
    /// One sentence saying what is wrong.
    public var message: String
    /// The entities involved (bounded by the checker; a count goes in `message`).
    public var entities: [EntityDiff]

    public init(invariant: String, kind: ViolationKind = .safety, message: String, entities: [EntityDiff] = []) {
        self.invariant = invariant
        self.kind = kind
        self.message = message
        self.entities = entities
    }

    public var description: String {
        var lines = ["\(invariant): \(message)"]
        lines += entities.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// An invariant checker: a pure function over the final world and the history.
public protocol InvariantChecker<World> {
    associatedtype World
    /// The invariant's catalogue name.
    var name: String { get }
    /// The violations found; empty when the invariant holds.
    func check(_ world: World, history: History) -> [Violation]
}
