import AppleStandIns
import SimCore

/// `CKFetchRecordZoneChangesOperation` and `CKFetchRecordsOperation` on the fake server.
///
/// Changes since a token are each changed record's latest state and each deleted record's id,
/// in change order, at most `resultsLimit` (or `changesPageSize`) per page; when more remain the
/// page says moreComing and its token continues from the last change it holds
/// (CKFetchRecordZoneChangesOperation: "moreComing … fetch again with the token"). Without a
/// token the whole zone's live records come back. A token from before the zone was deleted and
/// created again, or older than the zone keeps history for, fails with changeTokenExpired ("the
/// client must re-sync from scratch"); a missing zone with zoneNotFound, or userDeletedZone when
/// the user deleted it in Settings.
extension CloudKitServer {
    func fetchChanges(zone zoneName: String, since token: CloudKitChangeToken?, limit: Int?, user: String) -> CloudKitResponse {
        let database = databases[user]!
        if let missing = database.missingZoneError(zoneName) { return .failure(missing) }
        let zone = database.zones[zoneName]!
        if let token, isExpired(token, in: zone) {
            return .failure(CloudKitError(.changeTokenExpired, "the change token is too old; re-sync from scratch"))
        }
        var changes = zone.latestChanges(after: token?.sequence ?? 0)
        if token == nil { changes.removeAll { $0.deleted } }
        let pageSize = max(1, limit ?? config.changesPageSize)
        let page = Array(changes.prefix(pageSize))
        let moreComing = changes.count > page.count
        let sequence = moreComing ? page.last!.sequence : zone.currentToken.sequence
        let result = CloudKitZoneChanges(
            changed: page.filter { !$0.deleted }.map { zone.records[$0.recordName]! },
            deleted: page.filter(\.deleted).map { CloudKitRecordID($0.recordName, zone: zoneName) },
            token: CloudKitChangeToken(zoneIncarnation: zone.incarnation, sequence: sequence),
            moreComing: moreComing)
        return CloudKitResponse(outcome: .zoneChanges(result))
    }

    private func isExpired(_ token: CloudKitChangeToken, in zone: CloudKitZone) -> Bool {
        if token.zoneIncarnation != zone.incarnation || token.sequence < zone.expiredBelow { return true }
        if let limit = config.changeHistoryLimit, zone.currentToken.sequence - token.sequence > limit { return true }
        return false
    }

    func fetchRecords(_ ids: [CloudKitRecordID], user: String) -> CloudKitResponse {
        if ids.count > config.maxItemsPerRequest {
            return .failure(CloudKitError(.limitExceeded, "more than \(config.maxItemsPerRequest) items in one request"))
        }
        let database = databases[user]!
        var found: [CloudKitRecord] = []
        var itemErrors: [CloudKitItemError] = []
        for id in ids {
            if let missing = database.missingZoneError(id.zoneName) {
                itemErrors.append(CloudKitItemError(recordID: id, error: missing))
            } else if let record = database.record(id) {
                found.append(record)
            } else {
                itemErrors.append(CloudKitItemError(recordID: id, error: CloudKitError(.unknownItem, "Record not found")))
            }
        }
        guard !itemErrors.isEmpty else { return CloudKitResponse(outcome: .records(found)) }
        return CloudKitResponse(outcome: .records(found), error: CloudKitError(.partialFailure, "Failed to fetch some records", partialErrors: itemErrors))
    }

    // MARK: Trace lines (names and integers only)

    public func summary(of request: CloudKitRequest) -> String {
        switch request {
        case .mirrored(_, let inner): return summary(of: inner)  // the binding shows only when it refuses
        case .accountStatus: return "account-status"
        case .createZone(let zone): return "create-zone \(zone)"
        case .deleteZone(let zone): return "delete-zone \(zone)"
        case .modifyRecords(let modify):
            return "modify saves=\(modify.saves.count) deletes=\(modify.deletes.count) policy=\(modify.savePolicy.rawValue) atomic=\(modify.isAtomic ? 1 : 0)"
        case .fetchRecords(let ids): return "fetch-records n=\(ids.count)"
        case .fetchZoneChanges(let zone, let token, let limit):
            return "fetch-changes \(zone) since=\(token.map { "\($0.zoneIncarnation).\($0.sequence)" } ?? "nil") limit=\(limit ?? 0)"
        }
    }

    public func summary(of response: CloudKitResponse) -> String {
        var parts: [String] = []
        if let error = response.error {
            parts.append("error=\(error.code.rawValue)")
            if let seconds = error.retryAfterSeconds { parts.append("retry-after=\(seconds)") }
            if !error.partialErrors.isEmpty { parts.append("items=\(error.partialErrors.count)") }
        }
        switch response.outcome {
        case .accountStatus(let status, _): parts.append("status=\(status.rawValue)")
        case .zoneSaved, .zoneDeleted: parts.append("ok")
        case .modified(let result): parts.append("saved=\(result.saved.count) deleted=\(result.deleted.count)")
        case .records(let records): parts.append("records=\(records.count)")
        case .zoneChanges(let changes):
            parts.append("changed=\(changes.changed.count) deleted=\(changes.deleted.count) more=\(changes.moreComing ? 1 : 0)")
        case nil: break
        }
        return parts.joined(separator: " ")
    }
}
