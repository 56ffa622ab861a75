import Foundation

/// What the mirror last agreed with the server about one record: its fields as the server has
/// them (store values under `CD_` keys; relationship fields hold record names) and change tag.
struct MirrorSyncedRecord: Codable, Hashable {
    var entity: String
    var fields: [String: StoreValue]
    var changeTag: String?
}

/// A to-one relationship whose target record has not arrived yet (Core Data's
/// NSCKImportPendingRelationship: relationships "may arrive out of order").
struct MirrorPendingLink: Codable, Hashable {
    var source: String
    var relationship: String
    var target: String
}

/// The mirror's metadata, kept in a file beside the store (Core Data keeps it in the store's
/// NSCKRecordMetadata / NSCKRecordZoneMetadata tables). Written atomically, sorted keys.
struct MirrorState: Codable, Hashable {
    /// The account the local mirrored data belongs to (nil: none yet, or signed out).
    var user: String?
    var zoneReady = false
    var token: CloudKitChangeToken?
    /// Record name by local identifier text (`Goal/3`).
    var names: [String: String] = [:]
    /// By record name.
    var synced: [String: MirrorSyncedRecord] = [:]
    var pendingLinks: [MirrorPendingLink] = []

    /// Forgets everything about the server (a reset sync), keeping nothing but `user`.
    mutating func resetSync(user: String?) { self = MirrorState(user: user) }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return Array(try encoder.encode(self)) } catch { preconditionFailure("mirror state always encodes: \(error)") }
    }

    static func decode(_ bytes: [UInt8]) -> MirrorState? { try? JSONDecoder().decode(MirrorState.self, from: Data(bytes)) }
}
