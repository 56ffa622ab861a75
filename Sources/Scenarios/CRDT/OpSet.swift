/// Every object of a document and the visible values in it: the result of applying operations.
///
/// Named after Automerge's `OpSet`. Objects are never removed: an object that is no longer
/// reachable (its key was overwritten or deleted) still accepts the operations that concurrent
/// or later changes make in it, exactly as in Automerge, where they simply stay invisible.
struct OpSet: Sendable {
    private(set) var maps: [ObjId: MapObject] = [.root: MapObject()]
    private(set) var lists: [ObjId: ListSequence] = [:]
    /// The largest operation counter applied (the Lamport clock).
    private(set) var maxOp: UInt64 = 0

    /// The map `obj`, or the error Automerge would give.
    func map(_ obj: ObjId) throws -> MapObject {
        if let map = maps[obj] { return map }
        throw lists[obj] == nil ? DocumentError.objectNotFound(obj) : DocumentError.wrongObjectType(obj, expected: .Map)
    }

    /// The list `obj`, or the error Automerge would give.
    func list(_ obj: ObjId) throws -> ListSequence {
        if let list = lists[obj] { return list }
        throw maps[obj] == nil ? DocumentError.objectNotFound(obj) : DocumentError.wrongObjectType(obj, expected: .List)
    }

    /// Applies one operation with id `id`. Everything is checked before anything changes, so
    /// a refused operation leaves the set as it was.
    mutating func apply(_ op: Operation, id: OpId) throws {
        try check(op, id: id)
        if case .make(let type) = op.action {
            switch type {
            case .Map: maps[.op(id)] = MapObject()
            case .List: lists[.op(id)] = ListSequence()
            }
        }
        let value = op.action.value(id: id)
        switch op.key {
        case .map(let key):
            maps[op.obj]!.apply(key: key, id: id, pred: op.pred, value: value)
        case .head:
            lists[op.obj]!.insert(id: id, after: nil, value: value!)
        case .elem(let element):
            if op.insert {
                lists[op.obj]!.insert(id: id, after: element, value: value!)
            } else {
                lists[op.obj]!.update(element: element, id: id, pred: op.pred, value: value)
            }
        }
        maxOp = max(maxOp, id.counter)
    }

    private func check(_ op: Operation, id: OpId) throws {
        if op.insert && op.action == .delete { throw DocumentError.invalidOperation("an insert must carry a value") }
        if case .make = op.action, maps[.op(id)] != nil || lists[.op(id)] != nil {
            throw DocumentError.invalidOperation("object \(id) already exists")
        }
        switch op.key {
        case .map:
            _ = try map(op.obj)
        case .head:
            _ = try list(op.obj)
        case .elem(let element):
            guard try list(op.obj).contains(element) else {
                throw DocumentError.invalidOperation("no element \(element) in list \(op.obj)")
            }
            if op.insert && lists[op.obj]!.contains(id) {
                throw DocumentError.invalidOperation("element \(id) already exists")
            }
        }
        if op.insert, op.key == .head, lists[op.obj]!.contains(id) {
            throw DocumentError.invalidOperation("element \(id) already exists")
        }
    }
}
