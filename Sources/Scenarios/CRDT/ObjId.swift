/// An object in the document: the root map or an object created by an operation.
///
/// Like Automerge, an object's id is the id of the operation that made it, so a new
/// `putObject` always makes a new object, never reuses the old one at that key.
public enum ObjId: Hashable, Sendable, CustomStringConvertible {
    case root
    case op(OpId)

    /// The root map, spelled as in automerge-swift.
    public static let ROOT: ObjId = .root

    public var description: String {
        switch self {
        case .root: return "_root"
        case .op(let id): return id.description
        }
    }
}

/// The kind of a nested object (the subset of Automerge's object types the app uses).
public enum ObjType: Sendable, Equatable {
    case Map, List
}
