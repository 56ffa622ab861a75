import AppPorts
import SimValues

/// The rollback (l.1074-1163) on the plan's triggers (l.1066-1072).
///
/// The seed: `DELETE` all heroes, then all stories, of the account (`rollback-deletes-all`,
/// `rollback-parent-first`), custom events never (`rollback-leaves-events`); a failure is only
/// logged (`rollback-error-ignored`); local heroes and stories are reset to `.synced` with no
/// server id (`rollback-marks-synced`); cloud sync off; sign out; checkpoint deleted.
///
/// Fixed: a durable marker first (a kill mid-rollback finishes it on the next launch); a wait of
/// one request timeout, so a create still in flight has landed (or never will); then only this
/// store's rows are deleted — found by the local id each create carried, or the server id the
/// ledger or the entity holds — children before parents, each retried; only when the server is
/// clean are the local state reset (pending, no server id, custom events too), the ledger
/// forgotten, the idempotency generation bumped, the user signed out. The store stays claimed by
/// its account: another account's sign-in never takes it over.
extension MigrationManager {
    /// Returns whether the rollback ran to its end (false: the server part failed; fixed keeps the
    /// marker and tries again later).
    @discardableResult
    public func rollbackMigration() async -> Bool {
        probe.enter("rollback")
        cancelRequested = false
        // Fixed: the rollback belongs to the migration's account, whoever is signed in now (a
        // session that ended is signed in again before the server part can run).
        let account = variant.has(.accountNotPinned) ? auth.userId : (pinnedAccount ?? ledger.owner ?? auth.userId)
        if !variant.has(.accountNotPinned) { pinnedAccount = account }
        let seedCleanup = variant.has(.rollbackDeletesAll)
        if !variant.has(.rollbackErrorIgnored), let account { try? ledger.markRollback(account) }
        do {
            if seedCleanup {
                try await deleteAllUserData()
            } else {
                try? await sleep(60_000)
                try await deleteOwnRows()
            }
        } catch {
            guard variant.has(.rollbackErrorIgnored) else { return false }
            // l.1083-1085: "Failed to delete backend data" is logged; the rollback carries on.
        }
        resetLocalSyncStatus(account: account)
        for key in Self.cloudSyncKeys { defaults.set(false, forKey: key) }
        defaults.synchronize()
        await auth.signOut()
        try? files.remove(path: Self.checkpointPath)
        if !variant.has(.rollbackErrorIgnored) { try? ledger.clearRollback() }
        setState(.notStarted)
        progress = (0, 0)
        observer?.rolledBack(account: account)
        return true
    }

    /// l.1107-1118 (custom events too unless `rollback-leaves-events`).
    private func deleteAllUserData() async throws {
        var paths = variant.has(.rollbackParentFirst) ? ["/api/heroes", "/api/stories"] : ["/api/stories", "/api/heroes"]
        if !variant.has(.rollbackLeavesEvents) { paths.append("/api/custom-events") }
        for path in paths { try await api.request(.delete, path, account: pinnedAccount) }
    }

    /// This store's rows, children first (or parents first: `rollback-parent-first`).
    private func deleteOwnRows() async throws {
        var order = ["/api/illustrations", "/api/stories", "/api/heroes", "/api/custom-events"]
        if variant.has(.rollbackParentFirst) { order.reverse() }
        if variant.has(.rollbackLeavesEvents) { order.removeAll { $0 == "/api/custom-events" } }
        let mine = ownIds()
        for path in order {
            let rows = try await retry.run("rollback", path) { try await api.fetchAllPages(path, account: pinnedAccount) }
            for row in rows where isOwn(row, mine) {
                guard let id = row["id"]?.stringValue else { continue }
                try await retry.run("rollback", id) {
                    do {
                        try await api.request(.delete, "\(path)/\(id)", account: pinnedAccount)
                    } catch APIError.http(status: 404, _, _) {}  // already gone (a cascade, an earlier try)
                }
            }
        }
    }

    /// Whether an entity belongs to the run being rolled back: not in the ledger (never created,
    /// or created with its answer lost), or created in the current generation. The seed's shape
    /// has no ledger: everything is this run's.
    private func isThisRun(_ kind: EntityKind, _ id: String) -> Bool {
        guard !variant.has(.nonIdempotentCreate), let entry = ledger.entry(kind, id, account: ledgerAccount) else { return true }
        return entry.generation == ledger.generation
    }

    /// Local ids of this run's entities and the server ids it or the ledger knows for them.
    private func ownIds() -> (local: Set<String>, server: Set<String>) {
        var local: Set<String> = [], server: Set<String> = []
        func add(_ kind: EntityKind, _ id: String, _ serverId: String?) {
            guard isThisRun(kind, id) else { return }
            local.insert(id)
            if let serverId { server.insert(serverId) }
            if let entry = ledger.entry(kind, id, account: ledgerAccount) { server.insert(entry.serverId) }
        }
        cache.fetchAll(Hero.self).forEach { add(.hero, $0.id, $0.serverId) }
        cache.fetchAll(CustomStoryEvent.self).forEach { add(.event, $0.id, $0.serverId) }
        for story in cache.fetchAll(Story.self) {
            add(.story, story.id, story.serverId)
            for illustration in story.illustrations { add(.illustration, illustration.id, nil) }
        }
        return (local, server)
    }

    private func isOwn(_ row: JSONValue, _ mine: (local: Set<String>, server: Set<String>)) -> Bool {
        if let local = row["local_id"]?.stringValue, mine.local.contains(local) { return true }
        return row["id"]?.stringValue.map { mine.server.contains($0) } ?? false
    }

    /// l.1120-1162 (fixed: this run's entities only, custom events included, the ledger with them).
    private func resetLocalSyncStatus(account: String?) {
        let status: ServerSyncStatus = variant.has(.rollbackMarksSynced) ? .synced : .pending
        var cleared: [(EntityKind, String)] = []
        func reset<E: StoredEntity>(_ type: E.Type, local: Bool = true) {
            for var entity in cache.fetchAll(E.self) where variant.has(.rollbackDeletesAll) || isThisRun(E.kind, entity.id) {
                cleared.append((E.kind, entity.id))
                if let story = entity as? Story { cleared += story.illustrations.map { (.illustration, $0.id) } }
                // `rollback-leaves-events`: the run's record goes (the seed deletes its checkpoint),
                // the custom events stay on the server and keep their local state.
                guard local else { continue }
                entity.serverId = nil
                entity.serverSyncStatus = status
                entity.lastSyncedAtMilliseconds = nil
                try? cache.save(entity)
            }
        }
        reset(Hero.self)
        reset(Story.self)
        reset(CustomStoryEvent.self, local: !variant.has(.rollbackLeavesEvents))
        guard !variant.has(.nonIdempotentCreate), let account else { return }
        let media: [(MediaKind, String)] = cleared.flatMap { key in MediaKind.allCases.map { ($0, key.1) } }
        try? ledger.clear(cleared, media: media, account: account)
        try? ledger.bumpGeneration()
    }
}
