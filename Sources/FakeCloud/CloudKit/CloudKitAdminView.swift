import AppleStandIns

/// One live record as a checker sees it: its account, the record, and every change tag it has had.
public struct CloudKitAdminRecord: Sendable, Hashable {
    /// The user record name of the database's account.
    public var user: String
    public var record: CloudKitRecord
    /// Change tags from the first save to the current one (one per save, in order).
    public var tagHistory: [String]
}

/// What a checker sees of the fake CloudKit, off the network and across all accounts (like the
/// CloudKit Console). Every list has a fixed order: accounts, then zones, then record names,
/// each sorted.
public struct CloudKitAdminView {
    let server: CloudKitServer

    /// User record names of every account that has a database, sorted.
    public var users: [String] { server.databases.keys.sorted() }

    /// Every live record of every account.
    public var records: [CloudKitAdminRecord] { users.flatMap { records(user: $0) } }

    /// Every live record of one account, by zone then record name.
    public func records(user: String) -> [CloudKitAdminRecord] {
        guard let database = server.databases[user] else { return [] }
        return database.zones.keys.sorted().flatMap { zoneName in
            database.zones[zoneName]!.sortedRecords.map { record in
                CloudKitAdminRecord(user: user, record: record, tagHistory: database.tagHistory[record.recordID] ?? [])
            }
        }
    }

    /// The record, if it is live.
    public func record(_ id: CloudKitRecordID, user: String) -> CloudKitRecord? { server.databases[user]?.record(id) }

    /// Zone names of an account, sorted.
    public func zones(user: String) -> [String] { server.databases[user]?.zones.keys.sorted() ?? [] }

    /// Bytes an account stores (its quota's measure).
    public func storedBytes(user: String) -> Int64 { server.databases[user]?.storedBytes ?? 0 }

    /// What each device is signed in to, by device name.
    public var deviceAccounts: [(device: String, account: CloudKitDeviceAccount)] {
        server.deviceAccounts.keys.sorted().map { ($0, server.deviceAccounts[$0]!) }
    }
}
