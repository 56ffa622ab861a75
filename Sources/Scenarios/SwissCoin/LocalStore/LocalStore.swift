import Foundation

/// The app's persistent store (Core Data's SQLite file, seed l.196) kept in a `LocalFileStore` as one
/// deterministic JSON document (sorted keys). `save` rewrites the whole file atomically, which models
/// a Core Data `context.save()`: all changes of a save become durable together or not at all.
public final class LocalStore {
    /// Where the store lives on the device.
    public let path: String
    private let files: any LocalFileStore

    public init(files: any LocalFileStore, path: String = "swisscoin/store.json") {
        self.files = files
        self.path = path
    }

    /// The stored database, or an empty one when the file does not exist yet.
    public func load() throws -> LocalDatabase {
        guard let data = try files.read(path: path) else { return LocalDatabase() }
        return try LocalStore.decode(data)
    }

    /// Replaces the stored database (one atomic whole-file write).
    public func save(_ database: LocalDatabase) throws {
        try files.write(path: path, data: try LocalStore.encode(database))
    }

    /// Canonical bytes: sorted keys, so equal databases encode to equal bytes in every process.
    public static func encode(_ database: LocalDatabase) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dataEncodingStrategy = .base64
        return try encoder.encode(database)
    }

    /// Decodes bytes written by `encode`.
    public static func decode(_ data: Data) throws -> LocalDatabase {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        return try decoder.decode(LocalDatabase.self, from: data)
    }
}
