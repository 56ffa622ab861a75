import AppPorts
import CRDT

extension Minuta {
    /// Why a storage call failed (the seed's `AutomergeError`, l.229-236, plus the fixed variant's
    /// refusal to re-create a record deleted elsewhere).
    public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file's bytes do not load (truncated, corrupt, partly downloaded).
        case documentCorrupted(path: String, details: String)
        /// An edit of a record that no longer exists in any month document.
        case recordDeleted(id: String)

        public var description: String {
            switch self {
            case .documentCorrupted(let path, let details): return "Document corrupted: \(path): \(details)"
            case .recordDeleted(let id): return "Record deleted elsewhere: \(id)"
            }
        }
    }
}
