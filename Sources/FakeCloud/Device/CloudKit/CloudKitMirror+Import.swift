/// Import: changes since the mirror's token, applied to the store.
extension CloudKitMirror {
    /// Fetches every page of changes since the last token and applies each page in one save.
    /// changeTokenExpired starts over from no token (a full re-fetch); a missing or
    /// user-deleted zone is recovered (`recoverZone`). Returns how many records changed locally.
    @discardableResult
    public func importChanges() async throws -> Int {
        guard state.user != nil else { return 0 }
        try await ensureZone()
        var applied = 0
        var pages = 0
        while true {
            pages += 1
            precondition(pages <= 100_000, "import pages are bounded")
            let response = try await call(.fetchZoneChanges(zone: options.zoneName, since: state.token, resultsLimit: nil))
            if let error = response.error {
                switch error.code {
                case .changeTokenExpired:
                    state.token = nil
                    continue
                case .zoneNotFound, .userDeletedZone:
                    try await recoverZone(error)
                    return applied
                default: throw error
                }
            }
            guard case .zoneChanges(let page)? = response.outcome else { preconditionFailure("changes answer with a page") }
            try apply(changed: page.changed, deleted: page.deleted)
            applied += page.changed.count + page.deleted.count
            state.token = page.token
            try persist()
            if !page.moreComing { return applied }
        }
    }

    /// Applies server records to the store, last writer (the server's copy) winning, then links
    /// pending relationships whose targets are now present. The store is saved before the
    /// metadata, so a kill in between re-imports or re-exports, never loses the agreement.
    ///
    /// A failed save (a storage fault) leaves the metadata as it was before the page: Core Data
    /// keeps the mirroring metadata (NSCKRecordMetadata) in the same store and the same save as
    /// the imported objects, so the two cannot disagree. Without this, the next export would take
    /// the page's records for synced objects that are gone and delete them from the server.
    func apply(changed: [CloudKitRecord], deleted: [CloudKitRecordID]) throws {
        let before = state
        do {
            try applyPage(changed: changed, deleted: deleted)
        } catch {
            state = before
            throw error
        }
    }

    private func applyPage(changed: [CloudKitRecord], deleted: [CloudKitRecordID]) throws {
        var droppedLocalEdits = 0
        let context = container.makeContext()
        var ids = identifiersByName()
        for record in changed {
            guard container.schema.entity(String(record.recordType.dropFirst(3))) != nil else { continue }
            let synced = syncedRecord(record)
            let entity = container.schema.entity(synced.entity)!
            let name = record.recordID.recordName
            var id = ids[name].flatMap { context.row($0) == nil ? nil : $0 }
            // Already agreed at this change tag: nothing new (see `appliesUnchangedRecords`).
            if id != nil, !options.appliesUnchangedRecords, let known = state.synced[name], known.changeTag == record.changeTag { continue }
            if let existing = id, let row = context.row(existing), Self.dropsLocalEdit(row, entity, incoming: synced, agreed: state.synced[name]) {
                droppedLocalEdits += 1
            }
            if id == nil {
                id = context.insert(entity.name)
                ids[name] = id
                state.names[id!.description] = name
            }
            for attribute in entity.attributes {
                context.set(id!, attribute.name, synced.fields[MirrorRecordMapping.field(attribute.name)] ?? attribute.defaultValue ?? .null)
            }
            state.pendingLinks.removeAll { $0.source == name }
            for relationship in entity.relationships where !relationship.isToMany {
                guard case .string(let target)? = synced.fields[MirrorRecordMapping.field(relationship.name)] else {
                    context.relate(id!, relationship.name, to: [])
                    continue
                }
                if let targetID = ids[target], context.row(targetID) != nil, targetID.entityName == relationship.target {
                    context.relate(id!, relationship.name, to: [targetID])
                } else {
                    context.relate(id!, relationship.name, to: [])
                    state.pendingLinks.append(MirrorPendingLink(source: name, relationship: relationship.name, target: target))
                }
            }
            state.synced[name] = synced
        }
        for recordID in deleted {
            if let id = ids[recordID.recordName], context.row(id) != nil { context.delete(id) }
            forget(recordID.recordName)
        }
        linkPending(context, ids: ids)
        try context.save()
        // Only once the page is saved: a failed save replaced nothing.
        if droppedLocalEdits > 0 { onServerWins?(droppedLocalEdits) }
    }

    /// Whether importing `incoming` over `row` replaces a local edit not yet exported: an attribute
    /// whose local value differs both from the server's new copy and from the copy last agreed
    /// (no agreed copy: any difference, the device never learnt what the server took).
    static func dropsLocalEdit(_ row: ModelRow, _ entity: EntityShape, incoming: MirrorSyncedRecord, agreed: MirrorSyncedRecord?) -> Bool {
        entity.attributes.contains { attribute in
            let key = MirrorRecordMapping.field(attribute.name)
            let local = row[attribute.name] ?? .null
            let new = incoming.fields[key] ?? attribute.defaultValue ?? .null
            guard local != new else { return false }
            guard let agreed else { return true }
            return local != (agreed.fields[key] ?? attribute.defaultValue ?? .null)
        }
    }

    /// Relates every pending link whose source and target both exist now.
    private func linkPending(_ context: ModelContext, ids: [String: PersistentIdentifier]) {
        var waiting: [MirrorPendingLink] = []
        for link in state.pendingLinks {
            guard let source = ids[link.source], context.row(source) != nil else { continue }
            guard let target = ids[link.target], context.row(target) != nil else {
                waiting.append(link)
                continue
            }
            let relationship = container.schema.entity(source.entityName)?.relationship(link.relationship)
            guard relationship?.target == target.entityName else { continue }
            context.relate(source, link.relationship, to: [target])
        }
        state.pendingLinks = waiting
    }

    /// The zone is gone. zoneNotFound (deleted by another client): create it again and re-upload
    /// everything. userDeletedZone: per `options.userDeletedZone`.
    func recoverZone(_ error: CloudKitError) async throws {
        if error.code == .userDeletedZone && options.userDeletedZone == .purgeLocalData {
            _ = try purgeLocalRows()
            state.resetSync(user: state.user)
        } else {
            let names = state.names
            state.resetSync(user: state.user)
            state.names = names
        }
        try persist()
        try await ensureZone()
    }
}
