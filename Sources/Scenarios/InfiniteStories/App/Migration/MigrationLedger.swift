import AppPorts
import SimValues
import Foundation

/// The fixed variant's durable record of a migration, under `Documents/Migration/`: which account
/// the store belongs to, the local → server id of every entity already created (one small file
/// per entity, written before its children are sent), the uploaded media, a generation that
/// scopes idempotency keys (bumped by a rollback, so a new attempt never replays a deleted
/// row), and a marker for a rollback that has not finished.
///
/// Entries are per account: a mapping to one account's server ids means nothing in another.
public final class MigrationLedger: @unchecked Sendable {
    static let root = "Documents/Migration/"
    static let ownerPath = root + "owner"
    /// The marker of a rollback that has not finished (it holds the account).
    public static let rollbackPath = root + "rollback-pending"
    static let generationPath = root + "generation"

    /// One created entity: its server id, the hash of the content last sent, and the generation
    /// (attempt) that created it: a completed migration bumps the generation, so a later
    /// rollback leaves what earlier, completed runs created.
    struct Entry: Equatable {
        var serverId: String
        var hash: UInt64
        var generation: Int
        /// How many PATCHes of this entity have begun, and the content hash the last one carries:
        /// each PATCH body gets its own idempotency key (see `MigrationManager.skipOrPatch`).
        var patches = 0
        var patchHash: UInt64 = 0
    }

    let files: any LocalFileStore
    private var cache: [String: Entry?] = [:]

    init(files: any LocalFileStore) { self.files = files }

    // MARK: Account, generation, rollback marker

    /// The account this store's data was (or is being) migrated to.
    var owner: String? { text(Self.ownerPath) }
    func claim(_ account: String) throws { try write(Self.ownerPath, account) }

    var generation: Int { text(Self.generationPath).flatMap { Int($0) } ?? 0 }
    func bumpGeneration() throws { try write(Self.generationPath, String(generation + 1)) }

    /// The account whose rollback is unfinished.
    var pendingRollback: String? { text(Self.rollbackPath) }
    func markRollback(_ account: String) throws { try write(Self.rollbackPath, account) }
    func clearRollback() throws { try files.remove(path: Self.rollbackPath) }

    // MARK: Entries

    func entry(_ kind: EntityKind, _ localId: String, account: String) -> Entry? {
        let path = Self.entryPath(kind, localId, account)
        if let cached = cache[path] { return cached }
        var found: Entry?
        if let text = text(path) {
            let parts = text.split(separator: " ")
            if parts.count == 3 || parts.count == 5, let hash = UInt64(parts[1]), let generation = Int(parts[2]) {
                found = Entry(serverId: String(parts[0]), hash: hash, generation: generation)
                if parts.count == 5, let patches = Int(parts[3]), let patchHash = UInt64(parts[4]) {
                    found?.patches = patches
                    found?.patchHash = patchHash
                }
            }
        }
        cache[path] = .some(found)
        return found
    }

    func record(_ kind: EntityKind, _ localId: String, account: String, _ entry: Entry) throws {
        let path = Self.entryPath(kind, localId, account)
        var text = entry.serverId + " " + String(entry.hash) + " " + String(entry.generation)
        if entry.patches > 0 { text += " " + String(entry.patches) + " " + String(entry.patchHash) }
        try write(path, text)
        cache[path] = .some(entry)
    }

    func media(_ kind: MediaKind, of entityId: String, account: String) -> String? { text(Self.mediaPath(kind, entityId, account)) }
    func recordMedia(_ kind: MediaKind, of entityId: String, account: String, url: String) throws {
        try write(Self.mediaPath(kind, entityId, account), url)
    }

    /// Forgets everything recorded for these entities under `account`.
    func clear(_ keys: [(EntityKind, String)], media: [(MediaKind, String)], account: String) throws {
        for (kind, id) in keys {
            let path = Self.entryPath(kind, id, account)
            try files.remove(path: path)
            cache[path] = .some(nil)
        }
        for (kind, id) in media { try files.remove(path: Self.mediaPath(kind, id, account)) }
    }

    static func entryPath(_ kind: EntityKind, _ id: String, _ account: String) -> String {
        root + account + "/" + kind.rawValue + "-" + id
    }

    static func mediaPath(_ kind: MediaKind, _ id: String, _ account: String) -> String {
        root + account + "/file-" + kind.rawValue + "-" + id
    }

    private func text(_ path: String) -> String? {
        (try? files.read(path: path)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    }

    private func write(_ path: String, _ text: String) throws { try files.write(path: path, data: Data(text.utf8)) }
}
