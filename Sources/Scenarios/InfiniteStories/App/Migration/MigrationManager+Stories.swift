import AppPorts
import SimValues

/// Stories with their audio and illustrations (l.737-786).
extension MigrationManager {
    func uploadStory(_ story: Story, _ export: LocalDataExport) async throws {
        let content = ContentFields.story(story)
        if try await skipOrPatch(story, content, path: "/api/stories") {
            try await uploadIllustrations(story, serverStoryId: ledger.entry(.story, story.id, account: ledgerAccount)!.serverId, export)
            return
        }
        var body = content
        if variant.has(.createdDatesDropped) { body["original_created_at"] = nil }
        body["hero_id"] = try parentId(.hero, story.heroId, of: story)
        body["custom_event_id"] = try parentId(.event, story.customEventId, of: story)
        let audio = export.media(.audio, of: story.id)
        let seedShape = variant.has(.nonIdempotentCreate)
        if !seedShape {
            body["local_id"] = .string(story.id)
            if let audio { body["audio_url"] = .string(try await uploadMedia(audio)) }
        }
        let serverId = try await create("/api/stories", body, key: key("story-\(story.id)"))
        if !seedShape { try ledger.record(.story, story.id, account: ledgerAccount, .init(serverId: serverId, hash: ContentFields.hash(content), generation: ledger.generation)) }
        if seedShape, let audio {
            // `upload(audioData, to: .uploadAudio(storyId:))` (l.763): the file, then the story's URL.
            let url = try await uploadMedia(audio)
            try await api.request(.patch, "/api/stories/\(serverId)", body: ["audio_url": .string(url)], account: pinnedAccount)
        }
        try await uploadIllustrations(story, serverStoryId: serverId, export)
        try saveUploaded(Story.self, id: story.id, serverId: serverId)
    }

    /// The server id a story's parent has now. The seed sends the local id as it is
    /// (`local-parent-ids`, l.740/744); fixed maps it, and a parent not uploaded yet is an error
    /// (parents go first). No parent: null.
    func parentId(_ kind: EntityKind, _ localId: String?, of story: Story) throws -> JSONValue {
        guard let localId else { return .null }
        if variant.has(.localParentIds) { return .string(localId) }
        if !variant.has(.nonIdempotentCreate), let entry = ledger.entry(kind, localId, account: ledgerAccount) {
            return .string(entry.serverId)
        }
        let local: String?? = kind == .hero ? cache.fetch(Hero.self, id: localId).map(\.serverId)
            : cache.fetch(CustomStoryEvent.self, id: localId).map(\.serverId)
        if variant.has(.nonIdempotentCreate), let serverId = local ?? nil { return .string(serverId) }
        throw MigrationError.parentMissing(entity: "story '\(story.title)'", parent: kind.rawValue)
    }

    /// Fixed: every illustration (each once: the ledger), with its timestamp, prompt and order, its
    /// image uploaded first when there is one. The seed's loop (l.768-777) walks image *files*
    /// chosen by the filter of l.769 and sends a bare file per story.
    func uploadIllustrations(_ story: Story, serverStoryId: String, _ export: LocalDataExport) async throws {
        if variant.has(.illustrationFilterSelfCompare) || variant.has(.illustrationMetadataDropped) {
            return try await uploadIllustrationFiles(story, serverStoryId: serverStoryId, export)
        }
        for illustration in story.illustrations.sorted(by: { ($0.displayOrder, $0.id) < ($1.displayOrder, $1.id) }) {
            let content = ContentFields.illustration(illustration)
            if !variant.has(.nonIdempotentCreate), ledger.entry(.illustration, illustration.id, account: ledgerAccount) != nil { continue }
            var body = content
            body["story_id"] = .string(serverStoryId)
            if !variant.has(.nonIdempotentCreate) { body["local_id"] = .string(illustration.id) }
            if let image = export.media(.illustration, of: illustration.id) { body["image_url"] = .string(try await uploadMedia(image)) }
            let serverId = try await create("/api/illustrations", body, key: key("illustration-\(illustration.id)"))
            if !variant.has(.nonIdempotentCreate) {
                try ledger.record(.illustration, illustration.id, account: ledgerAccount, .init(serverId: serverId, hash: ContentFields.hash(content), generation: ledger.generation))
            }
        }
    }

    /// The seed's shape: `mediaFiles.filter { $0.type == .illustration &&
    /// storyExport.illustrations.contains(where: { $0.id == $0.entityId }) }` — inside the inner
    /// closure `$0` is the illustration, so as written it does not compile; the port that compiles
    /// compares the illustration with itself (`{ $0.id == $0.id }`), true for every file of every
    /// story once the story has one illustration (`illustration-filter-self-compare`). Each file
    /// becomes a row with the story's id and the image URL; the illustration's timestamp, prompt
    /// and order are sent only without `illustration-metadata-dropped`.
    private func uploadIllustrationFiles(_ story: Story, serverStoryId: String, _ export: LocalDataExport) async throws {
        let files = export.mediaFiles.filter { file in
            file.type == .illustration && (variant.has(.illustrationFilterSelfCompare)
                ? story.illustrations.contains { $0.id == $0.id }
                : story.illustrations.contains { $0.id == file.entityId })
        }
        let everyIllustration = export.stories.flatMap(\.illustrations)
        for file in files {
            var body: [String: JSONValue] = ["story_id": .string(serverStoryId), "image_url": .string(try await uploadMedia(file))]
            if !variant.has(.nonIdempotentCreate) { body["local_id"] = .string(file.entityId) }
            if !variant.has(.illustrationMetadataDropped), let owner = everyIllustration.first(where: { $0.id == file.entityId }) {
                body.merge(ContentFields.illustration(owner)) { $1 }
            }
            _ = try await create("/api/illustrations", body, key: key("illustration-\(file.entityId)-\(story.id)"))
        }
    }
}
