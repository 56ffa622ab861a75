/// `CKModifyRecordsOperation.RecordSavePolicy` (raw values as CKRecordSavePolicy: 0, 1, 2).
public enum CloudKitSavePolicy: Int, Sendable, Hashable {
    /// "Only save a record when the change tag of the local copy matches that of the server's
    /// copy. If the server record's change tag is more recent, CloudKit discards the save and
    /// returns a serverRecordChanged error" (CKModifyRecordsOperation.savePolicy). The default.
    case ifServerRecordUnchanged = 0
    /// "Save only the fields of a record that contain changes"; no change-tag comparison.
    case changedKeys = 1
    /// "Save all keys of a record, even those without changes"; no change-tag comparison; keys
    /// only the server has stay.
    case allKeys = 2
}

/// A server change token (`CKServerChangeToken`): opaque to clients. Here a zone's change
/// sequence number plus the zone's incarnation, so a token from before the zone was deleted
/// and created again is recognised.
public struct CloudKitChangeToken: Sendable, Hashable, Codable, CustomStringConvertible {
    package let zoneIncarnation: Int
    package let sequence: Int

    /// The token of a zone's change `sequence` in its `zoneIncarnation` (the server fake's).
    package init(zoneIncarnation: Int, sequence: Int) {
        self.zoneIncarnation = zoneIncarnation
        self.sequence = sequence
    }

    public var description: String { "token(\(zoneIncarnation).\(sequence))" }
}

/// A `CKModifyRecordsOperation`.
public struct CloudKitModify: Sendable, Hashable {
    public var saves: [CloudKitRecord]
    public var deletes: [CloudKitRecordID]
    public var savePolicy: CloudKitSavePolicy
    /// `isAtomic` (default true): in a zone with the atomic capability (every custom zone of a
    /// private database), "if there's a failure to modify any of the records in a zone, CloudKit
    /// doesn't change the other records in that same zone" (CKModifyRecordsOperation.isAtomic).
    public var isAtomic: Bool

    public init(saves: [CloudKitRecord] = [], deletes: [CloudKitRecordID] = [], savePolicy: CloudKitSavePolicy = .ifServerRecordUnchanged, isAtomic: Bool = true) {
        self.saves = saves
        self.deletes = deletes
        self.savePolicy = savePolicy
        self.isAtomic = isAtomic
    }
}

/// One operation against the caller's private database (the account the calling device is
/// signed in to).
public enum CloudKitRequest: Sendable, Hashable {
    /// `CKContainer.accountStatus()` plus `fetchUserRecordID()`.
    case accountStatus
    /// `CKModifyRecordZonesOperation` saving a custom zone (saving an existing zone succeeds).
    case createZone(String)
    /// `CKModifyRecordZonesOperation` deleting a zone and every record in it.
    case deleteZone(String)
    /// `CKModifyRecordsOperation`.
    case modifyRecords(CloudKitModify)
    /// `CKFetchRecordsOperation`.
    case fetchRecords([CloudKitRecordID])
    /// `CKFetchRecordZoneChangesOperation` for one zone since a token (nil: from the start),
    /// at most `resultsLimit` changes per page (nil: the server's page size).
    case fetchZoneChanges(zone: String, since: CloudKitChangeToken?, resultsLimit: Int?)
    /// `request` sent by a mirroring set up for `user`'s account (`CloudKitMirror` binds every
    /// operation after its account check to the account it checked). The server serves it only
    /// while the calling device is still signed in to that account; otherwise it refuses it with
    /// notAuthenticated and applies nothing. On the platform an iCloud sign-out (a switch of
    /// Apple ID is a sign-out, then a sign-in) ends the old account's session on the device, and
    /// NSPersistentCloudKitContainer tears its mirroring down on `CKAccountChanged`; no operation
    /// it started for the old account completes in the new one. Never nested.
    indirect case mirrored(user: String, CloudKitRequest)
}

/// `CKAccountStatus` (raw values as the SDK: couldNotDetermine 0, available 1, restricted 2,
/// noAccount 3, temporarilyUnavailable 4 — Microsoft's CloudKit.CKAccountStatus binding lists
/// the values; Apple: CKAccountStatus).
public enum CloudKitAccountStatus: Int, Sendable, Hashable, Codable {
    case couldNotDetermine = 0
    case available = 1
    case restricted = 2
    case noAccount = 3
    case temporarilyUnavailable = 4
}

/// The result of a `CKModifyRecordsOperation`: what was saved (the server's copies, with new
/// change tags and dates) and deleted. Per-item failures are in the response's error.
public struct CloudKitModifyResult: Sendable, Hashable {
    public var saved: [CloudKitRecord] = []
    public var deleted: [CloudKitRecordID] = []

    /// An empty result the server fake fills in.
    package init() {}
}

/// One page of `CKFetchRecordZoneChangesOperation`.
public struct CloudKitZoneChanges: Sendable, Hashable {
    /// Records changed since the token (their latest state), in change order.
    public var changed: [CloudKitRecord]
    /// Records deleted since the token.
    public var deleted: [CloudKitRecordID]
    /// The token to pass next time.
    public var token: CloudKitChangeToken
    /// `moreComingFlag`: fetch again with `token` for the rest.
    public var moreComing: Bool

    /// A page, as the server fake answers it.
    package init(changed: [CloudKitRecord], deleted: [CloudKitRecordID], token: CloudKitChangeToken, moreComing: Bool) {
        self.changed = changed
        self.deleted = deleted
        self.token = token
        self.moreComing = moreComing
    }
}

/// What the server answers.
public enum CloudKitOutcome: Sendable, Hashable {
    case accountStatus(CloudKitAccountStatus, userRecordName: String?)
    case zoneSaved(String)
    case zoneDeleted(String)
    case modified(CloudKitModifyResult)
    /// Found records; missing ones are `unknownItem` items of a partial failure.
    case records([CloudKitRecord])
    case zoneChanges(CloudKitZoneChanges)
}

/// A response: an outcome, an error, or — for a partial failure — both.
public struct CloudKitResponse: Sendable, Hashable {
    public var outcome: CloudKitOutcome?
    public var error: CloudKitError?

    public init(outcome: CloudKitOutcome? = nil, error: CloudKitError? = nil) {
        precondition(outcome != nil || error != nil, "a response says something")
        self.outcome = outcome
        self.error = error
    }

    package static func failure(_ error: CloudKitError) -> CloudKitResponse { CloudKitResponse(error: error) }
}
