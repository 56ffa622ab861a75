import AppPorts
import AppleStandIns
import Foundation

/// The app's `BackupService` (seed l.321-335): copies of the store file under `Backups/`, listed in
/// an index file. Periodic every 7 days (l.323), before every migration (l.325-328, commented out
/// in the plan itself), and on request. A restore replaces the store file with a backup's bytes.
///
/// Fixed: each backup is a new file written atomically, read back and compared before it counts
/// (a backup that was never read back is not known to restore); a restore refuses a backup made
/// by a version this build does not know, and first backs up the store it replaces.
/// `naive-backup-copy`: one file copied over in place without `.atomic`, errors ignored.
public final class BackupService {
    /// One backup in the index.
    public struct Entry: Codable, Sendable, Hashable {
        /// The backup file.
        public var path: String
        /// When it was taken (wall clock, Unix milliseconds).
        public var takenAtMillis: Int64
        /// The schema version of the store it holds.
        public var versionIdentifier: String
        /// The version hash of the store it holds.
        public var versionHash: String
        /// `periodic`, `pre-migration`, `manual` or `before-restore`.
        public var reason: String
    }

    /// Why a restore was refused or failed.
    public enum RestoreError: Error, Sendable, Equatable {
        case missing(String), corrupt(String), newerVersion(String)
    }

    /// The index file listing every backup (`Entry` values, JSON).
    public static let indexPath = "Backups/index.json"
    static let periodMillis: Int64 = 7 * 24 * 3600 * 1000

    let disk: StoreDisk
    let clock: any WallClock
    let build: SwiffBuild
    let probe: any PhaseProbe
    let storePath: String

    /// Backups of the store at `storePath` on `disk`.
    public init(disk: StoreDisk, clock: any WallClock, build: SwiffBuild, probe: any PhaseProbe, storePath: String) {
        self.disk = disk
        self.clock = clock
        self.build = build
        self.probe = probe
        self.storePath = storePath
    }

    var naive: Bool { build.variant.has(.naiveBackupCopy) }

    /// Every backup in the index, oldest first.
    public var entries: [Entry] {
        guard let bytes = disk.read(Self.indexPath) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: Data(bytes))) ?? []
    }

    /// The newest backup (the seed's `latestBackup`).
    public var latestBackup: Entry? { entries.max { ($0.takenAtMillis, $0.path) < ($1.takenAtMillis, $1.path) } }

    /// Copies the store now. Throws when the store is missing or the copy is not verified.
    @discardableResult
    /// Copies the store now. Throws when the store is missing or the copy is not verified.
    public func createBackup(reason: String) async throws -> Entry {
        probe.enter("backup.copy")
        await Task.yield()
        guard let bytes = disk.read(storePath), let metadata = StoreMetadataReader.metadata(bytes) else { throw RestoreError.missing(storePath) }
        let now = clock.nowMilliseconds
        var list = entries
        let path = naive ? "Backups/latest.store" : "Backups/\(now)-\(list.count)-\(reason).store"
        let entry = Entry(path: path, takenAtMillis: now, versionIdentifier: metadata.versionIdentifier,
                          versionHash: metadata.versionHash, reason: reason)
        if naive {
            try? await disk.writeNonAtomically(path, bytes, chunkSize: 1_024)
            list = [entry]
        } else {
            try disk.writeAtomically(path, bytes)
            await Task.yield()
            guard disk.read(path) == bytes, StoreMetadataReader.metadata(bytes) != nil else { throw RestoreError.corrupt(path) }
            list.append(entry)
        }
        try disk.writeAtomically(Self.indexPath, Self.encode(list))
        return entry
    }

    /// The backup before a migration: reuses the newest one when it already holds exactly the store.
    public func createPreMigrationBackup() async throws {
        if !naive, let newest = entries.last(where: { $0.reason == "pre-migration" }), let bytes = disk.read(storePath),
            disk.read(newest.path) == bytes {
            return
        }
        try await createBackup(reason: "pre-migration")
    }

    /// The periodic backup: when the newest backup is 7 days old or there is none.
    public func periodicBackupIfDue() async {
        if let latest = latestBackup, clock.nowMilliseconds - latest.takenAtMillis < Self.periodMillis { return }
        _ = try? await createBackup(reason: "periodic")
    }

    /// `restore(from:)`: replaces the store file with the backup's bytes. The caller must not hold
    /// the store open (the app restarts after a restore).
    public func restore(from path: String) async throws {
        probe.enter("restore")
        await Task.yield()
        guard let bytes = disk.read(path) else { throw RestoreError.missing(path) }
        guard let metadata = StoreMetadataReader.metadata(bytes) else { throw RestoreError.corrupt(path) }
        if !build.variant.has(.restoreIgnoresVersion) {
            let known = build.planSchemas.map { VersionHash.of($0, uniqueness: .participates) }
            guard known.contains(metadata.versionHash) else { throw RestoreError.newerVersion(metadata.versionIdentifier) }
        }
        if disk.read(storePath) != nil { try await createBackup(reason: "before-restore") }
        try disk.writeAtomically(storePath, bytes)
    }

    static func encode(_ entries: [Entry]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(entries)) ?? Data())
    }
}
