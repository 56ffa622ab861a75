import AppleStandIns
import SimCore

/// `CKModifyRecordsOperation` on the fake server.
///
/// Order of checks: the request as a whole (more than `maxItemsPerRequest` items or more than
/// `maxRequestBytes` → limitExceeded for the whole request, nothing applied), then each item
/// against the database as it was when the request arrived (zone missing or deleted by the
/// user, record over 1 MB, stale change tag, quota), then atomicity: in an atomic zone one failed
/// item fails every other item of that zone with batchRequestFailed ("The items that cause the
/// problem have their own errors, and all other items in the batch have a batchRequestFailed
/// error", CKError.Code.batchRequestFailed); elsewhere the good items are applied. Any item error
/// makes the response a partialFailure carrying per-item errors (CKError.Code.partialFailure).
extension CloudKitServer {
    private enum Planned {
        case save(CloudKitRecord)
        case delete(CloudKitRecordID)
        case failed(CloudKitError)
    }

    func modify(_ modify: CloudKitModify, user: String, context: ServiceContext) -> CloudKitResponse {
        let ids = modify.saves.map(\.recordID) + modify.deletes
        if ids.count > config.maxItemsPerRequest {
            return .failure(CloudKitError(
                .limitExceeded,
                "Your request contains \(ids.count) items which is more than the maximum number of items in a single request (\(config.maxItemsPerRequest))"))
        }
        if modify.saves.reduce(0, { $0 + $1.recordBytes }) > config.maxRequestBytes {
            return .failure(CloudKitError(.limitExceeded, "request larger than \(config.maxRequestBytes) bytes"))
        }
        guard Set(ids).count == ids.count else {
            return .failure(CloudKitError(.invalidArguments, "a record appears twice in one request"))
        }
        var plans = plan(modify, user: user, now: millis(context))
        failAtomicZones(&plans, ids: ids, modify: modify, user: user)
        return apply(plans, ids: ids, user: user, context: context)
    }

    /// Each item's outcome, judged against the database as it is; the quota is counted across
    /// the request in item order.
    private func plan(_ modify: CloudKitModify, user: String, now: Int64) -> [Planned] {
        let database = databases[user]!
        var projectedBytes = database.storedBytes
        var plans: [Planned] = []
        for record in modify.saves {
            let planned = planSave(record, policy: modify.savePolicy, database: database, now: now)
            if case .save(let saved) = planned {
                let delta = Int64(saved.storedBytes) - Int64(database.record(saved.recordID)?.storedBytes ?? 0)
                if delta > 0 && projectedBytes + delta > config.quotaBytes {
                    plans.append(.failed(CloudKitError(.quotaExceeded, "saving would exceed the account's iCloud storage")))
                    continue
                }
                projectedBytes += delta
            }
            plans.append(planned)
        }
        for id in modify.deletes { plans.append(planDelete(id, database: database)) }
        return plans
    }

    private func planSave(_ client: CloudKitRecord, policy: CloudKitSavePolicy, database: CloudKitDatabase, now: Int64) -> Planned {
        let id = client.recordID
        if let missing = database.missingZoneError(id.zoneName) { return .failed(missing) }
        if client.recordBytes > config.maxRecordBytes {
            return .failed(CloudKitError(.limitExceeded, "record too large: \(client.recordBytes) bytes"))
        }
        let existing = database.record(id)
        if policy == .ifServerRecordUnchanged {
            if let existing, existing.changeTag != client.changeTag {
                // A stale tag, or a new record whose name is taken: "this record may not have any
                // key / value pairs set on it" — the server's copy is the basis for merging.
                return .failed(CloudKitError(.serverRecordChanged, "server record changed", serverRecord: existing.asFetched()))
            }
            if existing == nil && client.changeTag != nil {
                return .failed(CloudKitError(.unknownItem, "record \(id) was deleted on the server"))
            }
        }
        if let existing, existing.recordType != client.recordType {
            return .failed(CloudKitError(.invalidArguments, "record \(id) is a \(existing.recordType)"))
        }
        var saved = existing ?? CloudKitRecord(client.recordType, id)
        let keys = policy == .allKeys ? Array(Set(client.fields.keys).union(client.changedKeys)).sorted() : client.changedKeys
        saved.apply(keys, from: client)
        saved.creationMillis = existing?.creationMillis ?? now
        saved.modificationMillis = now
        return .save(saved)
    }

    private func planDelete(_ id: CloudKitRecordID, database: CloudKitDatabase) -> Planned {
        if let missing = database.missingZoneError(id.zoneName) { return .failed(missing) }
        if database.record(id) == nil && config.missingRecordDelete == .unknownItem {
            return .failed(CloudKitError(.unknownItem, "record \(id) does not exist"))
        }
        return .delete(id)
    }

    /// In an atomic zone under an atomic operation, one failure fails the zone's other items.
    private func failAtomicZones(_ plans: inout [Planned], ids: [CloudKitRecordID], modify: CloudKitModify, user: String) {
        guard modify.isAtomic else { return }
        var failedZones: Set<String> = []
        for (index, planned) in plans.enumerated() {
            if case .failed = planned, databases[user]!.zones[ids[index].zoneName]?.isAtomic == true {
                failedZones.insert(ids[index].zoneName)
            }
        }
        for index in plans.indices where failedZones.contains(ids[index].zoneName) {
            if case .failed = plans[index] { continue }
            plans[index] = .failed(CloudKitError(.batchRequestFailed, "another item in zone \(ids[index].zoneName) failed"))
        }
    }

    private func apply(_ plans: [Planned], ids: [CloudKitRecordID], user: String, context: ServiceContext) -> CloudKitResponse {
        var result = CloudKitModifyResult()
        var itemErrors: [CloudKitItemError] = []
        for (index, planned) in plans.enumerated() {
            switch planned {
            case .save(var record):
                record.changeTag = makeChangeTag()
                databases[user]!.store(record.asFetched())
                result.saved.append(record.asFetched())
            case .delete(let id):
                databases[user]!.remove(id)
                result.deleted.append(id)
            case .failed(let error):
                itemErrors.append(CloudKitItemError(recordID: ids[index], error: error))
            }
        }
        guard !itemErrors.isEmpty else { return CloudKitResponse(outcome: .modified(result)) }
        let codes = itemErrors.map { String($0.error.code.rawValue) }.joined(separator: ",")
        context.record(name, "partial-failure codes=\(codes)")
        let error = CloudKitError(.partialFailure, "Failed to modify some records", partialErrors: itemErrors)
        return CloudKitResponse(outcome: .modified(result), error: error)
    }
}
