import AppPorts
import CRDT

extension Minuta.MigrationService {
    typealias Tag = Minuta.Tag
    typealias TimeRecord = Minuta.TimeRecord
    typealias AutomergeTag = Minuta.AutomergeTag
    typealias AutomergeTimeRecord = Minuta.AutomergeTimeRecord
    typealias MigrationDocuments = Minuta.MigrationDocuments

    /// Writes the legacy tags. `fixed` merges each tag's deterministic change. MI-15: a new object
    /// for every tag the local document lacks. MI-16: an existing tag gets every legacy field put
    /// again, and every tag not in the legacy list is deleted (the seed's `saveTags`, l.430-433).
    func writeTags(_ tags: [Tag]) async throws {
        let document = try await automerge.loadTagsDocument()
        for tag in tags.sorted(by: { $0.id < $1.id }) {
            let existed = AutomergeTag.find(document, tag.id) != nil
            if variant.has(.perDeviceMigrationObjects) {
                if !existed { _ = try AutomergeTag.create(in: document, at: .ROOT, tag: tag) }
            } else {
                try document.merge(other: MigrationDocuments.tag(tag))
            }
            if variant.has(.migrationRegressesEdits), existed, let wrapper = AutomergeTag.find(document, tag.id) {
                try wrapper.setAll(tag)
            }
        }
        if variant.has(.migrationRegressesEdits) {
            let legacyIds = Set(tags.map(\.id))
            for key in try document.keys(obj: .ROOT) where !legacyIds.contains(key) {
                try document.delete(obj: .ROOT, key: key)
            }
        }
        try await automerge.saveDocument(document, Minuta.StoragePaths.tagsDocument)
    }

    /// Writes one legacy record into its month document, as `writeTags` does for tags.
    func writeRecord(_ record: TimeRecord) async throws {
        let month = await automerge.yearMonth(from: record.startTime)
        let document = try await automerge.loadRecordDocument(month)
        let existed = AutomergeTimeRecord.find(document, record.id) != nil
        if variant.has(.perDeviceMigrationObjects) {
            if !existed {
                _ = try AutomergeTimeRecord.create(in: document, at: .ROOT, record: record, recreateImages: variant.has(.imagesListRecreated))
            }
        } else {
            try document.merge(other: MigrationDocuments.record(record))
        }
        if variant.has(.migrationRegressesEdits), existed, let wrapper = AutomergeTimeRecord.find(document, record.id) {
            try await automerge.write(record, previous: nil, into: wrapper)
        }
        try await automerge.saveRecordDocument(month)
    }

    /// The seed's check (l.704-710) compares counts only. `fixed`: every legacy tag's and
    /// record's migration change is in the documents on disk now (later edits and deletes are
    /// causally after it, so they do not make the check fail).
    public func verifyMigration() async throws -> Bool {
        let legacyTags = try await legacy.loadTags()
        let legacyRecords = try await legacy.loadAllRecords()
        await automerge.invalidateCache()
        if variant.has(.countOnlyVerification) {
            let automergeTags = try await automerge.loadTags()
            let automergeRecords = try await automerge.loadAllRecords()
            return legacyTags.count == automergeTags.count && legacyRecords.count == automergeRecords.count
        }
        let tagsDocument = try await automerge.loadTagsDocument()
        for tag in legacyTags where !MigrationDocuments.contains(tagsDocument, try MigrationDocuments.tag(tag)) {
            return false
        }
        for record in legacyRecords {
            let document = try await automerge.loadRecordDocument(await automerge.yearMonth(from: record.startTime))
            if !MigrationDocuments.contains(document, try MigrationDocuments.record(record)) { return false }
        }
        return true
    }

    /// Removes `tags.json` and every `records/**/*.json`, keeping images (seed l.712-728).
    public func cleanupLegacyData() async throws {
        for path in try await legacy.legacyPaths() {
            try await files.remove(Minuta.StoragePaths.folder + path)
        }
    }
}
