import AppPorts

/// A local entity the migration could not upload (a missing id or reference, the seed's
/// `guard ... else { continue }` sites). The seed drops these silently; the fixed variant lists them
/// in `MigrationService.skippedEntities` and persists their count per account.
public struct SkippedEntity: Equatable, Sendable {
    /// The Supabase table the entity would have gone to.
    public let table: String
    /// The entity's local id, when it has one.
    public let localId: String?
    public let reason: String

    public init(table: String, localId: String?, reason: String) {
        self.table = table
        self.localId = localId
        self.reason = reason
    }
}
