import AppPorts
import SimValues

/// After step 16 (seed l.284-287): mark the migration complete. The fixed variant first verifies all
/// balances, then rewrites the local identity, then writes the account's flag and flushes it.
extension MigrationService {
    func complete() async throws {
        if !has(.verifyNotCalled) {
            _ = try await verifyBalances()
        }
        if !has(.staleLocalIdentity) {
            try rewriteLocalIdentity()
        }
        guard let authId = authUserId else { throw MigrationError.notAuthenticated }
        if !has(.sessionNotRechecked) { try await ensureSameSession() }
        if !has(.silentSkip) {
            defaults.set(.int(Int64(skippedEntities.count)), forKey: AppDefaultsKeys.migrationSkipped(account: authId))
        }
        defaults.set(.bool(true), forKey: completionKey(account: authId))
        if !has(.unsynchronizedCompletionFlag) {
            // Fixed: the flag is durable before the app says "complete" (SC-6).
            defaults.synchronize()
        }
        currentStep = "Migration complete!"
        progress = 1.0
    }

    /// Fixed (SC-15): the local store and `currentUserId` move to the auth user id. Idempotent: a
    /// kill between the store write and the defaults flush leaves a store that re-runs cleanly
    /// (split/payer ids are derived from remapped ids, so they do not change).
    func rewriteLocalIdentity() throws {
        guard let old = oldCurrentUserId, let new = authUserId, old != new else { return }
        try store.save(IdentityRemap.apply(from: old, to: new, in: try store.load()))
        defaults.set(.string(new), forKey: AppDefaultsKeys.currentUserId)
        defaults.synchronize()
        oldCurrentUserId = new
    }
}
