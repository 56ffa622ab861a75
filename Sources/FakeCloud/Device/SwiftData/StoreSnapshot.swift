import Foundation

/// What a store file says about itself (Core Data's store metadata: `NSStoreModelVersionHashes`,
/// `NSStoreModelVersionIdentifiers`, and the model cached in the store).
public struct StoreMetadata: Sendable, Hashable, Codable {
    /// The writing schema's version identifier (a hint only).
    public var versionIdentifier: String
    /// The writing schema's version hash (what opening compares).
    public var versionHash: String
    /// Every entity's version hash by name.
    public var entityHashes: [String: String]
    /// The schema that wrote the store (Core Data caches the model in the store; the fake needs
    /// it to infer a migration when no plan names the store's version).
    public var model: VersionedSchema
    /// The next row number the store hands out.
    public var nextRowNumber: Int
}

/// The committed contents of a store: metadata and every row. Encodes to the store file
/// deterministically: JSON with sorted keys, each entity's rows by row number, every entity of
/// the schema present (an empty table is `[]`).
public struct StoreSnapshot: Sendable, Hashable {
    /// The store's metadata.
    public var metadata: StoreMetadata
    /// Every row by identifier.
    public var rows: [PersistentIdentifier: ModelRow]

    /// An empty store of `schema`.
    public init(schema: VersionedSchema, options: StoreFakeOptions) {
        metadata = StoreMetadata(
            versionIdentifier: schema.versionIdentifier.description,
            versionHash: VersionHash.of(schema, uniqueness: options.uniquenessHashing),
            entityHashes: VersionHash.entityHashes(schema, uniqueness: options.uniquenessHashing),
            model: schema, nextRowNumber: 1)
        rows = [:]
    }

    init(metadata: StoreMetadata, rows: [PersistentIdentifier: ModelRow]) {
        self.metadata = metadata
        self.rows = rows
    }

    /// The entity's rows in row-number order.
    public func rows(of entity: String) -> [ModelRow] {
        rows.values.filter { $0.id.entityName == entity }.sorted { $0.id < $1.id }
    }

    /// Restamps the metadata for `schema` (after a schema step).
    mutating func stamp(_ schema: VersionedSchema, options: StoreFakeOptions) {
        let next = metadata.nextRowNumber
        metadata = StoreSnapshot(schema: schema, options: options).metadata
        metadata.nextRowNumber = next
    }

    private struct File: Codable {
        var metadata: StoreMetadata
        var entities: [String: [ModelRow]]
    }

    /// The file bytes.
    public func encoded() -> [UInt8] {
        var entities: [String: [ModelRow]] = [:]
        for entity in metadata.model.entities { entities[entity.name] = rows(of: entity.name) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return Array(try encoder.encode(File(metadata: metadata, entities: entities)))
        } catch {
            preconditionFailure("a store snapshot always encodes: \(error)")
        }
    }

    private struct Head: Decodable { var metadata: StoreMetadata }

    /// The metadata of a store file's bytes, rows not decoded; nil when the bytes are not a store.
    public static func metadata(of bytes: [UInt8]) -> StoreMetadata? {
        try? JSONDecoder().decode(Head.self, from: Data(bytes)).metadata
    }

    /// Decodes a store file; nil when the bytes are not a whole store (a torn copy).
    public static func decode(_ bytes: [UInt8]) -> StoreSnapshot? {
        guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)) else { return nil }
        var rows: [PersistentIdentifier: ModelRow] = [:]
        for row in file.entities.values.joined() { rows[row.id] = row }
        return StoreSnapshot(metadata: file.metadata, rows: rows)
    }
}
