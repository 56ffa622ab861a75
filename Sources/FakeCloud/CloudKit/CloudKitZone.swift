import AppleStandIns

/// One record zone of a private database: its live records, and its change log, from which
/// `fetchZoneChanges` pages.
struct CloudKitZone {
    struct Change {
        let sequence: Int
        let recordName: String
        let deleted: Bool
    }

    let name: String
    /// Bumped each time a zone of this name is created again, so older tokens are recognised.
    let incarnation: Int
    /// Custom zones of a private database have the atomic capability; the default zone has not
    /// (CKRecordZone.Capabilities.atomic; isAtomic "has no effect" elsewhere).
    let isAtomic: Bool
    private(set) var records: [String: CloudKitRecord] = [:]
    private(set) var log: [Change] = []
    private(set) var nextSequence = 1
    /// Tokens below this sequence are expired (compacted history).
    var expiredBelow = 0

    init(name: String, incarnation: Int, isAtomic: Bool) {
        self.name = name
        self.incarnation = incarnation
        self.isAtomic = isAtomic
    }

    /// The token for everything so far.
    var currentToken: CloudKitChangeToken { CloudKitChangeToken(zoneIncarnation: incarnation, sequence: nextSequence - 1) }

    mutating func store(_ record: CloudKitRecord) {
        records[record.recordID.recordName] = record
        append(record.recordID.recordName, deleted: false)
    }

    mutating func remove(_ recordName: String) {
        records[recordName] = nil
        append(recordName, deleted: true)
    }

    private mutating func append(_ recordName: String, deleted: Bool) {
        log.append(Change(sequence: nextSequence, recordName: recordName, deleted: deleted))
        nextSequence += 1
    }

    /// The latest change of every record changed after `sequence`, in change order.
    func latestChanges(after sequence: Int) -> [Change] {
        var latest: [String: Change] = [:]
        for change in log where change.sequence > sequence { latest[change.recordName] = change }
        return latest.values.sorted { $0.sequence < $1.sequence }
    }

    /// Live records in name order.
    var sortedRecords: [CloudKitRecord] { records.keys.sorted().map { records[$0]! } }
}
