/// Export: what changed since the mirror last agreed with the server, sent in batches.
extension CloudKitMirror {
    /// One pending change.
    struct PendingChange {
        let name: String
        let record: CloudKitRecord?
        var isDelete: Bool { record == nil }
    }

    /// Exports every pending change; returns how many records were saved or deleted. Throws the
    /// whole-operation error of a batch (transient errors: retry later, as the platform does).
    /// Items that keep failing (quota, a record too large) stay pending and are reported in
    /// `lastItemErrors`.
    @discardableResult
    public func exportChanges() async throws -> Int {
        guard state.user != nil else { return 0 }
        try await ensureZone()
        var exported = 0
        for _ in 0...options.maxBatchRetries {
            let pending = try pendingChanges()
            if pending.isEmpty { break }
            try persist()  // record names are durable before any record carrying them leaves
            var retry = false
            for start in stride(from: 0, to: pending.count, by: options.exportBatchSize) {
                let batch = Array(pending[start..<min(start + options.exportBatchSize, pending.count)])
                let (count, again) = try await exportBatch(batch)
                exported += count
                retry = retry || again
            }
            if !retry { break }
        }
        return exported
    }

    /// Pending saves (objects whose fields differ from what the server was last known to hold)
    /// and deletes (synced records whose object is gone), in a fixed order.
    func pendingChanges() throws -> [PendingChange] {
        var rows: [ModelRow] = []
        for entity in container.schema.entities { rows += container.committed.rows(of: entity.name) }
        var names: [PersistentIdentifier: String] = [:]
        for row in rows {
            let key = row.id.description
            if state.names[key] == nil { state.names[key] = MirrorRecordMapping.recordType(row.id.entityName) + "_" + makeUUID() }
            names[row.id] = state.names[key]!
        }
        var changes: [PendingChange] = []
        for row in rows {
            let name = names[row.id]!
            let pending = Dictionary(state.pendingLinks.filter { $0.source == name }.map { ($0.relationship, $0.target) }) { a, _ in a }
            let fields = mapping.fields(of: row, names: names, pending: pending)
            let synced = state.synced[name]
            if synced?.fields == fields { continue }
            changes.append(PendingChange(name: name, record: record(name, entity: row.id.entityName, fields: fields, synced: synced)))
        }
        let live = Set(names.values)
        for name in state.synced.keys.sorted() where !live.contains(name) { changes.append(PendingChange(name: name, record: nil)) }
        return changes
    }

    /// The record to send: the synced copy with its change tag, the changed keys set on it.
    private func record(_ name: String, entity: String, fields: [String: StoreValue], synced: MirrorSyncedRecord?) -> CloudKitRecord {
        let type = MirrorRecordMapping.recordType(entity)
        let new = mapping.recordFields(fields)
        guard let synced else { return CloudKitRecord(type, recordID(name), fields: new) }
        let old = mapping.recordFields(synced.fields)
        var record = CloudKitRecord(type, recordID(name), fields: old).asFetched()
        record.changeTag = synced.changeTag
        for key in Set(old.keys).union(new.keys).sorted() where old[key] != new[key] { record.set(key, new[key]) }
        return record
    }

    /// Sends one batch; returns (records done, whether some items should be retried now).
    private func exportBatch(_ batch: [PendingChange]) async throws -> (Int, Bool) {
        let modify = CloudKitModify(saves: batch.compactMap(\.record), deletes: batch.filter(\.isDelete).map { recordID($0.name) })
        let response = try await call(.modifyRecords(modify))
        if let error = response.error, error.code == .limitExceeded, batch.count > 1 {
            let half = batch.count / 2
            let (first, againFirst) = try await exportBatch(Array(batch[..<half]))
            let (second, againSecond) = try await exportBatch(Array(batch[half...]))
            return (first + second, againFirst || againSecond)
        }
        if let error = response.error, error.code == .zoneNotFound || error.code == .userDeletedZone {
            try await recoverZone(error)
            return (0, true)
        }
        if let error = response.error, error.code != .partialFailure { throw error }
        guard case .modified(let result)? = response.outcome else { preconditionFailure("a modify answers with its result") }
        for saved in result.saved { state.synced[saved.recordID.recordName] = syncedRecord(saved) }
        for deleted in result.deleted { forget(deleted.recordName) }
        let retry = try await handleItemErrors(response.error?.partialErrors ?? [])
        try persist()
        return (result.saved.count + result.deleted.count, retry)
    }

    /// The agreed state after a save: what the server now holds.
    func syncedRecord(_ record: CloudKitRecord) -> MirrorSyncedRecord {
        let entityName = String(record.recordType.dropFirst(3))
        let entity = container.schema.entity(entityName)!
        return MirrorSyncedRecord(entity: entityName, fields: mapping.storeFields(of: record, entity: entity), changeTag: record.changeTag)
    }

    /// Drops a deleted record from the metadata.
    func forget(_ name: String) {
        state.synced[name] = nil
        state.pendingLinks.removeAll { $0.source == name }
        for (key, value) in state.names where value == name { state.names[key] = nil }
    }

    /// Per-item failures: conflicts by policy, zone problems by re-creating the zone; other items
    /// (batchRequestFailed, quota, too large) stay pending. Returns whether a retry is worth it.
    private func handleItemErrors(_ errors: [CloudKitItemError]) async throws -> Bool {
        lastItemErrors = errors.filter { $0.error.code != .batchRequestFailed }
        var retry = errors.contains { $0.error.code == .batchRequestFailed }
        var serverWins: [CloudKitRecord] = []
        var serverDeleted: [String] = []
        for item in errors {
            switch item.error.code {
            case .serverRecordChanged:
                guard let server = item.error.serverRecord else { continue }
                if options.conflict == .serverRecordWins {
                    serverWins.append(server)
                } else {
                    state.synced[server.recordID.recordName] = syncedRecord(server)
                    retry = true
                }
            case .unknownItem:
                if options.conflict == .serverRecordWins { serverDeleted.append(item.recordID.recordName) } else { state.synced[item.recordID.recordName] = nil; retry = true }
            case .zoneNotFound, .userDeletedZone:
                try await recoverZone(item.error)
                return true
            default: continue
            }
        }
        if !serverWins.isEmpty || !serverDeleted.isEmpty {
            try apply(changed: serverWins, deleted: serverDeleted.map(recordID))
            self.serverWins += serverWins.count + serverDeleted.count
            // The import reports each local edit a server copy replaced; a delete it does not judge.
            if !serverDeleted.isEmpty { onServerWins?(serverDeleted.count) }
        }
        return retry
    }
}
