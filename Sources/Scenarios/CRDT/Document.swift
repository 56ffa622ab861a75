/// A CRDT document: nested maps and lists with Automerge's merge semantics.
///
/// Mirrors automerge-swift 0.6's `Document` (the API the Minuta seed calls) over a small
/// re-implementation of Automerge's model: every edit is an operation with a Lamport id, a
/// write names the values it overwrites (`pred`), concurrent writes to a key stay as a conflict
/// that reads the highest id, lists are RGAs. Local edits go into a pending change that is
/// committed lazily, like Automerge's autocommit: at `save`, `merge`, `fork`, `heads`, `changes`.
///
/// Not thread-safe, like automerge-swift's; the class is `@unchecked Sendable` so a simulated
/// device can hand it between its own tasks.
public final class Document: @unchecked Sendable {
    /// The actor this document's local edits are made as.
    public let actor: ActorId
    var opSet = OpSet()
    var history = ChangeHistory()
    /// Local operations not yet committed into a change.
    var pendingOps: [Operation] = []
    var pendingStartOp: UInt64 = 0

    /// An empty document (only the root map) editing as `actor`.
    public init(actor: ActorId) {
        self.actor = actor
    }

    // MARK: maps

    /// The value at `key` (the conflict winner: highest op id), or `nil`.
    public func get(obj: ObjId, key: String) throws -> Value? {
        try opSet.map(obj).values(at: key)?.winner
    }

    /// Every concurrent value at `key`, ascending op id (the last one is what `get` returns).
    public func getAll(obj: ObjId, key: String) throws -> [Value] {
        try opSet.map(obj).values(at: key)?.slots.map(\.value) ?? []
    }

    /// Writes a scalar. Writing the value that is already the single current value records
    /// nothing: automerge's `local_map_op` returns early when `query.ops.len() == 1 &&
    /// query.ops[0].is_noop(&action)`, and `is_noop` is "both are puts of equal scalars"
    /// (rust/automerge/src/transaction/inner.rs and src/types.rs).
    public func put(obj: ObjId, key: String, value: ScalarValue) throws {
        let current = try mapValues(obj, key)
        if current.holdsOnly(value) { return }
        _ = try applyLocal(Operation(obj: obj, key: .map(key), insert: false, action: .put(value), pred: current.ids))
    }

    /// Makes a new, empty map or list at `key`. Always a new object, even when the key already
    /// holds one: the old object and its contents are no longer reachable from here.
    public func putObject(obj: ObjId, key: String, ty: ObjType) throws -> ObjId {
        let current = try mapValues(obj, key)
        let id = try applyLocal(Operation(obj: obj, key: .map(key), insert: false, action: .make(ty), pred: current.ids))
        return .op(id)
    }

    /// Deletes `key`: an operation that overwrites the current values with nothing. A value put
    /// concurrently (not seen by this delete) survives the merge, as in Automerge. Deleting a
    /// key with no value records nothing (automerge's `local_map_op` does the same).
    public func delete(obj: ObjId, key: String) throws {
        let current = try mapValues(obj, key)
        if current.isEmpty { return }
        _ = try applyLocal(Operation(obj: obj, key: .map(key), insert: false, action: .delete, pred: current.ids))
    }

    /// The keys that hold a value, sorted by UTF-8 bytes.
    public func keys(obj: ObjId) throws -> [String] {
        try opSet.map(obj).sortedKeys
    }

    private func mapValues(_ obj: ObjId, _ key: String) throws -> VisibleValues {
        let map = try opSet.map(obj)
        if key.isEmpty { throw DocumentError.emptyKey }
        return map.values(at: key) ?? VisibleValues()
    }

    // MARK: local operations

    /// Applies a local operation with the next Lamport id and adds it to the pending change.
    func applyLocal(_ op: Operation) throws -> OpId {
        let id = OpId(counter: opSet.maxOp + 1, actor: actor)
        try opSet.apply(op, id: id)
        if pendingOps.isEmpty { pendingStartOp = id.counter }
        pendingOps.append(op)
        return id
    }

    /// Commits the pending operations as one change on the current heads (no-op when none).
    func commit() {
        guard !pendingOps.isEmpty else { return }
        let change = Change(actor: actor, seq: history.nextSeq(for: actor), startOp: pendingStartOp,
                            deps: Array(history.heads), ops: pendingOps)
        history.record(change)
        pendingOps = []
    }
}
