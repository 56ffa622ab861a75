/// What the fake answers for deleting a record that does not exist. Apple documents neither.
public enum MissingRecordDeletePolicy: Sendable, Hashable {
    /// The id comes back as deleted (deletion treated as idempotent).
    case succeeds
    /// A per-item `unknownItem`.
    case unknownItem
}

/// Settings of the fake CloudKit server. Documented limits carry their source; everything
/// Apple leaves undocumented is a named option.
public struct CloudKitServerConfig: Sendable, Hashable {
    /// Items (saves plus deletes) per modify or fetch request. "400 items (records or shares)
    /// per operation" (CKError.Code.limitExceeded); more fails the whole request with
    /// limitExceeded — "Your request contains N items which is more than the maximum number of
    /// items in a single request (400)" (pointfreeco/sqlite-data#333, insidegui/WWDC#535).
    public var maxItemsPerRequest = 400
    /// "2 MB per request (not counting asset sizes)" (CKError.Code.limitExceeded).
    public var maxRequestBytes = 2 * 1024 * 1024
    /// "the data that a record stores must not exceed 1 MB. Assets don't count toward this
    /// limit" (CKRecord); an oversized record is a per-item limitExceeded inside a partial
    /// failure (mentrena/SyncKit#30 shows `Partial Failure` with an item `Limit Exceeded (27/2023)`).
    public var maxRecordBytes = 1024 * 1024
    /// Each account's iCloud storage, bytes (the free tier is 5 GB). A save that would take an
    /// account past it fails with quotaExceeded.
    public var quotaBytes: Int64 = 5 * 1024 * 1024 * 1024
    /// Changes per `fetchZoneChanges` page when the client sets no limit. Undocumented ("CloudKit
    /// dynamically determines the actual number", CKQueryOperation.maximumResults).
    public var changesPageSize = 200
    /// How many changes a zone keeps behind a token; an older token gets changeTokenExpired.
    /// Undocumented when the real server expires tokens; nil = never (expire them by script with
    /// `CloudKitServer.expireChangeTokens`).
    public var changeHistoryLimit: Int?
    /// Undocumented.
    public var missingRecordDelete: MissingRecordDeletePolicy = .succeeds
    /// `retryAfterSeconds` of a serviceUnavailable the network injects (a 5xx). Apple: "Check for
    /// a value in the error's userInfo dictionary under CKErrorRetryAfterKey"; its size is undocumented.
    public var serviceUnavailableRetryAfterSeconds = 5
    /// Largest `retryAfterSeconds` of an injected zoneBusy (drawn 1...this). zoneBusy fires only
    /// when the server has a `FaultInjector` and its `serverError` family fires for the zone
    /// operation; Apple says only "try the operation again in a few seconds".
    public var zoneBusyMaxRetryAfterSeconds = 10
    /// Wall-clock time at virtual time zero, ms since 1970 UTC (default 2025-01-01T00:00:00Z):
    /// record dates are this plus `ServiceContext.now`.
    public var epochMilliseconds: Int64 = 1_735_689_600_000

    public init() {}
}
