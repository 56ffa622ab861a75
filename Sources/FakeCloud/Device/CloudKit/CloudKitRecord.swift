/// `CKRecord.ID`: a record's client-chosen name inside a record zone of a database.
public struct CloudKitRecordID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `CKRecordZone.ID.zoneName`.
    public var zoneName: String
    /// `recordName`: chosen by the client ("a name chosen by the client" — CKRecord.ID init(recordName:zoneID:)).
    public var recordName: String

    public init(_ recordName: String, zone zoneName: String) {
        self.zoneName = zoneName
        self.recordName = recordName
    }

    public static func < (a: CloudKitRecordID, b: CloudKitRecordID) -> Bool {
        (a.zoneName, a.recordName) < (b.zoneName, b.recordName)
    }

    public var description: String { "\(zoneName)/\(recordName)" }
}

/// One field value of a record: the types a `CKRecord` stores (`CKRecordValue`: NSString,
/// NSNumber, NSDate, NSData, CKAsset, CKRecord.Reference, and arrays of those — CKRecord
/// documentation). Dates are Unix milliseconds; numbers are never used for decisions here.
public indirect enum CloudKitFieldValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int64(Int64)
    case double(Double)
    /// Unix milliseconds.
    case date(Int64)
    case bytes([UInt8])
    /// A `CKAsset`: stored beside the record; "Assets don't count toward this limit" (CKRecord:
    /// 1 MB per record), but they count toward the owner's iCloud quota.
    case asset([UInt8])
    /// A `CKRecord.Reference` to a record in the same zone.
    case reference(recordName: String, deleteSelf: Bool)
    case list([CloudKitFieldValue])

    /// Bytes this value adds to the record's size (assets add none).
    public var recordBytes: Int {
        switch self {
        case .string(let text): return text.utf8.count
        case .int64, .double, .date: return 8
        case .bytes(let bytes): return bytes.count
        case .asset: return 0
        case .reference(let name, _): return name.utf8.count + 1
        case .list(let items): return items.reduce(0) { $0 + $1.recordBytes }
        }
    }

    /// Bytes this value adds to the account's stored total (assets included).
    public var storedBytes: Int {
        switch self {
        case .asset(let bytes): return bytes.count
        case .list(let items): return items.reduce(0) { $0 + $1.storedBytes }
        default: return recordBytes
        }
    }

    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .int64(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .date(let millis): return "date(\(millis))"
        case .bytes(let bytes): return "bytes(\(bytes.count))"
        case .asset(let bytes): return "asset(\(bytes.count))"
        case .reference(let name, let deleteSelf): return "ref(\(name)\(deleteSelf ? ",deleteSelf" : ""))"
        case .list(let items): return "[\(items.map(\.description).joined(separator: ","))]"
        }
    }
}

/// A `CKRecord`: type, client-chosen id, typed fields, and the system fields the server sets —
/// the change tag ("the server updates this value each time it saves the record", CKRecord
/// recordChangeTag) and the creation and modification dates.
///
/// Like the real class it remembers which keys the client changed since it was created or
/// fetched (`changedKeys`), because the save policies send "locally edited keys" only
/// (CKModifyRecordsOperation.RecordSavePolicy).
public struct CloudKitRecord: Sendable, Hashable {
    public var recordID: CloudKitRecordID
    public var recordType: String
    public private(set) var fields: [String: CloudKitFieldValue]
    /// Keys set or removed by the client since creation or fetch, sorted.
    public private(set) var changedKeys: [String]
    /// The server's change tag this copy is based on (nil for a record the server never saw).
    public package(set) var changeTag: String?
    /// Server-set, Unix milliseconds (nil until saved).
    public package(set) var creationMillis: Int64?
    /// Server-set, Unix milliseconds (nil until saved).
    public package(set) var modificationMillis: Int64?

    /// A new record, as `CKRecord(recordType:recordID:)`.
    public init(_ recordType: String, _ recordID: CloudKitRecordID, fields: [String: CloudKitFieldValue] = [:]) {
        self.recordID = recordID
        self.recordType = recordType
        self.fields = fields
        self.changedKeys = fields.keys.sorted()
    }

    /// The field's value.
    public subscript(key: String) -> CloudKitFieldValue? { fields[key] }

    /// Sets (or with nil removes) a field, marking it changed.
    public mutating func set(_ key: String, _ value: CloudKitFieldValue?) {
        fields[key] = value
        if !changedKeys.contains(key) {
            changedKeys.append(key)
            changedKeys.sort()
        }
    }

    /// Every field in key order.
    public var sortedFields: [(key: String, value: CloudKitFieldValue)] {
        fields.keys.sorted().map { ($0, fields[$0]!) }
    }

    /// The record's size toward the 1 MB limit: keys and values, assets excluded.
    public var recordBytes: Int { fields.reduce(0) { $0 + $1.key.utf8.count + $1.value.recordBytes } }

    /// The bytes it takes of the owner's quota: keys and values, assets included.
    public var storedBytes: Int { fields.reduce(0) { $0 + $1.key.utf8.count + $1.value.storedBytes } }

    /// The copy a client holds after a fetch or save: nothing marked changed.
    package func asFetched() -> CloudKitRecord {
        var copy = self
        copy.changedKeys = []
        return copy
    }

    /// Applies a client's keys to this server copy: `keys` present in `client` are written, keys
    /// absent from it removed.
    package mutating func apply(_ keys: [String], from client: CloudKitRecord) {
        for key in keys { fields[key] = client.fields[key] }
    }
}
