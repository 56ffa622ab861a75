/// Thrown for a missing object, a wrong object type, an index out of range, or bytes that do not load.
public enum DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No object with this id exists in the document.
    case objectNotFound(ObjId)
    /// The object exists but is not of the expected kind (a key on a list, an index on a map).
    case wrongObjectType(ObjId, expected: ObjType)
    /// A list index past the end (insert allows `index == length`).
    case indexOutOfRange(index: UInt64, length: UInt64)
    /// Automerge refuses the empty string as a map key (`AutomergeError::EmptyStringKey`).
    case emptyKey
    /// Bytes that are not a saved document: bad magic, version, checksum, length or content.
    case corrupt(String)
    /// Changes whose dependencies never arrived (after `load`; `apply(changes:)` buffers them).
    case missingDependencies(count: Int)
    /// A second, different change with an actor's already-used sequence number (two replicas
    /// shared one actor id). Automerge refuses it the same way (`DuplicateSeqNumber`).
    case duplicateSequence(actor: ActorId, seq: UInt64)
    /// An operation that does not fit the document it is applied to.
    case invalidOperation(String)

    public var description: String {
        switch self {
        case .objectNotFound(let obj): return "no object \(obj)"
        case .wrongObjectType(let obj, let expected): return "object \(obj) is not a \(expected)"
        case .indexOutOfRange(let index, let length): return "index \(index) out of range (length \(length))"
        case .emptyKey: return "the empty string is not a map key"
        case .corrupt(let reason): return "document bytes do not load: \(reason)"
        case .missingDependencies(let count): return "\(count) change(s) wait for dependencies that are missing"
        case .duplicateSequence(let actor, let seq): return "actor \(actor) already has a different change \(seq)"
        case .invalidOperation(let reason): return "invalid operation: \(reason)"
        }
    }
}
