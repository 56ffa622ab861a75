import SimCore

/// An invariant a simulated test checks, found broken: thrown by `expectInvariant` (or by your
/// own code) inside a `simulate` body, it becomes the failure's "violated invariant".
public struct InvariantFailure: Error, Sendable, CustomStringConvertible {
    /// The invariant's name (`no-loss`, `no-duplicate`).
    public var invariant: String
    /// What is wrong, with the values that show it.
    public var message: String
    /// The entities it is about (`note note-12`), when known: the failure shows the trace records
    /// that name them.
    public var entities: [String]

    public init(invariant: String, message: String, entities: [String] = []) {
        self.invariant = invariant
        self.message = message
        self.entities = entities
    }

    public var description: String { "\(invariant): \(message)" }
}

/// Throws an `InvariantFailure` named `invariant` unless `condition` holds. `message` is built
/// only on failure, so it may describe the world in detail.
public func expectInvariant(_ condition: Bool, _ invariant: String, _ message: @autoclosure () -> String) throws {
    guard condition else { throw InvariantFailure(invariant: invariant, message: message()) }
}

/// Throws the first of `violations` (what an `AppScenario`'s checks return) as an
/// `InvariantFailure`, its entities in the message; nothing when there are none.
public func expectNoViolations(_ violations: [Violation]) throws {
    guard let first = violations.first else { return }
    var message = first.message
    if !first.entities.isEmpty { message += "; " + first.entities.map(\.description).joined(separator: "; ") }
    if violations.count > 1 { message += " (and \(violations.count - 1) more violations: \(violations.dropFirst().map(\.invariant).joined(separator: ", ")))" }
    throw InvariantFailure(invariant: first.invariant, message: message, entities: first.entities.map(\.entity))
}
