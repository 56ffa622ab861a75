import AppPorts

/// Why a migration run stopped (the seed's `MigrationError`, l.849-864, plus the fixed variant's
/// refusals). `uploadFailed` is kept for fidelity: the seed declares it but never throws it.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAuthenticated
    case noLocalData
    case uploadFailed(entity: String, detail: String)
    /// Fixed variant: the local store was claimed by another account (SC-4/SC-5): never upload it here.
    case storeBelongsToAnotherAccount(owner: String, current: String)
    /// Fixed variant: the signed-in account changed while the migration ran.
    case sessionChanged
    /// Fixed variant: the full balance verification found differences (person id → what differs).
    case balanceMismatch([BalanceMismatch])

    public var description: String {
        switch self {
        case .notAuthenticated: return "Not authenticated. Please sign in first."
        case .noLocalData: return "No local data found to migrate."
        case .uploadFailed(let entity, let detail): return "Failed to upload \(entity): \(detail)"
        case .storeBelongsToAnotherAccount(let owner, let current):
            return "Local data belongs to account \(owner), not \(current)."
        case .sessionChanged: return "The signed-in account changed during migration."
        case .balanceMismatch(let mismatches): return "Balances differ for \(mismatches.count) person(s)."
        }
    }
}
