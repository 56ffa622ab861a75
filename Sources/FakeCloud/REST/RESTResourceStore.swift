import SimCore

/// The rows of every collection, kept in creation order, and the log of every committed write.
///
/// Each request is handled whole before the next (a `SimService` is a synchronous state machine),
/// so a request's writes are atomic: a delete is planned completely (restrict checks included)
/// before any row changes.
struct RESTResourceStore {
    let definition: RESTBackendDefinition
    private(set) var rowsById: [String: RESTRow] = [:]
    /// Collection → ids in creation order.
    private var order: [String: [String]] = [:]
    private(set) var writes: [RESTWriteEntry] = []
    private var nextSequence = 0

    init(definition: RESTBackendDefinition) { self.definition = definition }

    /// The row, if it is in `collection` and owned by `owner`.
    func row(_ collection: String, id: String, owner: String) -> RESTRow? {
        guard let row = rowsById[id], row.collection == collection, row.ownerId == owner else { return nil }
        return row
    }

    /// Rows of `collection` in creation order, all owners unless `owner` is given.
    func rows(_ collection: String, owner: String? = nil) -> [RESTRow] {
        (order[collection] ?? []).compactMap { rowsById[$0] }.filter { owner == nil || $0.ownerId == owner }
    }

    mutating func insert(_ collection: String, id: String, fields: [String: JSONValue], origin: RESTWriteOrigin) -> RESTRow {
        precondition(rowsById[id] == nil, "server ids are unique")
        let row = RESTRow(
            collection: collection, id: id, ownerId: origin.userId, fields: fields, createdAtNanoseconds: origin.now,
            updatedAtNanoseconds: origin.now, sequence: nextSequence, createdByDevice: origin.device,
            createdByRequest: origin.requestNumber, idempotencyKey: origin.idempotencyKey)
        nextSequence += 1
        rowsById[id] = row
        order[collection, default: []].append(id)
        log(.create, row: row, origin: origin)
        return row
    }

    /// Replaces the declared fields of an existing row.
    mutating func update(_ id: String, fields: [String: JSONValue], kind: RESTWriteKind, origin: RESTWriteOrigin) -> RESTRow {
        guard var row = rowsById[id] else { preconditionFailure("update of a missing row") }
        row.fields = fields
        row.updatedAtNanoseconds = origin.now
        rowsById[id] = row
        log(kind, row: row, origin: origin)
        return row
    }

    /// The first unique field set of `collection` whose values in `fields` another of the owner's
    /// rows already has (a set holding a null never conflicts, as in a SQL unique index).
    func uniqueConflict(_ collection: RESTCollection, fields: [String: JSONValue], owner: String, excluding id: String?) -> [String]? {
        for set in collection.uniqueFieldSets {
            let values = set.map { fields[$0] ?? .null }
            if values.contains(.null) { continue }
            let clash = rows(collection.name, owner: owner).contains { row in
                row.id != id && set.map { row.fields[$0] ?? .null } == values
            }
            if clash { return set }
        }
        return nil
    }

    /// Deletes rows of `collection` (all owned by `origin.userId`) and applies each reference's
    /// `ReferenceDeletion` to their children. Nothing changes if a `restrict` child exists (409).
    /// Returns every deleted row, targets first.
    mutating func delete(_ collection: String, ids: [String], kind: RESTWriteKind, origin: RESTWriteOrigin) throws(RESTFailure) -> [RESTRow] {
        var plan = DeletionPlan()
        for id in ids { plan.add(collection, id, kind) }
        var index = 0
        while index < plan.deletes.count {
            try planChildren(of: plan.deletes[index].collection, id: plan.deletes[index].id, into: &plan)
            index += 1
        }
        var deleted: [RESTRow] = []
        for step in plan.deletes {
            guard let row = rowsById.removeValue(forKey: step.id) else { continue }
            order[step.collection]?.removeAll { $0 == step.id }
            deleted.append(row)
            log(step.kind, row: row, origin: origin, deleted: true)
        }
        for nulling in plan.nulls where rowsById[nulling.id] != nil {
            var fields = rowsById[nulling.id]!.fields
            fields[nulling.field] = .null
            _ = update(nulling.id, fields: fields, kind: .setNull, origin: origin)
        }
        return deleted
    }

    private func planChildren(of collection: String, id: String, into plan: inout DeletionPlan) throws(RESTFailure) {
        for child in definition.collections {
            for field in child.fields where field.type == .reference(collection) {
                for row in rows(child.name) where row.fields[field.name] == .string(id) && !plan.isDeleting(row.id) {
                    switch field.onParentDelete {
                    case .restrict:
                        throw RESTFailure(
                            status: 409, code: "still_referenced",
                            message: "\(collection) \(id) is still referenced by \(child.name).\(field.name)")
                    case .cascade: plan.add(child.name, row.id, .cascadeDelete)
                    case .setNull: plan.nulls.append((row.id, field.name))
                    }
                }
            }
        }
    }

    private mutating func log(_ kind: RESTWriteKind, row: RESTRow, origin: RESTWriteOrigin, deleted: Bool = false) {
        writes.append(
            RESTWriteEntry(
                sequence: writes.count, kind: kind, collection: row.collection, id: row.id, userId: origin.userId,
                device: origin.device, timeNanoseconds: origin.now, requestNumber: origin.requestNumber,
                idempotencyKey: origin.idempotencyKey, row: deleted ? nil : row))
    }
}

/// The rows one delete request removes or nulls, found before anything changes.
private struct DeletionPlan {
    var deletes: [(collection: String, id: String, kind: RESTWriteKind)] = []
    var nulls: [(id: String, field: String)] = []
    private var deleting: Set<String> = []

    mutating func add(_ collection: String, _ id: String, _ kind: RESTWriteKind) {
        guard deleting.insert(id).inserted else { return }
        deletes.append((collection, id, kind))
    }

    func isDeleting(_ id: String) -> Bool { deleting.contains(id) }
}
