import AppPorts
import CRDT

extension Minuta {
    /// The seed's `AutomergeStorageService` (l.363-592): tags in one document, records in one
    /// document per month, whole-file writes.
    ///
    /// `fixed` differs where the variant says: it loads the file (and any conflict copies of it)
    /// and merges it into its cache before every read and write, and writes through a coordinated
    /// read-merge-write (MI-1); it files a record by its start time in UTC (MI-13) and moves it out
    /// of its old month (MI-12); it writes only what the caller changed (`previous`) and never
    /// re-creates a record deleted elsewhere; it edits the images list in place (MI-9); it deletes
    /// only the tags the caller removed (MI-11).
    public actor AutomergeStorageService {
        let files: any CoordinatedFileStore
        let clock: any WallClock
        let ids: any IDGenerator
        let variant: MinutaVariant
        let names: ConflictNames
        /// How `fixed` waits for a moved record's new month to arrive (nil: it does not wait).
        let pause: (any Pause)?
        /// Told when a record's move into another month begins (a kill's cue in simulation).
        let probe: any PhaseProbe
        var tagsDocument: Document?
        var recordDocuments: [String: Document] = [:]
        private let maxCachedDocuments = 12
        /// Per path, the file's bytes as last merged into a cached document: a read
        /// that finds the same bytes under the same document skips parsing them, since merging
        /// them again would change nothing (a real app would compare the file's modification date).
        private var mergedFile: [String: (document: Document, bytes: [UInt8])] = [:]

        public init(files: any CoordinatedFileStore, clock: any WallClock, ids: any IDGenerator, variant: MinutaVariant,
                    pause: (any Pause)? = nil, probe: any PhaseProbe = NoPhaseProbe()) {
            self.files = files
            self.probe = probe
            self.clock = clock
            self.ids = ids
            self.variant = variant
            self.pause = pause
            self.names = ConflictNames(variant: variant)
        }

        func has(_ defect: MinutaDefect) -> Bool { variant.has(defect) }

        // MARK: - Documents on disk

        /// The document stored at `path` (relative to the storage folder); `fixed` also merges the
        /// file's conflict copies and its hidden conflict versions (iCloud), so a write never drops
        /// what the provider set aside, and an edit is made on top of every write it could know.
        /// The file's bytes too. When `cached` already holds these bytes (`mergedFile`), they are
        /// not parsed again: only conflict copies and versions are read.
        private func readDocument(_ path: String, into cached: Document?) async throws -> (document: Document?, bytes: [UInt8]?) {
            let bytes = try await files.read(StoragePaths.folder + path)
            var document: Document?
            if let bytes, let cached, let last = mergedFile[path], last.document === cached, last.bytes == bytes {
                document = nil
            } else {
                document = try bytes.map { try load($0, path) }
            }
            guard !has(.cachedDocumentOverwrite) else { return (document, bytes) }
            for copy in try await conflictCopies(of: path) {
                // A copy that does not load (still downloading) is left for conflict resolution.
                guard let bytes = try await files.read(StoragePaths.folder + copy), let other = try? load(bytes, copy) else { continue }
                if let document { try document.merge(other: other) } else { document = other }
            }
            guard !has(.icloudVersionsIgnored) else { return (document, bytes) }
            for version in try await files.unresolvedConflictVersions(StoragePaths.folder + path) {
                // Resolved by conflict resolution once merged into the file; one that does not load stays.
                guard let other = try? load(version.bytes, path) else { continue }
                if let document { try document.merge(other: other) } else { document = other }
            }
            return (document, bytes)
        }

        func load(_ bytes: [UInt8], _ path: String) throws -> Document {
            do { return try Document(bytes, actor: ids.actorId()) } catch {
                throw StorageError.documentCorrupted(path: path, details: "\(error)")
            }
        }

        /// Conflict copies of `path` in its directory, sorted.
        func conflictCopies(of path: String) async throws -> [String] {
            let directory = ConflictNames.split(path).directory
            let listed = try await files.list(prefix: StoragePaths.folder + directory)
            return listed.map { String($0.dropFirst(StoragePaths.folder.count)) }
                .filter { !$0.dropFirst(directory.count).contains("/") && $0 != path && names.primaryPath($0) == path }
        }

        /// The seed returns the cached document (l.400, l.452); `fixed` merges the file into it.
        func loadDocument(_ path: String, cached: Document?) async throws -> Document {
            if has(.cachedDocumentOverwrite), let cached { return cached }
            let disk = try await readDocument(path, into: cached)
            let document: Document
            if let cached {
                if let loaded = disk.document { try cached.merge(other: loaded) }
                document = cached
            } else {
                document = disk.document ?? Document(actor: ids.actorId())
            }
            if let bytes = disk.bytes { mergedFile[path] = (document, bytes) }
            return document
        }

        /// The seed writes the document over the file (l.415, l.470); `fixed` merges what is on
        /// disk at that instant first, in one coordinated step.
        func saveDocument(_ document: Document, _ path: String) async throws {
            if has(.cachedDocumentOverwrite) {
                try await files.write(StoragePaths.folder + path, document.save())
                return
            }
            let actor = ids.actorId()
            try await files.coordinatedWrite(StoragePaths.folder + path) { disk in
                if let disk {
                    let other: Document
                    do { other = try Document(disk, actor: actor) } catch {
                        throw StorageError.documentCorrupted(path: path, details: "\(error)")
                    }
                    try document.merge(other: other)
                }
                return document.save()
            }
        }

        // MARK: - Tags

        func loadTagsDocument() async throws -> Document {
            let document = try await loadDocument(StoragePaths.tagsDocument, cached: tagsDocument)
            tagsDocument = document
            return document
        }

        public func loadTags() async throws -> [Tag] {
            AutomergeTag.all(in: try await loadTagsDocument())
        }

        /// The seed's `saveTags` (l.430-446) takes the whole list and deletes every other tag;
        /// `fixed` deletes only tags that were in `previous` (what the caller loaded) and are gone,
        /// writes only changed fields, and does not re-create a tag deleted elsewhere.
        public func saveTags(_ tags: [Tag], previous: [Tag]? = nil) async throws {
            let document = try await loadTagsDocument()
            let newKeys = Set(tags.map(\.id))
            let removable = has(.saveTagsDeletesUnknown) || previous == nil
                ? try document.keys(obj: .ROOT) : (previous ?? []).map(\.id)
            for key in removable.sorted() where !newKeys.contains(key) && AutomergeTag.find(document, key) != nil {
                try document.delete(obj: .ROOT, key: key)
            }
            for tag in tags {
                let before = previous?.first { $0.id == tag.id }
                if let wrapper = AutomergeTag.find(document, tag.id) {
                    if let before, !has(.wholeRecordPut) { try wrapper.setChanged(tag, from: before) } else { try wrapper.setAll(tag) }
                } else if before == nil || has(.wholeRecordPut) {
                    _ = try AutomergeTag.create(in: document, at: .ROOT, tag: tag)
                }
            }
            try await saveDocument(document, StoragePaths.tagsDocument)
        }

        // MARK: - Records

        /// The seed's `yearMonth` uses `Calendar.current` (l.586-589); `fixed` a declared zone, UTC.
        func yearMonth(from milliseconds: Int64) -> YearMonth {
            YearMonth(milliseconds: milliseconds, utcOffsetSeconds: has(.deviceCalendarMonth) ? clock.utcOffsetSeconds : 0)
        }

        func loadRecordDocument(_ month: YearMonth) async throws -> Document {
            if recordDocuments[month.key] == nil { evictOldDocumentsIfNeeded() }
            let document = try await loadDocument(StoragePaths.recordDocument(month), cached: recordDocuments[month.key])
            recordDocuments[month.key] = document
            return document
        }

        func saveRecordDocument(_ month: YearMonth) async throws {
            guard let document = recordDocuments[month.key] else { return }
            try await saveDocument(document, StoragePaths.recordDocument(month))
        }

        /// The seed drops the lowest keys when the cache is full (l.474-479).
        func evictOldDocumentsIfNeeded() {
            guard recordDocuments.count >= maxCachedDocuments else { return }
            for key in recordDocuments.keys.sorted().prefix(recordDocuments.count - maxCachedDocuments + 1) {
                guard let evicted = recordDocuments.removeValue(forKey: key) else { continue }
                mergedFile = mergedFile.filter { $0.value.document !== evicted }  // let the evicted document go
            }
        }

        /// Months with a document on disk (seed l.493-503), sorted.
        func monthsOnDisk() async throws -> [YearMonth] {
            let listed = try await files.list(prefix: StoragePaths.folder + StoragePaths.recordsDirectory)
            let months = listed.compactMap { StoragePaths.month(of: String($0.dropFirst(StoragePaths.folder.count)), ext: "automerge") }
            return Array(Set(months)).sorted()
        }

        public func loadAllRecords() async throws -> [TimeRecord] {
            var records: [TimeRecord] = []
            for month in try await monthsOnDisk() {
                records += AutomergeTimeRecord.all(in: try await loadRecordDocument(month))
            }
            if !has(.monthMoveDuplicates) {
                let deleted = try await tombstones()
                records.removeAll { deleted.contains($0.id) }
            }
            return records.sorted { ($0.startTime, $0.id) > ($1.startTime, $1.id) }
        }

        /// Records starting in `start...end`, newest first (seed l.480-491): the records of each month
        /// bucket between the two, filtered to the range. `fixed` walks the buckets from the
        /// start's to the end's and drops tombstoned ids, as `loadAllRecords` does.
        public func loadRecords(from start: Int64, to end: Int64) async throws -> [TimeRecord] {
            var records: [TimeRecord] = []
            for month in monthsBetween(start, end) {
                records += AutomergeTimeRecord.all(in: try await loadRecordDocument(month))
                    .filter { $0.startTime >= start && $0.startTime <= end }
            }
            if !has(.monthMoveDuplicates) {
                let deleted = try await tombstones()
                records.removeAll { deleted.contains($0.id) }
            }
            return records.sorted { ($0.startTime, $0.id) > ($1.startTime, $1.id) }
        }

        /// The month buckets a range read opens. The seed's `monthsBetween` (l.590-600) adds one
        /// calendar month to the range's start while it is not after the end, so the end's month
        /// is left out whenever the end falls earlier in its month than the start in its own
        /// (Jan 20 to Feb 5 opens January only): `range-end-month-skipped`. Calendar arithmetic as
        /// `Calendar.current` does it, in the zone `yearMonth` files by: the day clamped to the
        /// shorter month.
        func monthsBetween(_ start: Int64, _ end: Int64) -> [YearMonth] {
            var months: [YearMonth] = []
            if has(.rangeEndMonthSkipped) {
                var current = start
                while current <= end && months.count < 1200 {
                    months.append(yearMonth(from: current))
                    current = Self.addingOneMonth(to: current, utcOffsetSeconds: has(.deviceCalendarMonth) ? clock.utcOffsetSeconds : 0)
                }
                return months
            }
            var month = yearMonth(from: start)
            let last = yearMonth(from: end)
            while month <= last && months.count < 1200 {
                months.append(month)
                month = month.next
            }
            return months
        }

        /// `calendar.date(byAdding: .month, value: 1, to:)` in a fixed-offset zone: same day and
        /// time of day a month later, the day clamped to the next month's length.
        static func addingOneMonth(to milliseconds: Int64, utcOffsetSeconds offset: Int) -> Int64 {
            let date = CivilDate(milliseconds: milliseconds, utcOffsetSeconds: offset)
            let timeOfDay = milliseconds - date.startMilliseconds(utcOffsetSeconds: offset)
            let next = YearMonth(year: date.year, month: date.month).next
            let nextStart = CivilDate(year: next.year, month: next.month, day: 1).startMilliseconds(utcOffsetSeconds: offset)
            let after = next.next
            let afterStart = CivilDate(year: after.year, month: after.month, day: 1).startMilliseconds(utcOffsetSeconds: offset)
            let length = Int((afterStart - nextStart) / 86_400_000)
            let day = CivilDate(year: next.year, month: next.month, day: min(date.day, length))
            return day.startMilliseconds(utcOffsetSeconds: offset) + timeOfDay
        }

        public func loadRunningRecords() async throws -> [TimeRecord] {
            try await loadAllRecords().filter(\.isRunning)
        }

        public func invalidateCache() {
            tagsDocument = nil
            recordDocuments.removeAll()
            mergedFile.removeAll()
        }
    }
}
