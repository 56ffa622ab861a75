import AppleStandIns

/// The iCloud account a device is signed in to, as Settings leaves it. Requests carry no
/// credentials here: the server answers as the account of the calling device (the real
/// framework authenticates every request as the device's signed-in account).
public enum CloudKitDeviceAccount: Sendable, Hashable, CustomStringConvertible {
    /// Signed in to the account whose user record is `user`, and ready.
    case available(user: String)
    /// No iCloud account on the device: requests fail with notAuthenticated ("Not authenticated
    /// (writing without being logged in, no user record)").
    case noAccount
    /// Signed in but "isn't ready to support CloudKit operations" (e.g. the password must be
    /// re-entered): requests fail with accountTemporarilyUnavailable; "don't delete any cached data".
    case temporarilyUnavailable(user: String)
    /// Parental controls or device management deny access: requests fail with notAuthenticated.
    case restricted

    /// `CKAccountStatus` for this state.
    public var status: CloudKitAccountStatus {
        switch self {
        case .available: return .available
        case .noAccount: return .noAccount
        case .temporarilyUnavailable: return .temporarilyUnavailable
        case .restricted: return .restricted
        }
    }

    /// The user record name, when the device has an account.
    public var user: String? {
        switch self {
        case .available(let user), .temporarilyUnavailable(let user): return user
        case .noAccount, .restricted: return nil
        }
    }

    public var description: String {
        switch self {
        case .available(let user): return "available(\(user))"
        case .noAccount: return "noAccount"
        case .temporarilyUnavailable(let user): return "temporarilyUnavailable(\(user))"
        case .restricted: return "restricted"
        }
    }
}
