import AppleStandIns

/// One iCloud account's private database in the container: "each user has their own private
/// database" (CloudKit: "Private database — the current user's data, visible only to them").
/// It starts with the default zone (`_defaultZone`); custom zones are created by clients.
struct CloudKitDatabase {
    static let defaultZoneName = "_defaultZone"

    let userRecordName: String
    private(set) var zones: [String: CloudKitZone]
    /// Zones the user deleted in Settings ("Manage Storage"), until a client creates them again.
    private(set) var userDeletedZones: Set<String> = []
    private var incarnations: [String: Int] = [:]
    /// Bytes of every live record, assets included (the quota's measure).
    private(set) var storedBytes: Int64 = 0
    /// Every change tag each record has had, oldest first (for the admin view).
    private(set) var tagHistory: [CloudKitRecordID: [String]] = [:]

    init(userRecordName: String) {
        self.userRecordName = userRecordName
        zones = [Self.defaultZoneName: CloudKitZone(name: Self.defaultZoneName, incarnation: 1, isAtomic: false)]
        incarnations[Self.defaultZoneName] = 1
    }

    /// Creates the zone unless it exists (saving an existing zone is not an error).
    mutating func createZone(_ name: String) {
        userDeletedZones.remove(name)
        guard zones[name] == nil else { return }
        let incarnation = (incarnations[name] ?? 0) + 1
        incarnations[name] = incarnation
        zones[name] = CloudKitZone(name: name, incarnation: incarnation, isAtomic: true)
    }

    /// Deletes the zone and its records; `byUser` marks it as deleted in Settings.
    mutating func deleteZone(_ name: String, byUser: Bool) {
        guard let zone = zones.removeValue(forKey: name) else { return }
        for record in zone.records.values {
            storedBytes -= Int64(record.storedBytes)
        }
        if byUser { userDeletedZones.insert(name) }
    }

    /// The error for using `zoneName` when it does not exist.
    func missingZoneError(_ zoneName: String) -> CloudKitError? {
        if zones[zoneName] != nil { return nil }
        if userDeletedZones.contains(zoneName) {
            return CloudKitError(.userDeletedZone, "zone \(zoneName) was deleted by the user")
        }
        return CloudKitError(.zoneNotFound, "zone \(zoneName) does not exist")
    }

    func record(_ id: CloudKitRecordID) -> CloudKitRecord? { zones[id.zoneName]?.records[id.recordName] }

    mutating func store(_ record: CloudKitRecord) {
        precondition(zones[record.recordID.zoneName] != nil, "store into an existing zone")
        storedBytes += Int64(record.storedBytes) - Int64(self.record(record.recordID)?.storedBytes ?? 0)
        zones[record.recordID.zoneName]!.store(record)
        tagHistory[record.recordID, default: []].append(record.changeTag ?? "")
    }

    mutating func remove(_ id: CloudKitRecordID) {
        guard let old = record(id) else { return }
        storedBytes -= Int64(old.storedBytes)
        zones[id.zoneName]!.remove(id.recordName)
    }

    mutating func expireTokens(_ zoneName: String) {
        guard let zone = zones[zoneName] else { return }
        zones[zoneName]!.expiredBelow = zone.nextSequence - 1
    }
}
