import SimCore

/// An app's invariant checkers in report order: the names a scenario lists and the checks it runs
/// come from the same list, so they cannot drift apart.
public struct CheckSuite<World>: Sendable {
    private let checkers: [(name: String, check: @Sendable (World, History) -> [Violation])]

    /// The checkers, in the order their violations are reported.
    public init(_ checkers: [any InvariantChecker<World>]) {
        precondition(Set(checkers.map(\.name)).count == checkers.count, "two checkers share a name")
        self.checkers = checkers.map { checker in
            nonisolated(unsafe) let checker = checker  // checkers are immutable values
            return (checker.name, { world, history in checker.check(world, history: history) })
        }
    }

    /// The invariants' catalogue names, in report order.
    public var names: [String] { checkers.map(\.name) }

    /// Every checker's violations, in order.
    public func run(_ world: World, history: History) -> [Violation] {
        checkers.flatMap { $0.check(world, history) }
    }
}
