import AppPorts
import CRDT

extension Minuta {
    /// The seed's `HybridStorageService` (l.825-929): migrates on first use, reads Automerge and
    /// falls back to (or merges in) legacy JSON until the migration is complete, always writes to
    /// Automerge. Every process that uses storage makes its own (the app, each App Intent), with
    /// its own caches (seed l.948, l.990).
    public actor HybridStorageService {
        let legacy: LocalFileStorageService
        let automerge: AutomergeStorageService
        let migration: MigrationService
        let resolver: ConflictResolutionService
        let variant: MinutaVariant
        public private(set) var migrationComplete = false

        /// `pause`: how the app waits (nil: it never does; see `AutomergeStorageService.saveRecord`);
        /// `probe`: where a record's move into another month says it begins.
        public init(files: any CoordinatedFileStore, defaults: any KeyValueStore, clock: any WallClock, ids: any IDGenerator,
                    variant: MinutaVariant, pause: (any Pause)? = nil, probe: any PhaseProbe = NoPhaseProbe()) {
            self.variant = variant
            legacy = LocalFileStorageService(files: files, clock: clock)
            automerge = AutomergeStorageService(files: files, clock: clock, ids: ids, variant: variant, pause: pause, probe: probe)
            migration = MigrationService(files: files, defaults: defaults, clock: clock, ids: ids, variant: variant)
            resolver = ConflictResolutionService(files: files, ids: ids, variant: variant)
        }

        /// Seed l.838-846.
        @discardableResult
        public func checkAndMigrate() async throws -> MigrationService.MigrationResult? {
            if await migration.needsMigration {
                let result = try await migration.migrate()
                migrationComplete = result.isComplete
                return result
            }
            migrationComplete = true
            return nil
        }

        /// Merges conflict copies, then (`fixed`) repairs an interrupted month move; drops caches.
        public func resolveConflicts() async throws -> ConflictResolutionService.ResolutionResult {
            let result = try await resolver.resolveConflicts()
            try await automerge.repairLayout()
            return result
        }

        // MARK: - Tags

        /// Seed l.850-856: Automerge tags if there are any, else legacy (`fixed`: both, by id).
        public func loadTags() async throws -> [Tag] {
            if migrationComplete { return try await automerge.loadTags() }
            let automergeTags = try await automerge.loadTags()
            if variant.has(.dualReadEitherOr) { return automergeTags.isEmpty ? try await legacy.loadTags() : automergeTags }
            let known = Set(automergeTags.map(\.id))
            return (automergeTags + (try await legacy.loadTags()).filter { !known.contains($0.id) }).sorted { $0.id < $1.id }
        }

        public func saveTags(_ tags: [Tag], previous: [Tag]? = nil) async throws {
            try await automerge.saveTags(tags, previous: previous)
        }

        // MARK: - Records

        public func loadAllRecords() async throws -> [TimeRecord] {
            if migrationComplete { return try await automerge.loadAllRecords() }
            return mergeRecords(try await automerge.loadAllRecords(), try await legacy.loadAllRecords())
        }

        public func loadRunningRecords() async throws -> [TimeRecord] {
            try await loadAllRecords().filter(\.isRunning)
        }

        /// Seed l.863-870: the records starting in `start...end` (the app's date-range screens),
        /// Automerge's, plus legacy ones Automerge lacks until the migration is complete. The
        /// plan merges the two stores range by range, so a record whose start an edit moved out of
        /// the range in Automerge still shows from its legacy copy (`dual-read-either-or`);
        /// `fixed` leaves out every legacy record Automerge has, as the list does.
        public func loadRecords(from start: Int64, to end: Int64) async throws -> [TimeRecord] {
            let inRange = try await automerge.loadRecords(from: start, to: end)
            if migrationComplete { return inRange }
            let legacyInRange = try await legacy.loadRecords(from: start, to: end)
            if variant.has(.dualReadEitherOr) { return mergeRecords(inRange, legacyInRange) }
            let known = Set(try await automerge.loadAllRecords().map(\.id))
            return mergeRecords(inRange, legacyInRange.filter { !known.contains($0.id) })
        }

        /// Seed l.886-890: Automerge records plus legacy records Automerge does not have.
        func mergeRecords(_ automergeRecords: [TimeRecord], _ legacyRecords: [TimeRecord]) -> [TimeRecord] {
            let automergeIds = Set(automergeRecords.map(\.id))
            let uniqueLegacy = legacyRecords.filter { !automergeIds.contains($0.id) }
            return (automergeRecords + uniqueLegacy).sorted { ($0.startTime, $0.id) > ($1.startTime, $1.id) }
        }

        public func saveRecord(_ record: TimeRecord, previous: TimeRecord? = nil) async throws {
            try await automerge.saveRecord(record, previous: previous)
        }

        public func updateRecord(_ record: TimeRecord, previous: TimeRecord? = nil) async throws {
            try await automerge.updateRecord(record, previous: previous)
        }

        /// Seed l.900-904: Automerge, then legacy with `try?`. `fixed` leaves the legacy files as
        /// the migration left them (they are the backup; the deterministic migration cannot bring a
        /// deleted record back).
        public func deleteRecord(_ record: TimeRecord) async throws {
            try await automerge.deleteRecord(record)
            if variant.has(.legacyJSONDelete) { try? await legacy.deleteRecord(record) }
        }

        // MARK: - Cache

        /// Seed l.922-928 invalidates in a detached `Task {}`; here directly (no escape).
        public func invalidateCache() async {
            await automerge.invalidateCache()
        }
    }
}
