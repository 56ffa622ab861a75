/// The canonical binary form of a change: the bytes its hash is taken of and `save` stores.
///
/// Layout: actor, seq, startOp, deps (ascending 16-byte hashes), a table of the other actors the
/// operations mention (ascending), then the operations. An op id is (counter, actor index), index
/// 0 being the change's own actor, the way Automerge's columnar format refers to actors by index.
/// `decode` accepts only canonical bytes (it re-encodes and compares), so a change has exactly
/// one encoding and one hash.
enum ChangeEncoding {
    static func encode(actor: ActorId, seq: UInt64, startOp: UInt64, deps: [ChangeHash], ops: [Operation]) -> [UInt8] {
        var writer = ByteWriter()
        writer.string(actor.hex)
        writer.uleb(seq)
        writer.uleb(startOp)
        writer.uleb(deps.count)
        deps.forEach { writer.hash($0) }
        let others = otherActors(of: ops, besides: actor)
        writer.uleb(others.count)
        others.forEach { writer.string($0.hex) }
        var table = [actor: 0]
        for (index, other) in others.enumerated() { table[other] = index + 1 }
        writer.uleb(ops.count)
        for op in ops { OperationEncoding.encode(op, into: &writer, actors: table) }
        return writer.bytes
    }

    /// Every actor named by an op id inside `ops`, except `actor`, ascending.
    private static func otherActors(of ops: [Operation], besides actor: ActorId) -> [ActorId] {
        var seen: Set<ActorId> = []
        for op in ops {
            if case .op(let id) = op.obj { seen.insert(id.actor) }
            if case .elem(let id) = op.key { seen.insert(id.actor) }
            op.pred.forEach { seen.insert($0.actor) }
        }
        seen.remove(actor)
        return seen.sorted()
    }

    /// Decodes one change from exactly `bytes`; anything else is `DocumentError.corrupt`.
    static func decode(_ bytes: [UInt8]) throws -> Change {
        var reader = ByteReader(bytes)
        guard let actor = ActorId(validating: try reader.string()) else { throw DocumentError.corrupt("bad actor id") }
        let seq = try reader.uleb(), startOp = try reader.uleb()
        guard seq >= 1, startOp >= 1, startOp < UInt64.max / 2 else { throw DocumentError.corrupt("bad seq or startOp") }
        var deps: [ChangeHash] = []
        for _ in 0..<(try reader.count()) { deps.append(try reader.hash()) }
        guard isStrictlyAscending(deps) else { throw DocumentError.corrupt("deps not ascending") }
        var actors = [actor]
        for _ in 0..<(try reader.count()) {
            guard let other = ActorId(validating: try reader.string()) else { throw DocumentError.corrupt("bad actor id") }
            actors.append(other)
        }
        var ops: [Operation] = []
        for _ in 0..<(try reader.count()) { ops.append(try OperationEncoding.decode(&reader, actors: actors)) }
        guard reader.isAtEnd else { throw DocumentError.corrupt("bytes after the last operation") }
        let change = Change(actor: actor, seq: seq, startOp: startOp, deps: deps, ops: ops)
        guard change.bytes == bytes else { throw DocumentError.corrupt("change is not in canonical form") }
        return change
    }

    static func isStrictlyAscending<T: Comparable>(_ items: [T]) -> Bool {
        zip(items, items.dropFirst()).allSatisfy { $0 < $1 }
    }
}
