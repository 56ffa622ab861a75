/// Where an operation acts inside its object (Automerge's `Key`).
enum OpKey: Hashable, Sendable {
    /// A map key.
    case map(String)
    /// The start of a list: an insert placed before every element.
    case head
    /// A list element, named by the id of the operation that inserted it.
    case elem(OpId)
}

/// What an operation does (Automerge's `OpType`, the subset the app uses).
enum OpAction: Equatable, Sendable {
    case put(ScalarValue)
    case make(ObjType)
    case delete

    /// The value the operation leaves at its key or element; `nil` for a delete.
    func value(id: OpId) -> Value? {
        switch self {
        case .put(let scalar): return .Scalar(scalar)
        case .make(let type): return .Object(.op(id), type)
        case .delete: return nil
        }
    }
}

/// One operation of a change. Its id is implied: the change's `startOp` plus its position, with
/// the change's actor, exactly as Automerge's change format stores it.
///
/// `pred` lists the operations this one overwrites: the values visible at its key (or element)
/// when it was made. A value stays visible while no applied operation names it in `pred`, so
/// concurrent writes both stay (a conflict) and a delete is just an operation with `pred` and no value.
struct Operation: Equatable, Sendable {
    /// The object acted on.
    var obj: ObjId
    /// The map key, or the list element (for an insert: the element it goes after).
    var key: OpKey
    /// True for a list insert: the operation creates a new element whose id is its own id.
    var insert: Bool
    var action: OpAction
    /// The overwritten operations, ascending.
    var pred: [OpId]
}
