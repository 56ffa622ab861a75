import AppleStandIns
import SimCore

/// The in-process fake of CloudKit's private databases in one container, behind SimCore's
/// `SimService` so the simulated network delivers, loses, duplicates and fails every request.
///
/// What it models (each behaviour cited where it is implemented):
/// - **Accounts**: one private database per iCloud account; each device is signed in to an
///   account, or to none, or its account is temporarily unavailable, and that changes during a
///   run (`setAccount`: sign-out, switching Apple ID). A request is answered as the calling
///   device's account: notAuthenticated without one, accountTemporarilyUnavailable while it is not ready.
/// - **Zones and records**: custom zones (atomic), the default zone (not atomic), records with a
///   client-chosen name, a type, typed fields (`CloudKitFieldValue`), a change tag replaced by
///   every save (`ct<n>`, a server-wide counter) and server-set creation/modification dates
///   (`epochMilliseconds` + `ServiceContext.now`).
/// - **Saves** in batches under the three save policies, atomic per zone or per item, deletes,
///   the 400-items / 2 MB / 1 MB-per-record limits and the account's quota
///   (`CloudKitServer+Modify.swift`).
/// - **Fetching changes** since a change token, in pages with moreComing, changeTokenExpired,
///   zoneNotFound and userDeletedZone (`CloudKitServer+Changes.swift`).
/// - **Transient errors**: the network's injected 5xx and 429 come back as serviceUnavailable and
///   requestRateLimited with `retryAfterSeconds`; zoneBusy is drawn from the simulator's fault
///   injector (`serverError` family) for zone operations. All seeded, all traced.
///
/// Sources: Apple's CloudKit documentation (CKError.Code and each code's page, CKRecord,
/// CKModifyRecordsOperation savePolicy/isAtomic, CKRecordZone.Capabilities.atomic,
/// CKFetchRecordZoneChangesOperation, CKAccountStatus, CKSyncEngine.Event.AccountChange), the
/// CloudKit Web Services Reference ("Data Size Limits"), and GitHub reports quoted where used.
public final class CloudKitServer: SimService {
    public let name: String
    public private(set) var config: CloudKitServerConfig

    /// The user's iCloud storage changes size (full, or space freed or bought): saves that would
    /// take the account past `bytes` fail with quotaExceeded from now on.
    public func setQuota(_ bytes: Int64) {
        precondition(bytes >= 0, "a quota is a size")
        config.quotaBytes = bytes
    }
    var databases: [String: CloudKitDatabase] = [:]
    private(set) var deviceAccounts: [String: CloudKitDeviceAccount] = [:]
    /// The account each request number was first handled for (a duplicate delivery reuses it).
    private var requestAccounts: [UInt64: CloudKitDeviceAccount] = [:]
    private var nextTag = 0
    private let faults: FaultInjector?
    private weak var simulator: Simulator?

    /// A server outside a simulation (tests that call `handle` directly): no zoneBusy.
    public init(config: CloudKitServerConfig = CloudKitServerConfig(), name: String = "cloudkit") {
        self.name = name
        self.config = config
        self.faults = nil
        self.simulator = nil
    }

    /// A server in `simulator`: zoneBusy comes from its fault injector and account changes are traced.
    public init(simulator: Simulator, config: CloudKitServerConfig = CloudKitServerConfig(), name: String = "cloudkit") {
        self.name = name
        self.config = config
        self.faults = simulator.faults
        self.simulator = simulator
    }

    /// Read-only access for checkers, off the network.
    public var admin: CloudKitAdminView { CloudKitAdminView(server: self) }

    // MARK: Settings-app actions (off the network; scenarios script them)

    /// Changes the account `device` is signed in to (sign-in, sign-out, switching Apple ID, the
    /// account becoming temporarily unavailable). A new account's database is created empty.
    public func setAccount(_ account: CloudKitDeviceAccount, device: String) {
        deviceAccounts[device] = account
        if let user = account.user { ensureDatabase(user) }
        simulator?.record(name, "account \(device) \(account)")
    }

    /// The account `device` is signed in to (`noAccount` until set).
    public func account(of device: String) -> CloudKitDeviceAccount { deviceAccounts[device] ?? .noAccount }

    /// The user deletes the app's data in Settings › iCloud › Manage Storage: the zone and its
    /// records go, and clients meet userDeletedZone until one creates the zone again.
    public func userDeletesZone(_ zone: String, user: String) {
        databases[user]?.deleteZone(zone, byUser: true)
        simulator?.record(name, "user-deleted-zone \(user) \(zone)")
    }

    /// Expires every change token of the zone issued so far (server-side history compaction,
    /// whose timing Apple leaves undocumented): the next fetch with such a token gets changeTokenExpired.
    public func expireChangeTokens(zone: String, user: String) {
        databases[user]?.expireTokens(zone)
        simulator?.record(name, "expire-tokens \(user) \(zone)")
    }

    // MARK: SimService

    public func handle(_ request: CloudKitRequest, context: ServiceContext) -> CloudKitResponse {
        // A request is authenticated as the account the device is signed in to when it first
        // arrives: a copy the network delivers again later (a duplicate) acts for that account,
        // not for whichever Apple ID the device has switched to since. (A mirrored request sent
        // before a switch that first arrives after it is refused below.) CloudKit web services carry the user's
        // credential in the request itself ("Append the authentication token … That request
        // then acts on behalf of the current user", CKFetchWebAuthTokenOperation). How the native
        // framework authenticates an operation is undocumented; the fake treats it the same way.
        let account = requestAccounts[context.requestNumber] ?? self.account(of: context.caller)
        requestAccounts[context.requestNumber] = account
        if case .mirrored(let boundUser, let inner) = request {
            if case .mirrored = inner { preconditionFailure("a mirrored request is never nested") }
            guard account.user == boundUser else {
                return .failure(CloudKitError(.notAuthenticated, "the device is no longer signed in to the account this operation was for"))
            }
            return handle(inner, context: context)
        }
        if case .accountStatus = request {
            return CloudKitResponse(outcome: .accountStatus(account.status, userRecordName: account.user))
        }
        let user: String
        switch account {
        case .available(let signedIn): user = signedIn
        case .temporarilyUnavailable:
            return .failure(CloudKitError(.accountTemporarilyUnavailable, "the iCloud account is not ready"))
        case .noAccount, .restricted:
            return .failure(CloudKitError(.notAuthenticated, "no iCloud account"))
        }
        if let busy = zoneBusy(request, user: user, context: context) { return .failure(busy) }
        switch request {
        case .accountStatus, .mirrored: preconditionFailure("answered above")
        case .createZone(let zone):
            databases[user]!.createZone(zone)
            return CloudKitResponse(outcome: .zoneSaved(zone))
        case .deleteZone(let zone): return deleteZone(zone, user: user)
        case .modifyRecords(let modify): return self.modify(modify, user: user, context: context)
        case .fetchRecords(let ids): return fetchRecords(ids, user: user)
        case .fetchZoneChanges(let zone, let token, let limit):
            return fetchChanges(zone: zone, since: token, limit: limit, user: user)
        }
    }

    private func deleteZone(_ zone: String, user: String) -> CloudKitResponse {
        guard zone != CloudKitDatabase.defaultZoneName else {
            return .failure(CloudKitError(.invalidArguments, "the default zone cannot be deleted"))
        }
        if let missing = databases[user]!.missingZoneError(zone) { return .failure(missing) }
        databases[user]!.deleteZone(zone, byUser: false)
        return CloudKitResponse(outcome: .zoneDeleted(zone))
    }

    /// zoneBusy for a zone operation when the fault injector's `serverError` family fires for it.
    private func zoneBusy(_ request: CloudKitRequest, user: String, context: ServiceContext) -> CloudKitError? {
        guard let faults, let zone = Self.zone(of: request) else { return nil }
        let maximum = max(1, config.zoneBusyMaxRetryAfterSeconds)
        guard let seconds = faults.decide(.serverError, subject: "ck-zone-busy req#\(context.requestNumber) \(zone)", draw: { random in
            IntegerDetail(1 + random.below(maximum))
        }) else { return nil }
        context.record(name, "zone-busy \(zone) retry-after=\(seconds.value)")
        return CloudKitError(.zoneBusy, "zone \(zone) is busy", retryAfterSeconds: Int(seconds.value))
    }

    private static func zone(of request: CloudKitRequest) -> String? {
        switch request {
        case .modifyRecords(let modify): return (modify.saves.map(\.recordID) + modify.deletes).map(\.zoneName).min()
        case .fetchZoneChanges(let zone, _, _): return zone
        case .mirrored(_, let inner): return zone(of: inner)
        case .accountStatus, .createZone, .deleteZone, .fetchRecords: return nil
        }
    }

    func ensureDatabase(_ user: String) {
        if databases[user] == nil { databases[user] = CloudKitDatabase(userRecordName: user) }
    }

    /// The next change tag.
    func makeChangeTag() -> String {
        nextTag += 1
        return "ct\(nextTag)"
    }

    /// Unix milliseconds of `context.now`.
    func millis(_ context: ServiceContext) -> Int64 { config.epochMilliseconds + context.now.nanoseconds / 1_000_000 }

    /// A 5xx from Apple's front end reads as serviceUnavailable, a 429 as requestRateLimited,
    /// both with `CKErrorRetryAfterKey` (CKError: "if the error code is requestRateLimited, you
    /// can use the retryAfterSeconds property"). Nothing was applied.
    public func injectedFailure(_ failure: InjectedServerFailure, for request: CloudKitRequest) -> CloudKitResponse {
        switch failure {
        case .serverError(let status):
            return .failure(CloudKitError(.serviceUnavailable, "HTTP \(status)", retryAfterSeconds: config.serviceUnavailableRetryAfterSeconds))
        case .rateLimited(let seconds):
            return .failure(CloudKitError(.requestRateLimited, "throttled", retryAfterSeconds: seconds))
        }
    }
}
