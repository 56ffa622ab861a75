import AppPorts
import CRDT

extension Minuta.AutomergeStorageService {
    /// The seed's `saveRecord` (l.519-533): into the month of the start time; update the object
    /// if the key is there, else create one. `previous` is the record as the caller loaded it
    /// (nil for a new record).
    ///
    /// `fixed` finds the record where it lives now (any month). It stays there unless the caller
    /// changed its start into another month: a stale copy of the start (another device moved the
    /// record meanwhile) never moves it back. A record with a delete tombstone was deleted
    /// elsewhere and is not re-created. A record in no month without a tombstone was moved by
    /// another device into a month file that has not arrived here yet (a folder syncs files in
    /// any order; iCloud shows a file not yet downloaded as a hidden placeholder): the edit waits
    /// for it, up to `transitWaitMilliseconds`, and only then is refused as deleted.
    public func saveRecord(_ record: Minuta.TimeRecord, previous: Minuta.TimeRecord? = nil) async throws {
        let target = yearMonth(from: record.startTime)
        let document = try await loadRecordDocument(target)
        if has(.monthMoveDuplicates) {
            if let wrapper = Minuta.AutomergeTimeRecord.find(document, record.id) {
                try write(record, previous: previous, into: wrapper)
            } else {
                _ = try Minuta.AutomergeTimeRecord.create(in: document, at: .ROOT, record: record, recreateImages: has(.imagesListRecreated))
            }
            try await saveRecordDocument(target)
            return
        }
        var (found, deleted) = try await whereIs(record.id, target: target, loaded: document, edit: previous != nil && !has(.wholeRecordPut))
        if found == nil, !deleted, previous != nil, !has(.wholeRecordPut), let pause {
            var waited: Int64 = 0
            while found == nil, !deleted, waited < Self.transitWaitMilliseconds {
                await pause.pause(milliseconds: Self.transitPollMilliseconds)
                waited += Self.transitPollMilliseconds
                (found, deleted) = try await whereIs(record.id, target: target, loaded: try await loadRecordDocument(target), edit: true)
            }
        }
        guard let (month, current) = found, !deleted else {
            if previous != nil && !has(.wholeRecordPut) { throw Minuta.StorageError.recordDeleted(id: record.id) }
            _ = try Minuta.AutomergeTimeRecord.create(in: document, at: .ROOT, record: record, recreateImages: has(.imagesListRecreated))
            try await saveRecordDocument(target)
            return
        }
        let startChanged = previous == nil || has(.wholeRecordPut) || record.startTime != previous!.startTime
        if !startChanged || month == target {
            let holder = try await loadRecordDocument(month)
            if let wrapper = Minuta.AutomergeTimeRecord.find(holder, record.id) {
                try write(record, previous: previous, into: wrapper)
            } else if previous != nil && !has(.wholeRecordPut) {
                // Deleted by a change merged in while this save was looking for the record.
                throw Minuta.StorageError.recordDeleted(id: record.id)
            } else {
                _ = try Minuta.AutomergeTimeRecord.create(in: holder, at: .ROOT, record: record, recreateImages: has(.imagesListRecreated))
            }
            try await saveRecordDocument(month)
        } else {
            try await move(record, previous: previous, from: month, old: current, to: target)
        }
    }

    /// How long an edit waits for a record moved elsewhere to arrive, and how often it looks.
    static let transitWaitMilliseconds: Int64 = 60_000
    static let transitPollMilliseconds: Int64 = 250

    /// The month holding `id` (`target`, whose document is `loaded`, first) with the record
    /// there, and whether a delete tombstone names it (looked up for an edit only).
    func whereIs(_ id: String, target: Minuta.YearMonth, loaded document: Document, edit: Bool) async throws
        -> (found: (Minuta.YearMonth, Minuta.TimeRecord)?, deleted: Bool) {
        let here = Minuta.AutomergeTimeRecord.find(document, id).map { (target, $0.asTimeRecord()) }
        let found = here != nil ? here : try await locate(id, excluding: target)
        return (found, edit ? try await tombstones().contains(id) : false)
    }

    public func updateRecord(_ record: Minuta.TimeRecord, previous: Minuta.TimeRecord? = nil) async throws {
        try await saveRecord(record, previous: previous)
    }

    /// Writes the caller's record into an existing object: every field (seed) or only what
    /// changed since `previous`; images recreated (seed, MI-9) or edited in place.
    func write(_ record: Minuta.TimeRecord, previous: Minuta.TimeRecord?, into wrapper: Minuta.AutomergeTimeRecord) throws {
        let whole = previous == nil || has(.wholeRecordPut)
        if whole { try wrapper.setAllFields(record) } else { try wrapper.setChangedFields(record, from: previous!) }
        if has(.imagesListRecreated) {
            try wrapper.setImages(record.images)
        } else if whole {
            try wrapper.editImages(adding: record.images, removing: wrapper.images.filter { !record.images.contains($0) })
        } else if record.images != previous!.images {
            try wrapper.editImages(adding: record.images.filter { !previous!.images.contains($0) },
                                   removing: previous!.images.filter { !record.images.contains($0) })
        }
    }

    /// The month document (other than `target`) that holds `id`, with the record there.
    func locate(_ id: String, excluding target: Minuta.YearMonth) async throws -> (Minuta.YearMonth, Minuta.TimeRecord)? {
        for month in try await monthsOnDisk() where month != target {
            if let found = Minuta.AutomergeTimeRecord.find(try await loadRecordDocument(month), id) {
                return (month, found.asTimeRecord())
            }
        }
        return nil
    }

    /// `fixed`: a record whose start moved to another month is created there from its current
    /// values plus this edit (with `moveSeq` one higher), and only once that is durable removed
    /// from the old month. An interrupted move leaves two copies; `repairLayout` keeps the newer.
    func move(_ record: Minuta.TimeRecord, previous: Minuta.TimeRecord?, from source: Minuta.YearMonth, old: Minuta.TimeRecord, to target: Minuta.YearMonth) async throws {
        probe.enter("record-move")
        var moved = record
        if let previous, !has(.wholeRecordPut) {
            moved = old
            moved.startTime = record.startTime
            if record.endTime != previous.endTime { moved.endTime = record.endTime }
            if record.tagId != previous.tagId { moved.tagId = record.tagId }
            if record.comment != previous.comment { moved.comment = record.comment }
            moved.images = old.images.filter { !previous.images.contains($0) || record.images.contains($0) }
                + record.images.filter { !previous.images.contains($0) && !old.images.contains($0) }
        }
        let sourceDocument = try await loadRecordDocument(source)
        let seq = Minuta.AutomergeTimeRecord.find(sourceDocument, record.id)?.moveSeq ?? 0
        let document = try await loadRecordDocument(target)
        let created = try Minuta.AutomergeTimeRecord.create(in: document, at: .ROOT, record: moved, recreateImages: has(.imagesListRecreated))
        try created.setMoveSeq(seq + 1)
        try await saveRecordDocument(target)
        let reloaded = try await loadRecordDocument(source)
        if Minuta.AutomergeTimeRecord.find(reloaded, record.id) != nil {
            try reloaded.delete(obj: .ROOT, key: record.id)
            try await saveRecordDocument(source)
        }
    }

    /// The seed's `deleteRecord` (l.535-546) deletes from the month of the start time only;
    /// `fixed` from every month document that holds the id, and leaves a tombstone
    /// (`deleted:<id>` in the month of the start) so that a concurrent move, which re-creates the
    /// record in another month, does not bring it back: delete wins, as in Automerge.
    public func deleteRecord(_ record: Minuta.TimeRecord) async throws {
        if has(.monthMoveDuplicates) {
            let month = yearMonth(from: record.startTime)
            let document = try await loadRecordDocument(month)
            guard Minuta.AutomergeTimeRecord.find(document, record.id) != nil else { return }
            try document.delete(obj: .ROOT, key: record.id)
            try await saveRecordDocument(month)
            return
        }
        let home = yearMonth(from: record.startTime)
        for month in Array(Set(try await monthsOnDisk() + [home])).sorted() {
            let document = try await loadRecordDocument(month)
            let holds = Minuta.AutomergeTimeRecord.find(document, record.id) != nil
            guard holds || month == home else { continue }
            if holds { try document.delete(obj: .ROOT, key: record.id) }
            if month == home { try document.put(obj: .ROOT, key: Self.tombstonePrefix + record.id, value: .Boolean(true)) }
            try await saveRecordDocument(month)
        }
    }

    static var tombstonePrefix: String { "deleted:" }

    /// Ids with a delete tombstone in any month document.
    func tombstones() async throws -> Set<String> {
        var ids: Set<String> = []
        for month in try await monthsOnDisk() {
            for key in try await loadRecordDocument(month).keys(obj: .ROOT) where key.hasPrefix(Self.tombstonePrefix) {
                ids.insert(String(key.dropFirst(Self.tombstonePrefix.count)))
            }
        }
        return ids
    }

    /// `fixed`: after an interrupted move a record id is in two month documents; keep the copy
    /// with the highest `moveSeq` (ties: the one in its own start month, then the later month).
    public func repairLayout() async throws {
        guard !has(.monthMoveDuplicates) else { return }
        let deleted = try await tombstones()
        var holders: [String: [(month: Minuta.YearMonth, seq: Int64, home: Bool)]] = [:]
        for month in try await monthsOnDisk() {
            let document = try await loadRecordDocument(month)
            for id in ((try? document.keys(obj: .ROOT)) ?? []).filter(Minuta.isUUID) {
                guard let found = Minuta.AutomergeTimeRecord.find(document, id) else { continue }
                if deleted.contains(id) {
                    try document.delete(obj: .ROOT, key: id)
                    try await saveRecordDocument(month)
                    continue
                }
                holders[id, default: []].append((month, found.moveSeq, yearMonth(from: found.startTime) == month))
            }
        }
        for id in holders.keys.sorted() where holders[id]!.count > 1 {
            let copies = holders[id]!.sorted { ($0.seq, $0.home ? 1 : 0, $0.month) < ($1.seq, $1.home ? 1 : 0, $1.month) }
            for stale in copies.dropLast() {
                let document = try await loadRecordDocument(stale.month)
                guard Minuta.AutomergeTimeRecord.find(document, id) != nil else { continue }
                try document.delete(obj: .ROOT, key: id)
                try await saveRecordDocument(stale.month)
            }
        }
    }
}
