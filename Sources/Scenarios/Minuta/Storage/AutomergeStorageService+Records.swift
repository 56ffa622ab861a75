extension Minuta.AutomergeStorageService {
    /// The seed's `saveRecord` (l.519-533): into the month of the start time; update the object
    /// if the key is there, else create one. `previous` is the record as the caller loaded it
    /// (nil for a new record).
    public func saveRecord(_ record: Minuta.TimeRecord, previous: Minuta.TimeRecord? = nil) async throws {
        let target = yearMonth(from: record.startTime)
        let document = try await loadRecordDocument(target)
        if let wrapper = Minuta.AutomergeTimeRecord.find(document, record.id) {
            try write(record, previous: previous, into: wrapper)
            try await saveRecordDocument(target)
        } else if !has(.monthMoveDuplicates), let (source, old) = try await locate(record.id, excluding: target) {
            try await move(record, previous: previous, from: source, old: old, to: target)
        } else if previous != nil && !has(.wholeRecordPut) && !has(.monthMoveDuplicates) {
            // An edit of a record another device deleted (it is in no month): deleting wins, as
            // in Automerge. The seed, which never looks in other months, creates it (l.530-531).
            throw Minuta.StorageError.recordDeleted(id: record.id)
        } else {
            _ = try Minuta.AutomergeTimeRecord.create(in: document, at: .ROOT, record: record, recreateImages: has(.imagesListRecreated))
            try await saveRecordDocument(target)
        }
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
    /// `fixed` from every month document that holds the id.
    public func deleteRecord(_ record: Minuta.TimeRecord) async throws {
        let months = has(.monthMoveDuplicates) ? [yearMonth(from: record.startTime)] : try await monthsOnDisk()
        for month in months {
            let document = try await loadRecordDocument(month)
            guard Minuta.AutomergeTimeRecord.find(document, record.id) != nil else { continue }
            try document.delete(obj: .ROOT, key: record.id)
            try await saveRecordDocument(month)
        }
    }

    /// `fixed`: after an interrupted move a record id is in two month documents; keep the copy
    /// with the highest `moveSeq` (ties: the one in its own start month, then the later month).
    public func repairLayout() async throws {
        guard !has(.monthMoveDuplicates) else { return }
        var holders: [String: [(month: Minuta.YearMonth, seq: Int64, home: Bool)]] = [:]
        for month in try await monthsOnDisk() {
            let document = try await loadRecordDocument(month)
            for id in ((try? document.keys(obj: .ROOT)) ?? []).filter(Minuta.isUUID) {
                guard let found = Minuta.AutomergeTimeRecord.find(document, id) else { continue }
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
