/// What a mirror does with the local mirrored data when the device's iCloud account changes.
public enum MirrorAccountChangePolicy: Sendable, Hashable {
    /// Delete every local row of the mirrored store and the sync metadata, then import the new
    /// account's data. Apple documents no behaviour for NSPersistentCloudKitContainer; the
    /// reverse-engineered mirroring delegate (pookjw/OpenCloudData, OCCloudKitMetadataPurger.m
    /// `purgeMetadataAfterAccountChangeFromStore`: "Removing rows after account change", a batch
    /// delete of every entity of the store's configuration, change tokens cleared; reached through
    /// OCCloudKitSetupAssistant's identity check — reset reasons 2 "signed out" and 3 "record
    /// changed from A to B") shows the platform purging, unsent edits included. CKSyncEngine's
    /// documentation asks the same of apps: "Make sure to delete any locally stored data
    /// belonging to the previousUser account" (CKSyncEngine.Event.AccountChange.ChangeType).
    case purgeLocalData
    /// Keep the rows and reset only the sync metadata, so the next export uploads them to
    /// whichever account signs in next — the seed plan's "preserves local data", which leaks one
    /// Apple ID's data into another's database (bug zoo CS-9).
    case keepLocalData
}

/// What a mirror does when its export meets serverRecordChanged (another device saved the record
/// after the copy this device last synced). Undocumented: Apple says only that
/// NSPersistentCloudKitContainer "resolves conflicts automatically" (WWDC19 202).
public enum MirrorConflictPolicy: Sendable, Hashable {
    /// The server's record replaces the local object (imported as if fetched); the local edit is
    /// dropped. Record-level last-writer-wins where the last writer is the save the server took.
    case serverRecordWins
    /// The local object is sent again over the server's change tag, so this device's save becomes
    /// the last write.
    case localRecordWins
}

/// The mirror's settings. Documented values carry their source; the rest are named choices.
public struct CloudKitMirrorOptions: Sendable, Hashable {
    /// NSPersistentCloudKitContainer's zone in the private database (Apple: Reading CloudKit
    /// Records for Core Data shows `com.apple.coredata.cloudkit.zone:__defaultOwner__`).
    public var zoneName = "com.apple.coredata.cloudkit.zone"
    /// Objects per export operation: 400 in the reverse-engineered exporter
    /// (OCCloudKitExporterOptions `perOperationObjectThreshold = 400`), the server's item limit.
    public var exportBatchSize = 400
    /// Variable-length values larger than this go to a `CD_<name>_ckAsset` field: "If a field's
    /// value grows too large to store within the record size limit of 1MB, Core Data
    /// automatically converts the value to an external asset" (Reading CloudKit Records for Core
    /// Data). The exact threshold is undocumented.
    public var assetThresholdBytes = 512 * 1024
    public var accountChange: MirrorAccountChangePolicy = .purgeLocalData
    public var conflict: MirrorConflictPolicy = .serverRecordWins
    /// When the user deleted the zone in Settings: "Your client should either remove its local
    /// data or prompt the user before attempting to re-upload any data to this zone" (CKError
    /// userDeletedZone). `.purgeLocalData` removes the rows; `.keepLocalData` re-uploads them.
    /// Which one NSPersistentCloudKitContainer does is undocumented.
    public var userDeletedZone: MirrorAccountChangePolicy = .purgeLocalData
    /// Rounds of retrying items that failed only because another item of their atomic batch failed.
    public var maxBatchRetries = 3
    /// Whether an import applies a record whose change tag is the one the mirror already agreed
    /// with the server (its own export coming back, or a page fetched again after a kill) over
    /// the store. CloudKit's zone changes include the fetching device's own saves; Core Data keeps
    /// each record's system fields (change tag included) in its mirroring metadata
    /// (NSCKRecordMetadata) beside the objects. Apple does not document what the importer does
    /// with a record it already holds at that change tag; re-applying it would revert every
    /// unexported local edit of an object the device itself exported, which no shipped app
    /// reports. Default false: such a record is skipped. True models the harsher reading.
    public var appliesUnchangedRecords = false

    public init() {}
}
