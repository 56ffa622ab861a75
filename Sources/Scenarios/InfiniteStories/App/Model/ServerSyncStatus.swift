/// Where a local entity stands with the backend (the PRD's `serverSyncStatus`).
public enum ServerSyncStatus: String, Codable, Sendable {
    /// Not on the server yet, or changed locally since it was sent.
    case pending
    /// The server holds this entity's current content.
    case synced
}

/// A model type kept in the local store (SwiftData in the app: `@Model` classes with a UUID id).
public protocol StoredEntity: Codable, Sendable, Equatable {
    /// The folder the store keeps this kind in (`heroes`).
    static var kind: EntityKind { get }
    /// The local id (`UUID().uuidString.lowercased()`).
    var id: String { get }
    /// Creation time, Unix milliseconds (the fetch order, as the app sorts by `createdAt`).
    var createdAtMilliseconds: Int64 { get }
    var serverId: String? { get set }
    var serverSyncStatus: ServerSyncStatus { get set }
    var lastSyncedAtMilliseconds: Int64? { get set }
}

/// The kinds of entity the store keeps and the migration uploads.
public enum EntityKind: String, Codable, Sendable, CaseIterable, Comparable {
    case event, hero, story, illustration

    public static func < (lhs: EntityKind, rhs: EntityKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
