import AppPorts
import SimValues

/// Phase 7 (l.876-918).
extension MigrationManager {
    /// The seed marks every hero and story that is not `.synced` as synced (`mark-all-synced`),
    /// uploaded or not. Fixed: exactly the entities whose current content is what the server holds
    /// (in the ledger with the same content hash); anything created or edited meanwhile stays
    /// pending, and the migration loops back to send it. Then cloud sync is switched on: the seed
    /// sets the UserDefaults flags and deletes the checkpoint, with no flush
    /// (`completion-flags-unflushed`: the deletion is durable at once, the flags only after
    /// UserDefaults' lazy flush); fixed flushes before it deletes.
    func markAsMigrated() async throws {
        probe.enter("mark-synced")
        let now = clock.nowMilliseconds
        if variant.has(.markAllSynced) {
            try markEverything(Hero.self, now)
            try markEverything(Story.self, now)
            // The seed marks custom events as it uploads them (l.807-813), not here.
            try markUploaded(CustomStoryEvent.self, now) { ContentFields.event($0) }
        } else {
            for round in 0..<3 {
                try markUploaded(Hero.self, now) { ContentFields.hero($0) }
                try markUploaded(CustomStoryEvent.self, now, ContentFields.event)
                try markUploaded(Story.self, now) { ContentFields.story($0) }
                guard round < 2, hasUnsyncedEntities, !cancelRequested else { break }
                try await catchUp()
            }
        }
        for key in Self.cloudSyncKeys { defaults.set(true, forKey: key) }
        defaults.set(.int(now), forKey: "migrationCompletedAt")
        if !variant.has(.completionFlagsUnflushed) { defaults.synchronize() }
        // What this run created is now part of a completed migration: a later run's rollback keeps it.
        if !variant.has(.nonIdempotentCreate) { try? ledger.bumpGeneration() }
        try? files.remove(path: Self.checkpointPath)
        setState(.completed)
        progress = (progress.total, progress.total)
        observer?.completed(account: ledgerAccount)
    }

    private func markEverything<E: StoredEntity>(_ type: E.Type, _ now: Int64) throws {
        for var entity in cache.fetchAll(E.self) where entity.serverSyncStatus != .synced {
            entity.serverSyncStatus = .synced
            entity.lastSyncedAtMilliseconds = now
            try cache.save(entity)
        }
    }

    private func markUploaded<E: StoredEntity>(_ type: E.Type, _ now: Int64, _ content: (E) -> [String: JSONValue]) throws {
        for var entity in cache.fetchAll(E.self) where entity.serverSyncStatus != .synced {
            let entry = variant.has(.nonIdempotentCreate) ? entity.serverId.map { MigrationLedger.Entry(serverId: $0, hash: 0, generation: 0) }
                : ledger.entry(E.kind, entity.id, account: ledgerAccount)
            guard let entry, variant.has(.nonIdempotentCreate) || entry.hash == ContentFields.hash(content(entity)) else { continue }
            entity.serverId = entry.serverId
            entity.serverSyncStatus = .synced
            entity.lastSyncedAtMilliseconds = now
            try cache.save(entity)
        }
    }
}
