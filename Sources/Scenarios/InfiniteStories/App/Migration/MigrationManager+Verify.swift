import AppPorts
import SimValues

/// Phase 6 (l.833-873).
///
/// The seed reads one page of heroes and one of stories (`limit: 1000, offset: 0`; the server
/// caps a page: `verify-first-page-only`) and passes when each count is `>=` the export's
/// (`verify-count-only`: anything else on the server makes up for what is missing; custom
/// events, illustrations and media are never looked at, though Phase 6 lists "Verify media
/// files", l.85). Fixed: every page of every collection, and every uploaded entity's row must
/// hold the content that was sent, its parents must be the mapped rows, and each media file
/// must download as the same bytes. Entities the user edited after their last upload are left
/// to the next catch-up.
extension MigrationManager {
    func verifyMigration(_ export: LocalDataExport) async throws {
        probe.enter("verify")
        setState(.verifying)
        let passed: Bool
        do {
            passed = try await verify(export)
        } catch let error as MigrationError where error == .sessionEnded || error == .cancelled {
            throw error
        } catch {
            observer?.verified(passed: false)
            throw MigrationError.verificationFailed("\(error)")
        }
        observer?.verified(passed: passed)
        if !passed { throw MigrationError.verificationFailed("the server does not hold what was uploaded") }
    }

    private func verify(_ export: LocalDataExport) async throws -> Bool {
        let heroes = try await rows("/api/heroes"), stories = try await rows("/api/stories")
        if variant.has(.verifyCountOnly) { return heroes.count >= export.heroes.count && stories.count >= export.stories.count }
        let events = try await rows("/api/custom-events"), illustrations = try await rows("/api/illustrations")
        let byId = Dictionary((heroes + stories + events + illustrations).compactMap { row in row["id"]?.stringValue.map { ($0, row) } },
                              uniquingKeysWith: { first, _ in first })
        for hero in cache.fetchAll(Hero.self) where unchangedSinceUpload(hero, ContentFields.hero(hero)) {
            guard try await matches(hero, ContentFields.hero(hero), media: [(.avatar, hero.avatarImagePath)], in: byId) else { return false }
        }
        for event in cache.fetchAll(CustomStoryEvent.self) where unchangedSinceUpload(event, ContentFields.event(event)) {
            guard try await matches(event, ContentFields.event(event), media: [(.pictogram, event.pictogramPath)], in: byId) else { return false }
        }
        for story in cache.fetchAll(Story.self) where unchangedSinceUpload(story, ContentFields.story(story)) {
            var expected = ContentFields.story(story)
            expected["hero_id"] = try? parentId(.hero, story.heroId, of: story)
            expected["custom_event_id"] = try? parentId(.event, story.customEventId, of: story)
            guard try await matches(story, expected, media: [(.audio, story.audioFileName)], in: byId),
                  try await illustrationsMatch(story, in: byId) else { return false }
        }
        return true
    }

    /// The seed's request (`limit: 1000, offset: 0`), or every page.
    private func rows(_ path: String) async throws -> [JSONValue] {
        try await retry.run("verify", path) {
            if variant.has(.verifyFirstPageOnly) {
                return try await api.request(.get, path + "?limit=1000&offset=0", account: pinnedAccount)?["data"]?.arrayValue ?? []
            }
            return try await api.fetchAllPages(path, account: pinnedAccount)
        }
    }

    /// Whether the entity's last upload is its current content (else the next catch-up sends it).
    private func unchangedSinceUpload<E: StoredEntity>(_ entity: E, _ content: [String: JSONValue]) -> Bool {
        guard let entry = ledger.entry(E.kind, entity.id, account: ledgerAccount) else { return entity.serverId != nil }
        return entry.hash == ContentFields.hash(content)
    }

    private func serverId<E: StoredEntity>(_ entity: E) -> String? {
        ledger.entry(E.kind, entity.id, account: ledgerAccount)?.serverId ?? entity.serverId
    }

    /// The entity's row holds `expected` (dates as sent: the seed never sends them) and each media
    /// reference that resolves downloads as the same bytes.
    private func matches<E: StoredEntity>(_ entity: E, _ expected: [String: JSONValue], media: [(MediaKind, String?)],
                                          in rows: [String: JSONValue]) async throws -> Bool {
        guard let id = serverId(entity), let row = rows[id] else { return false }
        for (field, value) in expected where !(variant.has(.createdDatesDropped) && field == "original_created_at") {
            guard ContentFields.same(row[field], value) else { return false }
        }
        for (kind, reference) in media {
            guard try await mediaMatches(row, kind, locator.locate(reference, kind: kind)) else { return false }
        }
        return true
    }

    /// Each illustration's row: by the ledger's id, else (no ledger: the seed's shape) the story's
    /// row with the same prompt.
    private func illustrationsMatch(_ story: Story, in rows: [String: JSONValue]) async throws -> Bool {
        let storyId = serverId(story)
        for illustration in story.illustrations {
            let mapped = ledger.entry(.illustration, illustration.id, account: ledgerAccount).flatMap { rows[$0.serverId] }
            let byPrompt = rows.keys.sorted().lazy.compactMap { rows[$0] }.first { row in
                row["story_id"]?.stringValue == storyId && row["image_prompt"]?.stringValue == illustration.imagePrompt
            }
            guard let row = mapped ?? byPrompt else {
                if variant.has(.illustrationMetadataDropped) || variant.has(.illustrationFilterSelfCompare) { continue }
                return false
            }
            for (field, value) in ContentFields.illustration(illustration) where !ContentFields.same(row[field], value) { return false }
            guard try await mediaMatches(row, .illustration, locator.locate(illustration.imagePath, kind: .illustration)) else { return false }
        }
        return true
    }

    private func mediaMatches(_ row: JSONValue, _ kind: MediaKind, _ local: LocatedMedia?) async throws -> Bool {
        guard let local else { return true }  // nothing on disk to compare (a missing file is reported at export)
        guard let url = row[ContentFields.mediaField(kind)]?.stringValue else { return false }
        return try await retry.run("verify", url) { try await api.download(url) } == local.bytes
    }
}
