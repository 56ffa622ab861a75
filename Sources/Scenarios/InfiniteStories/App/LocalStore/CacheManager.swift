import AppPorts
import SimValues
import Foundation

/// The app's local store (the seed's `cacheManager` over SwiftData: `fetchAll`, `fetch(id:)`,
/// `save`), kept as one JSON file per entity plus one index per kind, under `Library/Store/`.
///
/// Each `save` writes the entity's file atomically (a kill keeps the old or the new entity), an
/// insert then rewrites the kind's index; the store loads the indexes at launch. Entities are held
/// decoded in memory, as a `ModelContext` holds its objects. Fetches return entities sorted by
/// (creation time, id): SwiftData's order without a sort descriptor is unspecified, the app's
/// lists sort by `createdAt`.
public final class CacheManager: @unchecked Sendable {
    static let root = "Library/Store/"
    let files: any LocalFileStore
    private var heroes: [String: Hero] = [:]
    private var stories: [String: Story] = [:]
    private var events: [String: CustomStoryEvent] = [:]
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// Loads the store from `files` (an empty store when there is none).
    public init(files: any LocalFileStore) throws {
        self.files = files
        heroes = try load(Hero.self)
        stories = try load(Story.self)
        events = try load(CustomStoryEvent.self)
    }

    /// Every entity of a kind, by (creation time, id).
    public func fetchAll<E: StoredEntity>(_ type: E.Type) -> [E] {
        table(E.self).values.sorted { ($0.createdAtMilliseconds, $0.id) < ($1.createdAtMilliseconds, $1.id) }
    }

    /// The entity with this local id.
    public func fetch<E: StoredEntity>(_ type: E.Type, id: String) -> E? { table(E.self)[id] }

    /// Inserts or updates an entity (durable when this returns).
    public func save<E: StoredEntity>(_ entity: E) throws {
        let isNew = table(E.self)[entity.id] == nil
        try files.write(path: Self.path(E.kind, entity.id), data: try Self.encoder.encode(entity))
        setTable(E.self) { $0[entity.id] = entity }
        if isNew { try writeIndex(E.self) }
    }

    /// Number of heroes, stories and custom events.
    public var entityCount: Int { heroes.count + stories.count + events.count }

    // MARK: Files

    static func path(_ kind: EntityKind, _ id: String) -> String { root + kind.rawValue + "/" + id + ".json" }
    static func indexPath(_ kind: EntityKind) -> String { root + kind.rawValue + ".index" }

    private func load<E: StoredEntity>(_ type: E.Type) throws -> [String: E] {
        guard let data = try files.read(path: Self.indexPath(E.kind)) else { return [:] }
        let ids = try JSONDecoder().decode([String].self, from: data)
        var loaded: [String: E] = [:]
        for id in ids {
            guard let bytes = try files.read(path: Self.path(E.kind, id)) else { continue }
            loaded[id] = try JSONDecoder().decode(E.self, from: bytes)
        }
        return loaded
    }

    private func writeIndex<E: StoredEntity>(_ type: E.Type) throws {
        try files.write(path: Self.indexPath(E.kind), data: try Self.encoder.encode(table(E.self).keys.sorted()))
    }

    private func table<E: StoredEntity>(_ type: E.Type) -> [String: E] {
        switch E.kind {
        case .hero: return heroes as! [String: E]
        case .story: return stories as! [String: E]
        case .event: return events as! [String: E]
        case .illustration: preconditionFailure("illustrations live inside their story")
        }
    }

    private func setTable<E: StoredEntity>(_ type: E.Type, _ change: (inout [String: E]) -> Void) {
        var copy = table(E.self)
        change(&copy)
        switch E.kind {
        case .hero: heroes = copy as! [String: Hero]
        case .story: stories = copy as! [String: Story]
        case .event: events = copy as! [String: CustomStoryEvent]
        case .illustration: preconditionFailure("illustrations live inside their story")
        }
    }
}
