/// A change: the operations one actor made in one commit, with the heads it was made on.
///
/// Mirrors Automerge's change (rust/automerge/src/change.rs): actor, sequence number (1, 2, …
/// per actor), `startOp` (the counter of its first operation; the rest follow consecutively),
/// `deps` (the hashes of the document's heads when it was made) and the operations. Its hash is
/// the hash of its canonical encoding, so equal changes have equal hashes on every replica.
public struct Change: Sendable, Equatable, CustomStringConvertible {
    /// Who made the change.
    public let actor: ActorId
    /// 1 for an actor's first change, then 2, 3, …
    public let seq: UInt64
    /// The counter of the first operation.
    public let startOp: UInt64
    /// The heads the change was made on, ascending.
    public let deps: [ChangeHash]
    /// The operations; operation `i` has id `(startOp + i, actor)`.
    let ops: [Operation]
    /// The hash of `bytes`.
    public let hash: ChangeHash
    /// The canonical encoding (`ChangeEncoding`), kept so `save` and hashing never redo it.
    let bytes: [UInt8]

    init(actor: ActorId, seq: UInt64, startOp: UInt64, deps: [ChangeHash], ops: [Operation]) {
        self.actor = actor
        self.seq = seq
        self.startOp = startOp
        self.deps = deps.sorted()
        self.ops = ops
        self.bytes = ChangeEncoding.encode(actor: actor, seq: seq, startOp: startOp, deps: self.deps, ops: ops)
        self.hash = ChangeHash(of: bytes)
    }

    /// The number of operations.
    public var operationCount: Int { ops.count }

    /// The id of operation `index`.
    func opId(_ index: Int) -> OpId { OpId(counter: startOp + UInt64(index), actor: actor) }

    /// The counter of the last operation (`startOp - 1` for an empty change).
    var lastOp: UInt64 { startOp + UInt64(ops.count) - 1 }

    /// Two changes are equal when their canonical bytes are.
    public static func == (lhs: Change, rhs: Change) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }

    public var description: String { "change \(hash) (\(actor) #\(seq), ops \(startOp)+\(ops.count), deps \(deps.count))" }
}
