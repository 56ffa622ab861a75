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
    /// Each kind's ids, sorted: the index file's contents, kept in step with the tables so an
    /// insert does not sort them again.
    private var sortedIds: [EntityKind: [String]] = [:]
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
        sortedIds = [.hero: heroes.keys.sorted(), .story: stories.keys.sorted(), .event: events.keys.sorted()]
    }

    /// Every entity of a kind, by (creation time, id).
    public func fetchAll<E: StoredEntity>(_ type: E.Type) -> [E] {
        table(E.self).values.sorted { ($0.createdAtMilliseconds, $0.id) < ($1.createdAtMilliseconds, $1.id) }
    }

    /// The entity with this local id.
    public func fetch<E: StoredEntity>(_ type: E.Type, id: String) -> E? {
        switch E.kind {
        case .hero: return heroes[id] as? E
        case .story: return stories[id] as? E
        case .event: return events[id] as? E
        case .illustration: preconditionFailure("illustrations live inside their story")
        }
    }

    /// Inserts or updates an entity (durable when this returns).
    public func save<E: StoredEntity>(_ entity: E) throws {
        let isNew = fetch(E.self, id: entity.id) == nil
        try files.write(path: Self.path(E.kind, entity.id), data: try Self.encoder.encode(entity))
        store(entity)
        if isNew {
            let position = sortedIds[E.kind, default: []].partitioningIndex { $0 >= entity.id }
            sortedIds[E.kind, default: []].insert(entity.id, at: position)
            try writeIndex(E.self)
        }
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

    /// Rewrites the kind's index (sorted ids). Where the files can defer (a simulated device), the
    /// bytes are made when the index is next read: the ids are a value saved now.
    private func writeIndex<E: StoredEntity>(_ type: E.Type) throws {
        let ids = sortedIds[E.kind] ?? []
        guard let deferring = files as? any DeferringFileStore else {
            return try files.write(path: Self.indexPath(E.kind), data: try Self.encoder.encode(ids))
        }
        _ = try deferring.write(path: Self.indexPath(E.kind), deferring: { Self.encodeIndex(ids) })
    }

    private static func encodeIndex(_ ids: [String]) -> Data {
        do { return try encoder.encode(ids) } catch { preconditionFailure("a list of ids always encodes: \(error)") }
    }

    private func table<E: StoredEntity>(_ type: E.Type) -> [String: E] {
        switch E.kind {
        case .hero: return heroes as! [String: E]
        case .story: return stories as! [String: E]
        case .event: return events as! [String: E]
        case .illustration: preconditionFailure("illustrations live inside their story")
        }
    }

    /// Puts `entity` in its table in place: a cast of the whole table (`heroes as! [String: E]`)
    /// would copy it, making every save O(store).
    private func store<E: StoredEntity>(_ entity: E) {
        switch entity {
        case let hero as Hero: heroes[hero.id] = hero
        case let story as Story: stories[story.id] = story
        case let event as CustomStoryEvent: events[event.id] = event
        default: preconditionFailure("illustrations live inside their story")
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs` (all after it do too): binary search.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
