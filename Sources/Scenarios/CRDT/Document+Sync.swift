/// History, sync and persistence: `fork`, `merge`, `heads`, `changes`, `save`, `load`.
extension Document {
    /// Loads a document saved by `save`, editing as `actor`. Corrupt or truncated bytes throw a
    /// `DocumentError` (never trap): the magic, version, lengths and checksum are checked, then
    /// every change is decoded and replayed.
    public convenience init(_ bytes: [UInt8], actor: ActorId) throws {
        self.init(actor: actor)
        history.queue = try DocumentEncoding.decode(bytes)
        try applyQueue()
        if !history.queue.isEmpty { throw DocumentError.missingDependencies(count: history.queue.count) }
    }

    /// A copy with the same history and state that edits as `actor` (commits pending edits first).
    public func fork(actor: ActorId) -> Document {
        commit()
        let copy = Document(actor: actor)
        copy.opSet = opSet
        copy.history = history
        return copy
    }

    /// Applies the changes of `other` that this document lacks (committing both sides' pending
    /// edits first, as automerge's `merge` closes both transactions). `other` lists its changes
    /// in the causal order it applied them, so they arrive with their dependencies present.
    public func merge(other: Document) throws {
        commit()
        if other === self { return }
        other.commit()
        for change in other.history.changes where !history.contains(change.hash) {
            history.queue.append(change)
        }
        try applyQueue()
    }

    /// The hashes of the changes nothing else depends on, ascending (commits pending edits).
    public var heads: [ChangeHash] {
        commit()
        return history.heads.sorted()
    }

    /// Every applied change, in the canonical order `save` writes (commits pending edits).
    public func changes() -> [Change] {
        commit()
        return history.canonicalChanges
    }

    /// Applies changes received in any order, like automerge's `applyChanges`: a change whose
    /// dependencies are missing waits in a queue until they arrive; known changes are skipped.
    public func apply(changes: [Change]) throws {
        commit()
        history.queue.append(contentsOf: changes)
        try applyQueue()
    }

    /// The number of changes waiting for missing dependencies.
    public var queuedChangeCount: Int { history.queue.count }

    /// The number of operations made so far, committed or pending.
    public var operationCount: Int { history.operationCount + pendingOps.count }

    /// Deterministic bytes holding every applied change (commits pending edits first).
    public func save() -> [UInt8] {
        commit()
        return DocumentEncoding.encode(history.canonicalChanges)
    }

    /// Applies queued changes whose dependencies are present until none is ready. Bounded:
    /// every pass but the last applies at least one change, so there are at most `queue + 1` passes.
    func applyQueue() throws {
        var progressed = true
        while progressed && !history.queue.isEmpty {
            progressed = false
            var waiting: [Change] = []
            var rest = history.queue[...]
            while let change = rest.popFirst() {
                do {
                    switch try history.readiness(of: change) {
                    case .known: continue
                    case .waiting: waiting.append(change)
                    case .ready:
                        try applyRemote(change)
                        progressed = true
                    }
                } catch {
                    history.queue = waiting + rest
                    throw error
                }
            }
            history.queue = waiting
        }
    }

    /// Applies a change whose dependencies are all present. Such a change only names objects
    /// and elements of its causal past, which this document then has, so it cannot fail for a
    /// change that came out of another `Document`.
    private func applyRemote(_ change: Change) throws {
        for (index, op) in change.ops.enumerated() {
            try opSet.apply(op, id: change.opId(index))
        }
        history.record(change)
    }
}
