/// The list half of `Document`'s API (automerge-swift's index-based calls).
extension Document {
    /// The number of visible elements.
    public func length(obj: ObjId) throws -> UInt64 {
        UInt64(try opSet.list(obj).visibleCount)
    }

    /// The value at `index` (the conflict winner), or `nil` past the end, as automerge's `get`.
    public func get(obj: ObjId, index: UInt64) throws -> Value? {
        try element(obj, index)?.values.winner
    }

    /// Every concurrent value at `index`, ascending op id.
    public func getAll(obj: ObjId, index: UInt64) throws -> [Value] {
        try element(obj, index)?.values.slots.map(\.value) ?? []
    }

    /// Inserts a scalar so that it ends up at `index` (`0...length`).
    public func insert(obj: ObjId, index: UInt64, value: ScalarValue) throws {
        _ = try insertOperation(obj, index, .put(value))
    }

    /// Inserts a new, empty map or list at `index` (`0...length`).
    public func insertObject(obj: ObjId, index: UInt64, ty: ObjType) throws -> ObjId {
        .op(try insertOperation(obj, index, .make(ty)))
    }

    /// Overwrites the element at `index`; the same single value again records nothing.
    public func put(obj: ObjId, index: UInt64, value: ScalarValue) throws {
        let target = try existingElement(obj, index)
        if target.values.holdsOnly(value) { return }
        _ = try applyLocal(Operation(obj: obj, key: .elem(target.id), insert: false, action: .put(value), pred: target.values.ids))
    }

    /// Deletes the element at `index` (it stays as a tombstone).
    public func delete(obj: ObjId, index: UInt64) throws {
        let target = try existingElement(obj, index)
        _ = try applyLocal(Operation(obj: obj, key: .elem(target.id), insert: false, action: .delete, pred: target.values.ids))
    }

    /// The values of every element in order, winners only (a convenience for readers and tests).
    public func listValues(obj: ObjId) throws -> [Value] {
        try opSet.list(obj).visibleElements.compactMap(\.values.winner)
    }

    private func element(_ obj: ObjId, _ index: UInt64) throws -> ListSequence.Element? {
        let list = try opSet.list(obj)
        guard index < UInt64(list.visibleCount) else { return nil }
        return list.element(atVisibleIndex: Int(index))
    }

    private func existingElement(_ obj: ObjId, _ index: UInt64) throws -> ListSequence.Element {
        let length = try self.length(obj: obj)
        guard let target = try element(obj, index) else { throw DocumentError.indexOutOfRange(index: index, length: length) }
        return target
    }

    /// An insert goes after the visible element before `index` (or the head for index 0).
    private func insertOperation(_ obj: ObjId, _ index: UInt64, _ action: OpAction) throws -> OpId {
        let list = try opSet.list(obj)
        let length = UInt64(list.visibleCount)
        guard index <= length else { throw DocumentError.indexOutOfRange(index: index, length: length) }
        let key: OpKey = index == 0 ? .head : .elem(list.element(atVisibleIndex: Int(index - 1))!.id)
        return try applyLocal(Operation(obj: obj, key: key, insert: true, action: action, pred: []))
    }
}
