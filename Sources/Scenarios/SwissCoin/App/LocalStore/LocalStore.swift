import AppPorts
import Foundation

/// The app's persistent store (Core Data's SQLite file, seed l.196) kept in a `LocalFileStore` as one
/// deterministic JSON document (sorted keys). `save` rewrites the whole file atomically, which models
/// a Core Data `context.save()`: all changes of a save become durable together or not at all.
///
/// Like a Core Data context, it keeps the objects it last read or saved in memory: `load` decodes
/// the file only when its bytes differ from the ones last seen (a write it did not make), so
/// fetches cost a byte comparison instead of a JSON decode. On a simulated device
/// (`DeferringFileStore`) a save keeps the saved database in the file and its bytes are made when
/// someone else reads them; while the file still holds that save, `load` returns the kept
/// database without reading: a sync that saves once per pulled page no longer encodes the whole
/// store per page. The bytes, when made, are exactly the ones an immediate encode would have
/// written.
public final class LocalStore {
    /// Where the store lives on the device.
    public let path: String
    private let files: any LocalFileStore
    /// `files`, when it can keep a saved value (a simulated device).
    private let deferring: (any DeferringFileStore)?
    private let cache: LocalStoreCache

    /// `cache` may outlive this store (the harness keeps one per device across relaunches): it
    /// only ever answers for the exact bytes it decoded or encoded, so sharing it changes nothing
    /// but speed.
    public init(files: any LocalFileStore, path: String = "swisscoin/store.json", cache: LocalStoreCache = LocalStoreCache()) {
        self.files = files
        deferring = files as? any DeferringFileStore
        self.path = path
        self.cache = cache
    }

    /// The stored database, or an empty one when the file does not exist yet.
    public func load() throws -> LocalDatabase {
        if let cached = cache.entry, let token = cached.token, let deferring, deferring.holds(token, at: path) {
            return cached.database
        }
        guard let data = try files.read(path: path) else { return LocalDatabase() }
        if let cached = cache.entry, cached.bytes == data { return cached.database }
        let database = try LocalStore.decode(data)
        cache.entry = (data, nil, database)
        return database
    }

    /// The database in memory for `bytes`, just read from the file: this store's last load or
    /// save, when the file still holds that save or exactly those bytes; nil when only a decode
    /// could tell (it never decodes).
    public func heldDatabase(for bytes: Data) -> LocalDatabase? {
        guard let cached = cache.entry else { return nil }
        if let token = cached.token, let deferring, deferring.holds(token, at: path) { return cached.database }
        return cached.bytes == bytes ? cached.database : nil
    }

    /// Notes that `bytes`, a copy of this store's file kept elsewhere (a store set aside), decode
    /// to `database`, so whoever decodes that copy later on this device finds it in the cache.
    public func remember(copy bytes: Data, decodesTo database: LocalDatabase) {
        cache.remember(copy: bytes, decodesTo: database)
    }

    /// Replaces the stored database (one atomic whole-file write).
    public func save(_ database: LocalDatabase) throws {
        if let deferring {
            let encoder = cache.encoder
            let token = try deferring.write(path: path) {
                // The model holds nothing JSON cannot write except a non-finite `Double`, which
                // no path of the app produces (amounts come from decimal text and integer cents).
                do { return try encoder.encode(database) } catch {
                    preconditionFailure("the saved Swiss Coin store cannot be encoded: \(error)")
                }
            }
            cache.entry = (nil, token, database)
            return
        }
        let data = try cache.encoder.encode(database)  // the bytes of `LocalStore.encode`, cheaper
        try files.write(path: path, data: data)
        cache.entry = (data, nil, database)
    }

    /// Canonical bytes: sorted keys, so equal databases encode to equal bytes in every process.
    public static func encode(_ database: LocalDatabase) throws -> Data {
        try makeEncoder().encode(database)
    }

    /// The encoder behind `encode`.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// Decodes bytes written by `encode`.
    public static func decode(_ data: Data) throws -> LocalDatabase {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        return try decoder.decode(LocalDatabase.self, from: data)
    }
}

/// The last store a `LocalStore` saw: a decoded-object cache keyed by the file's exact bytes, or
/// by the token of a deferred save (`DeferringFileStore`); and the encoder that remembers the last
/// encode's record bytes.
public final class LocalStoreCache: @unchecked Sendable {
    var entry: (bytes: Data?, token: AnyObject?, database: LocalDatabase)?
    let encoder = StoreEncoder(encoder: LocalStore.makeEncoder())
    /// Copies of the store file kept elsewhere and what they decode to, newest last (a few: a
    /// device sets a store aside once per account switch).
    private var copies: [(bytes: Data, database: LocalDatabase)] = []
    private static let keptCopies = 4

    public init() {}

    /// What `bytes` decode to, when they are a copy this cache was told about (`remember`).
    public func database(forCopy bytes: Data) -> LocalDatabase? {
        copies.last { $0.bytes == bytes }?.database
    }

    /// Keeps `database` as what the copy `bytes` decode to (the oldest copy goes beyond a few).
    func remember(copy bytes: Data, decodesTo database: LocalDatabase) {
        if copies.contains(where: { $0.bytes == bytes }) { return }
        copies.append((bytes, database))
        if copies.count > Self.keptCopies { copies.removeFirst() }
    }
}
