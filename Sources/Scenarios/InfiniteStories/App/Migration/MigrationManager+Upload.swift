import AppPorts
import SimValues

/// Phase 5 (l.649-824): heroes with avatars, stories with audio and illustrations, custom events.
///
/// Fixed: parents first (custom events, heroes, then stories), every create carries the entity's
/// local id and an `Idempotency-Key` scoped to this install's attempt, media are uploaded before
/// the entity that names them (so a create is complete or absent), and each server id is written
/// to the ledger before any child is sent; an entity already in the ledger is skipped, or
/// patched when the user edited it since. The seed's shape stays behind each defect's switch.
extension MigrationManager {
    func uploadToBackend(_ export: LocalDataExport, catchUp: Bool = false) async throws {
        let total = progressTotal(export)
        progress = (0, total)
        setState(.uploading(current: 0, total: total))
        var completed = 0
        let eventsFirst = !variant.has(.eventsUploadedLast)
        if eventsFirst { try await uploadEvents(export, &completed) }
        if !catchUp { probe.enter("upload.heroes") }
        for hero in export.heroes {
            try await retry.run("Hero", hero.name) { try await uploadHero(hero, export) }
            advance(&completed, by: units(hero, export))
        }
        if !catchUp { probe.enter("upload.stories") }
        for story in export.stories {
            try await retry.run("Story", story.title) { try await uploadStory(story, export) }
            advance(&completed, by: units(story, export))
        }
        if !eventsFirst { try await uploadEvents(export, &completed) }
        observer?.uploadFinished(current: progress.current, total: progress.total)
    }

    private func uploadEvents(_ export: LocalDataExport, _ completed: inout Int) async throws {
        probe.enter("upload.events")
        for event in export.customEvents {
            try await retry.run("CustomEvent", event.title) { try await uploadCustomEvent(event, export) }
            // The seed updates no progress for custom events (l.680-683).
            if !variant.has(.progressTotalMismatch) { advance(&completed, by: units(event, export)) }
        }
    }

    // MARK: Progress

    /// Seed (l.656): heroes + stories + media files. Fixed: every item the upload sends.
    func progressTotal(_ export: LocalDataExport) -> Int {
        if variant.has(.progressTotalMismatch) { return export.heroes.count + export.stories.count + export.mediaFiles.count }
        return export.heroes.reduce(0) { $0 + units($1, export) } + export.stories.reduce(0) { $0 + units($1, export) }
            + export.customEvents.reduce(0) { $0 + units($1, export) }
    }

    /// Items one entity stands for in the progress: itself, its media, its illustrations (seed: 1).
    func units<E: StoredEntity>(_ entity: E, _ export: LocalDataExport) -> Int {
        if variant.has(.progressTotalMismatch) { return 1 }
        let own = export.mediaFiles.filter { $0.entityId == entity.id }.count
        guard let story = entity as? Story else { return 1 + own }
        let pictures = story.illustrations.reduce(0) { sum, ill in sum + 1 + (export.media(.illustration, of: ill.id) == nil ? 0 : 1) }
        return 1 + own + pictures
    }

    private func advance(_ completed: inout Int, by count: Int) {
        completed += count
        progress = (completed, progress.total)
        setState(.uploading(current: completed, total: progress.total))
        observer?.progressChanged(current: completed, total: progress.total)
    }

    // MARK: Entities

    var ledgerAccount: String { pinnedAccount ?? auth.userId ?? "" }

    /// l.688-735.
    func uploadHero(_ hero: Hero, _ export: LocalDataExport) async throws {
        let content = ContentFields.hero(hero)
        if try await skipOrPatch(hero, content, path: "/api/heroes") { return }
        var body = content
        if variant.has(.createdDatesDropped) { body["original_created_at"] = nil }
        let avatar = export.media(.avatar, of: hero.id)
        let seedShape = variant.has(.nonIdempotentCreate)
        if !seedShape {
            body["local_id"] = .string(hero.id)
            if let avatar { body["avatar_url"] = .string(try await uploadMedia(avatar)) }
        }
        let serverId = try await create("/api/heroes", body, key: key("hero-\(hero.id)"))
        if !seedShape { try ledger.record(.hero, hero.id, account: ledgerAccount, .init(serverId: serverId, hash: ContentFields.hash(content), generation: ledger.generation)) }
        if seedShape, let avatar {
            let url = try await uploadMedia(avatar)
            try await api.request(.patch, "/api/heroes/\(serverId)", body: ["avatar_url": .string(url)], account: pinnedAccount)
        }
        try saveUploaded(Hero.self, id: hero.id, serverId: serverId)
    }

    /// l.788-816 (custom events, with their pictogram when exported).
    func uploadCustomEvent(_ event: CustomStoryEvent, _ export: LocalDataExport) async throws {
        let content = ContentFields.event(event)
        if try await skipOrPatch(event, content, path: "/api/custom-events") { return }
        var body = content
        if !variant.has(.nonIdempotentCreate) { body["local_id"] = .string(event.id) }
        if let pictogram = export.media(.pictogram, of: event.id) { body["pictogram_url"] = .string(try await uploadMedia(pictogram)) }
        let serverId = try await create("/api/custom-events", body, key: key("event-\(event.id)"))
        if !variant.has(.nonIdempotentCreate) {
            try ledger.record(.event, event.id, account: ledgerAccount, .init(serverId: serverId, hash: ContentFields.hash(content), generation: ledger.generation))
        }
        try saveUploaded(CustomStoryEvent.self, id: event.id, serverId: serverId)
    }

    /// POST; the created resource's id.
    func create(_ path: String, _ body: [String: JSONValue], key: String?) async throws -> String {
        let created = try await api.object(.post, path, body: .object(body), idempotencyKey: key, account: pinnedAccount)
        guard let id = created["id"]?.stringValue else { throw APIError.malformedResponse("created \(path)") }
        return id
    }

    /// Fixed resume: an entity in the ledger is not created again; when the user edited it since
    /// it was sent (pending, content changed), its content is patched. Returns true when done.
    ///
    /// Each PATCH body has its own idempotency key, numbered in the ledger before it is sent (a
    /// retry of the same body reuses it): a copy of an older PATCH that the network delivers after
    /// a newer one is then answered from the server's saved response instead of writing the older
    /// name back over the newer one. The ledger's confirmed hash is cleared while a PATCH is
    /// unanswered.
    func skipOrPatch<E: StoredEntity>(_ entity: E, _ content: [String: JSONValue], path: String) async throws -> Bool {
        guard !variant.has(.nonIdempotentCreate), var entry = ledger.entry(E.kind, entity.id, account: ledgerAccount) else { return false }
        let current = cache.fetch(E.self, id: entity.id)
        let hash = ContentFields.hash(content)
        if let current, current.serverSyncStatus != .synced, entry.hash != hash {
            var patch = content
            if variant.has(.createdDatesDropped) { patch["original_created_at"] = nil }
            let newBody = entry.patches == 0 || entry.patchHash != hash
            if newBody && entry.patches > 0 && entry.hash == 0 {
                // An earlier PATCH of this entity was never answered (its process was killed, or
                // it failed) and may still be on its way with an older body under another key: wait
                // one request timeout, as a rollback does, so it has landed (or never will) before
                // the newer one goes.
                try? await sleep(60_000)
            }
            if newBody || entry.hash != 0 {
                if newBody { entry.patches += 1 }
                entry.patchHash = hash
                // Until the answer comes, what the server holds is unknown (hash 0): a kill here
                // leaves the entity to be patched again, even if the user renames it back to
                // what the ledger last confirmed.
                entry.hash = 0
                try ledger.record(E.kind, entity.id, account: ledgerAccount, entry)
            }
            try await api.request(.patch, "\(path)/\(entry.serverId)", body: .object(patch),
                                  idempotencyKey: key("patch-\(E.kind.rawValue)-\(entity.id)-\(entry.patches)"), account: pinnedAccount)
            entry.hash = hash
            try ledger.record(E.kind, entity.id, account: ledgerAccount, entry)
        }
        if current?.serverId != entry.serverId { try saveUploaded(E.self, id: entity.id, serverId: entry.serverId) }
        return true
    }

    /// After a create (l.728-734): the local entity gets its server id. The seed marks the
    /// *current* local entity `.synced` here whatever the user did to it since the export
    /// (`synced-despite-local-edit`); fixed leaves the status to `markAsMigrated`.
    func saveUploaded<E: StoredEntity>(_ type: E.Type, id: String, serverId: String) throws {
        guard var local = cache.fetch(E.self, id: id) else { return }
        local.serverId = serverId
        if variant.has(.syncedDespiteLocalEdit) {
            local.serverSyncStatus = .synced
            local.lastSyncedAtMilliseconds = clock.nowMilliseconds
        }
        try cache.save(local)
    }

    // MARK: Media

    /// Uploads a media file found at export; fixed: once per attempt (the ledger remembers the
    /// file URL, the presign carries a key), re-granted when a replayed grant's URL has expired.
    func uploadMedia(_ file: MediaFileReference) async throws -> String {
        guard let bytes = (try? files.read(path: file.localPath)).flatMap({ $0 }) else {
            throw MigrationError.uploadFailed(entity: file.type.rawValue, name: file.fileName, cause: "file vanished")
        }
        if variant.has(.nonIdempotentCreate) {
            return try await api.upload(Array(bytes), fileName: file.fileName, contentType: file.type.contentType, account: pinnedAccount)
        }
        if let url = ledger.media(file.type, of: file.entityId, account: ledgerAccount) { return url }
        let url: String
        do {
            url = try await api.upload(Array(bytes), fileName: file.fileName, contentType: file.type.contentType,
                                       idempotencyKey: key("file-\(file.type.rawValue)-\(file.entityId)"), account: pinnedAccount)
        } catch APIError.http(status: 403, _, _) {
            // The replayed grant's signed URL expired: ask for a fresh grant.
            url = try await api.upload(Array(bytes), fileName: file.fileName, contentType: file.type.contentType, account: pinnedAccount)
        }
        try ledger.recordMedia(file.type, of: file.entityId, account: ledgerAccount, url: url)
        return url
    }
}
