/// Why a migration stopped (the seed's `MigrationError`, l.826-830, plus what its not-shown code
/// needs: cancellation and a lost session).
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An entity could not be uploaded (retries spent, or a permanent refusal).
    case uploadFailed(entity: String, name: String, cause: String)
    case verificationFailed(String)
    case checkpointNotFound
    /// The user cancelled.
    case cancelled
    /// The session ended or another account signed in: nothing more can be sent for this account.
    case sessionEnded
    /// A child's parent has no server id yet (parents must go first).
    case parentMissing(entity: String, parent: String)

    public var description: String {
        switch self {
        case .uploadFailed(let entity, let name, let cause): return "upload of \(entity) '\(name)' failed: \(cause)"
        case .verificationFailed(let why): return "verification failed: \(why)"
        case .checkpointNotFound: return "checkpoint not found"
        case .cancelled: return "cancelled"
        case .sessionEnded: return "session ended"
        case .parentMissing(let entity, let parent): return "\(entity) has no server \(parent) yet"
        }
    }

    /// Whether the seed's rollback triggers (l.1068-1072) apply: repeated upload failure,
    /// failed verification, user cancel, timeout. A lost session is not one: nothing can be
    /// deleted without it (the fixed variant resumes after the next sign-in).
    var triggersRollback: Bool { self != .sessionEnded && self != .checkpointNotFound }
}
