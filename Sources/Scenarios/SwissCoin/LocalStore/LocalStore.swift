import Foundation

/// The app's persistent store (Core Data's SQLite file, seed l.196) kept in a `LocalFileStore` as one
/// deterministic JSON document (sorted keys). `save` rewrites the whole file atomically, which models
/// a Core Data `context.save()`: all changes of a save become durable together or not at all.
///
/// Like a Core Data context, it keeps the objects it last read or saved in memory: `load` decodes
/// the file only when its bytes differ from what this instance last saw (a fresh launch, or a write
/// it did not make), so fetches cost a byte comparison instead of a JSON decode.
public final class LocalStore {
    /// Where the store lives on the device.
    public let path: String
    private let files: any LocalFileStore
    private var cached: (bytes: Data, database: LocalDatabase)?

    public init(files: any LocalFileStore, path: String = "swisscoin/store.json") {
        self.files = files
        self.path = path
    }

    /// The stored database, or an empty one when the file does not exist yet.
    public func load() throws -> LocalDatabase {
        guard let data = try files.read(path: path) else { return LocalDatabase() }
        if let cached, cached.bytes == data { return cached.database }
        let database = try LocalStore.decode(data)
        cached = (data, database)
        return database
    }

    /// Replaces the stored database (one atomic whole-file write).
    public func save(_ database: LocalDatabase) throws {
        let data = try LocalStore.encode(database)
        try files.write(path: path, data: data)
        cached = (data, database)
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
