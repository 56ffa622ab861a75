import SimCore

/// Minuta's ports satisfied by a simulated device: the only place the app's protocols meet the
/// simulator. Paths are relative to the app's Documents directory (`Minuta/tags.automerge`).

/// The device's files. Every call first yields, so each file operation is an await point where
/// the process can be killed and the sync daemon can run; `coordinatedWrite` yields once, then
/// reads, transforms and writes in one step (what `NSFileCoordinator` guarantees).
struct MinutaDeviceFiles: Minuta.FileStore {
    let context: DeviceContext
    /// Counts this app's writes and removals in the synced folder (for the healing fixpoint;
    /// the migration's backup next to the folder is not synced and does not count).
    var counter: WriteCounter?

    func count(_ path: String) {
        if path.hasPrefix(Minuta.StoragePaths.folder) { counter?.add() }
    }

    func read(_ path: String) async throws -> [UInt8]? {
        await Task.yield()
        return context.readFile(path)
    }

    func write(_ path: String, _ bytes: [UInt8]) async throws {
        await Task.yield()
        try context.writeFile(path, bytes)
        count(path)
    }

    func remove(_ path: String) async throws {
        await Task.yield()
        guard context.readFile(path) != nil else { return }
        try context.removeFile(path)
        count(path)
    }

    func list(prefix: String) async throws -> [String] {
        await Task.yield()
        return context.listFiles(prefix: prefix)
    }

    func coordinatedWrite(_ path: String, _ transform: ([UInt8]?) throws -> [UInt8]?) async throws {
        await Task.yield()
        if let bytes = try transform(context.readFile(path)) {
            guard bytes != context.readFile(path) else { return }
            try context.writeFile(path, bytes)
            count(path)
        }
    }
}

/// One process's `UserDefaults.standard`. The app and its App Intents extension are separate
/// processes with separate defaults domains (`domain` prefixes the keys of the extension).
struct MinutaDeviceDefaults: Minuta.KeyValueStore {
    let context: DeviceContext
    var domain = ""

    func string(forKey key: String) -> String? { context.defaultsValue(forKey: domain + key)?.stringValue }
    func bool(forKey key: String) -> Bool { context.defaultsValue(forKey: domain + key)?.boolValue ?? false }
    // UserDefaults.set cannot fail; a write from a dead process simply never happens.
    func set(_ value: String?, forKey key: String) {
        try? context.setDefaultsValue(value.map { .string($0) }, forKey: domain + key)
    }
    func set(_ value: Bool, forKey key: String) { try? context.setDefaultsValue(.bool(value), forKey: domain + key) }
    @discardableResult
    func synchronize() -> Bool { (try? context.synchronizeDefaults()) != nil }
}

/// The device's wall clock (skewed) and time zone.
struct MinutaDeviceClock: Minuta.WallClock {
    let context: DeviceContext
    var nowMilliseconds: Int64 { context.wallClockMilliseconds() }
    var utcOffsetSeconds: Int { context.utcOffsetSeconds }
}

/// `UUID()` and automerge-swift's random actor ids on the device: seeded, fresh per launch.
struct MinutaDeviceIDs: Minuta.IDGenerator {
    let context: DeviceContext
    func uuid() -> String { context.makeUUID().uppercased() }
    func actorId() -> ActorId { ActorId(context.makeUUID().replacingOccurrences(of: "-", with: "")) }
}
