/// A value that is visible at a map key or list element, with the operation that wrote it.
struct Slot: Equatable, Sendable {
    let id: OpId
    let value: Value
}

/// The values visible at one map key or list element: the operations that no applied operation
/// names in its `pred`, ascending by `OpId` (a multi-value register).
///
/// Automerge keeps exactly this set: a key with several visible values is a conflict, `get`
/// reads the one with the highest op id and `getAll` (automerge-swift `getAll`, Rust
/// `get_all`) returns all of them. Changes are applied in causal order, so an operation's
/// predecessors are always present when it arrives and removing them then is the whole rule.
struct VisibleValues: Equatable, Sendable {
    private(set) var slots: [Slot] = []

    /// The conflict winner: the value of the highest op id.
    var winner: Value? { slots.last?.value }
    var isEmpty: Bool { slots.isEmpty }
    var ids: [OpId] { slots.map(\.id) }

    /// Removes the overwritten values, then adds `value` (none for a delete) in id order.
    mutating func apply(id: OpId, pred: [OpId], value: Value?) {
        if !pred.isEmpty { slots.removeAll { pred.contains($0.id) } }
        guard let value else { return }
        var position = slots.count
        while position > 0 && slots[position - 1].id > id { position -= 1 }
        slots.insert(Slot(id: id, value: value), at: position)
    }

    /// True when the single visible value is the scalar `scalar`, byte for byte: writing it
    /// again would change nothing, and Automerge then records no operation.
    func holdsOnly(_ scalar: ScalarValue) -> Bool {
        guard slots.count == 1, case .Scalar(let current) = slots[0].value else { return false }
        return current.hasSameBytes(as: scalar)
    }
}
