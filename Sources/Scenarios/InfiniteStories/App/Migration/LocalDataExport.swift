import AppPorts
import SimValues
import Foundation

/// The snapshot Phase 4 takes (l.536-646): entities as exported plus the media files found for
/// them. Written to the checkpoint file.
public struct LocalDataExport: Codable, Sendable, Equatable {
    public var heroes: [Hero]
    public var stories: [Story]
    public var customEvents: [CustomStoryEvent]
    public var mediaFiles: [MediaFileReference]

    /// The media file of one entity (`mediaFiles.first(where:)`, l.707).
    func media(_ kind: MediaKind, of entityId: String) -> MediaFileReference? {
        mediaFiles.first { $0.type == kind && $0.entityId == entityId }
    }
}

/// One media file found at export (l.637-646). `localPath` is relative to the container.
public struct MediaFileReference: Codable, Sendable, Equatable {
    public var type: MediaKind
    public var localPath: String
    public var entityId: String
    public var fileName: String
}

extension MigrationManager {
    /// Phase 4 (l.416-534): export heroes, stories and custom events, collect media, save the
    /// checkpoint. `StoryExport.init` takes `story.hero?.id ?? UUID()` (l.583): a story whose hero
    /// was deleted gets a fresh random hero id (`orphan-story-random-hero`); the fixed export keeps nil.
    func exportLocalData() throws -> LocalDataExport {
        probe.enter("export")
        setState(.exporting)
        let heroes = cache.fetchAll(Hero.self)
        var stories = cache.fetchAll(Story.self)
        if variant.has(.orphanStoryRandomHero) {
            for index in stories.indices where stories[index].heroId == nil { stories[index].heroId = ids.uuid() }
        }
        var events = cache.fetchAll(CustomStoryEvent.self)
        if variant.has(.pictogramsDropped) {
            // CustomEventExport (l.613-635) has no pictogram field.
            for index in events.indices { events[index].pictogramPath = nil }
        }
        let export = LocalDataExport(heroes: heroes, stories: stories, customEvents: events,
                                     mediaFiles: collectMediaFiles(heroes: heroes, stories: stories, events: events))
        try saveCheckpoint(export)
        return export
    }

    /// l.449-509, plus pictograms (in scope, l.42). Each reference goes through `MediaLocator`.
    func collectMediaFiles(heroes: [Hero], stories: [Story], events: [CustomStoryEvent]) -> [MediaFileReference] {
        var files: [MediaFileReference] = []
        func add(_ reference: String?, _ kind: MediaKind, _ entityId: String) {
            guard let found = locator.locate(reference, kind: kind) else { return }
            files.append(MediaFileReference(type: kind, localPath: found.relativePath, entityId: entityId, fileName: found.fileName))
        }
        for hero in heroes { add(hero.avatarImagePath, .avatar, hero.id) }
        for story in stories { add(story.audioFileName, .audio, story.id) }
        for story in stories {
            for illustration in story.illustrations { add(illustration.imagePath, .illustration, illustration.id) }
        }
        for event in events { add(event.pictogramPath, .pictogram, event.id) }
        return files
    }

    static let checkpointPath = "Documents/migration_checkpoint.json"

    /// l.511-517 (sorted keys, so the file is the same bytes in every process).
    func saveCheckpoint(_ export: LocalDataExport) throws {
        try files.write(path: Self.checkpointPath, data: try StoriesJSON.encoder.encode(export))
    }

    /// l.519-528: the seed never calls it; the fixed variant does not need it either (the ledger
    /// and a fresh export resume), but the harness reads it to know what a run exported.
    func loadCheckpoint() throws -> LocalDataExport? {
        guard let data = try files.read(path: Self.checkpointPath) else { return nil }
        return try StoriesJSON.decoder.decode(LocalDataExport.self, from: data)
    }
}

/// JSON coders with sorted keys (the same bytes in every process).
enum StoriesJSON {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    static let decoder = JSONDecoder()
}
