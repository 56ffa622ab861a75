/// The changes a document holds, its heads, each actor's progress, and changes that wait for
/// missing dependencies.
///
/// Mirrors Automerge's history: a change is applied only once every change it depends on is
/// there; until then it waits in a queue (`Automerge::apply_changes` queues such changes too,
/// rust/automerge/src/automerge.rs, `is_causally_ready`). Heads are the changes nothing depends on.
struct ChangeHistory: Sendable {
    /// How far an actor has got: its last sequence number and last op counter.
    struct ActorProgress: Sendable {
        var seq: UInt64
        var lastOp: UInt64
    }

    /// Whether a change can be applied now.
    enum Readiness {
        case known, ready, waiting
    }

    /// Applied changes, in the order they were applied (always a causal order).
    private(set) var changes: [Change] = []
    private var indexByHash: [ChangeHash: Int] = [:]
    private(set) var heads: Set<ChangeHash> = []
    private var progress: [ActorId: ActorProgress] = [:]
    /// Changes received whose dependencies (or earlier changes of the same actor) are missing.
    var queue: [Change] = []

    func contains(_ hash: ChangeHash) -> Bool { indexByHash[hash] != nil }

    /// The sequence number the actor's next change takes.
    func nextSeq(for actor: ActorId) -> UInt64 { (progress[actor]?.seq ?? 0) + 1 }

    /// The number of operations in all applied changes.
    private(set) var operationCount = 0

    /// Whether `change` is already here, can be applied, or must wait. A second change with a
    /// used sequence number, or op counters that go back, is refused.
    func readiness(of change: Change) throws -> Readiness {
        if contains(change.hash) { return .known }
        if change.deps.contains(where: { !contains($0) }) { return .waiting }
        let done = progress[change.actor] ?? ActorProgress(seq: 0, lastOp: 0)
        if change.seq <= done.seq { throw DocumentError.duplicateSequence(actor: change.actor, seq: change.seq) }
        if change.seq > done.seq + 1 { return .waiting }
        if change.startOp <= done.lastOp {
            throw DocumentError.invalidOperation("change \(change.hash) reuses op counters of \(change.actor)")
        }
        return .ready
    }

    /// Records an applied change (its operations are already in the op set).
    mutating func record(_ change: Change) {
        indexByHash[change.hash] = changes.count
        changes.append(change)
        operationCount += change.operationCount
        change.deps.forEach { heads.remove($0) }
        heads.insert(change.hash)
        progress[change.actor] = ActorProgress(seq: change.seq, lastOp: change.lastOp)
    }

    /// The applied changes in the canonical order `save` writes: by start op, actor, sequence.
    /// A change starts after every operation it depends on, so this is a causal order whenever
    /// changes are non-empty (and `load` queues anything out of order anyway).
    var canonicalChanges: [Change] {
        changes.sorted { a, b in
            if a.startOp != b.startOp { return a.startOp < b.startOp }
            if a.actor != b.actor { return a.actor < b.actor }
            return a.seq < b.seq
        }
    }
}
