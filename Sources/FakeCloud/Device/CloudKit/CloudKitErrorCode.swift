/// `CKError.Code`: the codes this fake answers with, under Apple's names and raw values.
///
/// Raw values checked against the CloudKit headers as bridged in public repositories (the
/// `CKErrorCode` constants of Embarcadero's `iOSapi.CloudKit.pas` Delphi bridge and the header
/// comments quoted in `Chortal/ErrorHandler.swift`: 1 internalError … 28 userDeletedZone; 34
/// serverResponseLost and 36 accountTemporarilyUnavailable from the iOS 15 SDK bridges) and
/// against Apple's documentation pages for each case (CloudKit › CKError › Code).
public enum CloudKitErrorCode: Int, Sendable, Hashable, Codable, CustomStringConvertible {
    /// "Some items failed, but the operation succeeded overall": per-item errors are in
    /// `CloudKitError.partialErrors` (Apple: CKError.Code.partialFailure, CKPartialErrorsByItemIDKey).
    case partialFailure = 2
    /// "Network not available" (client side: the device is offline).
    case networkUnavailable = 3
    /// "Network error (available but CFNetwork gave us an error)" (client side: a timeout).
    case networkFailure = 4
    /// "Service unavailable"; retry after `retryAfterSeconds` when given.
    case serviceUnavailable = 6
    /// "Client is being rate limited"; retry after `retryAfterSeconds`.
    case requestRateLimited = 7
    /// "Not authenticated (writing without being logged in, no user record)".
    case notAuthenticated = 9
    /// "Record does not exist".
    case unknownItem = 11
    /// "Bad client request".
    case invalidArguments = 12
    /// "The record was rejected because the version on the server was different"; the error
    /// carries the server's record (CKRecordChangedErrorServerRecordKey).
    case serverRecordChanged = 14
    /// "The previousServerChangeToken value is too old and the client must re-sync from scratch".
    case changeTokenExpired = 21
    /// "One of the items in this batch operation failed in a zone with atomic updates, so the
    /// entire batch was rejected."
    case batchRequestFailed = 22
    /// "The server is too busy to handle this zone operation. Try the operation again in a few seconds."
    case zoneBusy = 23
    /// "Saving a record would exceed quota".
    case quotaExceeded = 25
    /// "The specified zone does not exist on the server".
    case zoneNotFound = 26
    /// "The request to the server was too large. Retry this request as a smaller batch."
    case limitExceeded = 27
    /// "The user deleted this zone through the settings UI. Your client should either remove its
    /// local data or prompt the user before attempting to re-upload any data to this zone."
    case userDeletedZone = 28
    /// The iCloud account "is available, but isn't ready to support CloudKit operations. Don't
    /// delete any cached data" (Apple: CKError.Code.accountTemporarilyUnavailable, iOS 15).
    case accountTemporarilyUnavailable = 36

    public var description: String {
        switch self {
        case .partialFailure: return "partialFailure"
        case .networkUnavailable: return "networkUnavailable"
        case .networkFailure: return "networkFailure"
        case .serviceUnavailable: return "serviceUnavailable"
        case .requestRateLimited: return "requestRateLimited"
        case .notAuthenticated: return "notAuthenticated"
        case .unknownItem: return "unknownItem"
        case .invalidArguments: return "invalidArguments"
        case .serverRecordChanged: return "serverRecordChanged"
        case .changeTokenExpired: return "changeTokenExpired"
        case .batchRequestFailed: return "batchRequestFailed"
        case .zoneBusy: return "zoneBusy"
        case .quotaExceeded: return "quotaExceeded"
        case .zoneNotFound: return "zoneNotFound"
        case .limitExceeded: return "limitExceeded"
        case .userDeletedZone: return "userDeletedZone"
        case .accountTemporarilyUnavailable: return "accountTemporarilyUnavailable"
        }
    }

    /// Codes Apple documents as transient ("retry after"): the operation was not applied.
    public var isTransient: Bool {
        [.serviceUnavailable, .requestRateLimited, .zoneBusy, .networkFailure, .networkUnavailable].contains(self)
    }
}

/// One item's error inside a partial failure.
public struct CloudKitItemError: Sendable, Hashable {
    /// The record the error is about.
    public var recordID: CloudKitRecordID
    /// What happened to it.
    public var error: CloudKitError

    public init(recordID: CloudKitRecordID, error: CloudKitError) {
        self.recordID = recordID
        self.error = error
    }
}

/// A `CKError`: a code and the user-info values CloudKit attaches to it.
public struct CloudKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code.
    public var code: CloudKitErrorCode
    /// `CKErrorRetryAfterKey` (whole seconds), for transient errors.
    public var retryAfterSeconds: Int?
    /// `CKRecordChangedErrorServerRecordKey`: the server's copy, for `serverRecordChanged`.
    public var serverRecord: CloudKitRecord?
    /// `CKPartialErrorsByItemIDKey`, in the request's item order, for `partialFailure`.
    public var partialErrors: [CloudKitItemError]
    /// A human-readable reason (CloudKit's localized description, shortened).
    public var message: String

    public init(
        _ code: CloudKitErrorCode, _ message: String = "", retryAfterSeconds: Int? = nil, serverRecord: CloudKitRecord? = nil,
        partialErrors: [CloudKitItemError] = []
    ) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        self.serverRecord = serverRecord
        self.partialErrors = partialErrors
    }

    /// The per-item error for `recordID`, when this is a partial failure that names it.
    public func itemError(_ recordID: CloudKitRecordID) -> CloudKitError? {
        partialErrors.first { $0.recordID == recordID }?.error
    }

    public var description: String {
        var text = "CKError \(code)(\(code.rawValue))"
        if let retryAfterSeconds { text += " retry-after=\(retryAfterSeconds)" }
        if !partialErrors.isEmpty { text += " items=\(partialErrors.count)" }
        return text
    }
}
