import AppPorts
import CRDT

extension Minuta {
    /// The seed's `MigrationService` (l.598-733): backup, tags, records, a completion flag in
    /// `UserDefaults`; `verifyMigration` and `cleanupLegacyData` as separate calls.
    ///
    /// `fixed`: the flag holds the fingerprint of the legacy files it verified, so legacy files
    /// that arrive later (the folder was still syncing) migrate on the next launch; each entity is
    /// written as a deterministic change (`MigrationDocuments`); `migrate` verifies that every
    /// legacy entity's change is in the stored documents before it sets the flag, and flushes it.
    public actor MigrationService {
        public static let migrationCompleteKey = "automerge_migration_complete_v1"

        /// What one run did (seed l.606-613).
        public struct MigrationResult: Sendable {
            public let tagsCount: Int
            public let recordsCount: Int
            public let imagesCount: Int
            public let errors: [String]
            public let verified: Bool
            public var isComplete: Bool { errors.isEmpty && verified }
        }

        let legacy: LocalFileStorageService
        let automerge: AutomergeStorageService
        let files: any CoordinatedFileStore
        let defaults: any KeyValueStore
        let clock: any WallClock
        let variant: MinutaVariant

        public init(files: any CoordinatedFileStore, defaults: any KeyValueStore, clock: any WallClock, ids: any IDGenerator, variant: MinutaVariant) {
            self.files = files
            self.defaults = defaults
            self.clock = clock
            self.variant = variant
            self.legacy = LocalFileStorageService(files: files, clock: clock)
            // The seed gives the migration its own storage service, with its own cache (l.620).
            self.automerge = AutomergeStorageService(files: files, clock: clock, ids: ids, variant: variant)
        }

        /// Seed l.628-635: `tags.json` exists and the flag is not set. `fixed`: some legacy file
        /// exists and the flag is not the fingerprint of the legacy files now in the folder.
        public var needsMigration: Bool {
            get async {
                guard let paths = try? await legacy.legacyPaths() else { return false }
                if variant.has(.countOnlyVerification) {
                    return paths.contains(StoragePaths.legacyTags) && !defaults.bool(forKey: Self.migrationCompleteKey)
                }
                // The seed looks for `tags.json` alone (l.630-632).
                if variant.has(.migrationKeyedOnTagsFile) && !paths.contains(StoragePaths.legacyTags) { return false }
                guard !paths.isEmpty, let print = try? await fingerprint(paths) else { return false }
                return defaults.string(forKey: Self.migrationCompleteKey) != print
            }
        }

        /// FNV-1a over every legacy file's path and bytes, in path order.
        func fingerprint(_ paths: [String]) async throws -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for path in paths {
                for byte in Array(path.utf8) + (try await files.read(StoragePaths.folder + path) ?? []) {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            return "v1:" + String(hash, radix: 16)
        }

        public func migrate() async throws -> MigrationResult {
            var errors: [String] = []
            let paths = try await legacy.legacyPaths()
            let print = try await fingerprint(paths)
            try await createBackup()
            let tagsCount = try await migrateTags(errors: &errors)
            let (recordsCount, imagesCount) = try await migrateRecords(errors: &errors)
            var verified = true
            if !variant.has(.countOnlyVerification) {
                verified = try await verifyMigration()
                // The fingerprint must still be that of the files migrated: a legacy file that
                // arrived meanwhile is migrated next time.
                let now = try await fingerprint(try await legacy.legacyPaths())
                verified = verified && now == print
            }
            if errors.isEmpty && verified {
                if variant.has(.countOnlyVerification) {
                    defaults.set(true, forKey: Self.migrationCompleteKey)
                } else {
                    defaults.set(print, forKey: Self.migrationCompleteKey)
                    defaults.synchronize()
                }
            }
            return MigrationResult(tagsCount: tagsCount, recordsCount: recordsCount, imagesCount: imagesCount,
                                   errors: errors, verified: verified)
        }

        /// Copies the storage folder next to itself (seed l.650-657), named by the wall clock.
        func createBackup() async throws {
            let stamp = CivilDate(milliseconds: clock.nowMilliseconds, utcOffsetSeconds: 0).text + "T" + String(clock.nowMilliseconds)
            let backup = "Minuta-backup-" + stamp + "/"
            for path in try await files.list(prefix: StoragePaths.folder) {
                guard let bytes = try await files.read(path) else { continue }
                try await files.write(backup + path.dropFirst(StoragePaths.folder.count), bytes)
            }
        }

        /// Seed l.659-668.
        func migrateTags(errors: inout [String]) async throws -> Int {
            do {
                let tags = try await legacy.loadTags()
                if tags.isEmpty { return 0 }
                if variant.has(.perDeviceMigrationObjects) && variant.has(.migrationRegressesEdits) {
                    try await automerge.saveTags(tags)  // the seed, verbatim (l.664)
                } else {
                    try await writeTags(tags)
                }
                return tags.count
            } catch {
                errors.append("Tags: \(error)")
                return 0
            }
        }

        /// Seed l.670-692: one `saveRecord` per record; a failure is recorded and the loop goes on.
        func migrateRecords(errors: inout [String]) async throws -> (records: Int, images: Int) {
            let allRecords: [TimeRecord]
            do { allRecords = try await legacy.loadAllRecords() } catch {
                errors.append("Records load: \(error)")
                return (0, 0)
            }
            var migratedRecords = 0, migratedImages = 0
            for record in allRecords {
                do {
                    if variant.has(.perDeviceMigrationObjects) && variant.has(.migrationRegressesEdits) {
                        try await automerge.saveRecord(record)  // the seed, verbatim (l.681)
                    } else {
                        try await writeRecord(record)
                    }
                    migratedRecords += 1
                    migratedImages += record.images.count
                } catch {
                    errors.append("Record \(record.id): \(error)")
                }
            }
            return (migratedRecords, migratedImages)
        }

        public static func resetMigrationState(_ defaults: any KeyValueStore) {
            defaults.set(nil as String?, forKey: migrationCompleteKey)
        }
    }
}
