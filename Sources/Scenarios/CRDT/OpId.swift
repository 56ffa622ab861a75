/// An operation id: (counter, actor); ordered by counter, then actor. Highest wins a conflict.
///
/// The counter is a Lamport clock: a new local operation takes the largest counter the document
/// has seen plus one, so an operation is always greater than everything it causally follows
/// (Automerge's `OpId` and its `lamport_cmp`, rust/automerge/src/types.rs).
public struct OpId: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The Lamport counter (1 or more).
    public let counter: UInt64
    /// The actor that made the operation.
    public let actor: ActorId

    /// Creates an operation id.
    public init(counter: UInt64, actor: ActorId) {
        self.counter = counter
        self.actor = actor
    }

    public static func < (lhs: OpId, rhs: OpId) -> Bool {
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.actor < rhs.actor
    }

    /// `counter@actor`, the way Automerge prints op ids.
    public var description: String { "\(counter)@\(actor.hex)" }
}
