import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// The world at quiescence, as the checkers see it: the legacy dataset, the ledger of user
/// edits, what each device's app showed last, every device's files and the server's, the
/// documents captured while the run was live, and how healing ended. Plain values, so a test can
/// build a world that breaks one invariant on purpose.
struct MinutaWorld: Sendable {
    var dataset: MinutaDataset
    /// The users' edits (`MinutaEdit`), read from the run's history.
    var ledger: OperationLedger<MinutaEdit>
    /// Device names in order.
    var devices: [String]
    /// Each device's last view.
    var views: [String: MinutaView]
    /// Each device's files under the storage folder (relative paths), sorted.
    var deviceFiles: [String: [(path: String, bytes: [UInt8])]]
    /// The provider's server copy (relative paths), sorted.
    var serverFiles: [(path: String, bytes: [UInt8])]
    /// Document versions seen during the run (path → distinct byte versions), for merge laws.
    var liveDocuments: [String: [[UInt8]]]
    var healing: HealingOutcome
    /// Server paths (relative to the folder) with unresolved hidden conflict versions (iCloud),
    /// sorted, with how many each has.
    var hiddenVersions: [(path: String, count: Int)]
    /// Date-range screens that differed from their list while no file changed (see `DateRangeScreen`).
    var screenMismatches: [DateRangeScreen.Mismatch]

    init(dataset: MinutaDataset, ledger: OperationLedger<MinutaEdit> = OperationLedger(entries: []), devices: [String], views: [String: MinutaView],
         deviceFiles: [String: [(path: String, bytes: [UInt8])]] = [:], serverFiles: [(path: String, bytes: [UInt8])] = [],
         liveDocuments: [String: [[UInt8]]] = [:], healing: HealingOutcome = .healed, hiddenVersions: [(path: String, count: Int)] = [],
         screenMismatches: [DateRangeScreen.Mismatch] = []) {
        self.dataset = dataset
        self.ledger = ledger
        self.devices = devices
        self.views = views
        self.deviceFiles = deviceFiles
        self.serverFiles = serverFiles
        self.liveDocuments = liveDocuments
        self.healing = healing
        self.hiddenVersions = hiddenVersions
        self.screenMismatches = screenMismatches
    }

    init(stage: MinutaStage, healing: HealingOutcome) {
        let prefix = Minuta.StoragePaths.folder
        var files: [String: [(path: String, bytes: [UInt8])]] = [:]
        for plan in stage.appPlans {
            files[plan.device.name] = plan.device.files.list(prefix: prefix).map { (String($0.dropFirst(prefix.count)), plan.device.files.read($0)!) }
        }
        let server = stage.folder.serverFiles.map { (path: $0.path.hasPrefix(prefix) ? String($0.path.dropFirst(prefix.count)) : $0.path, bytes: $0.bytes) }
        let hidden = stage.folder.server.entries.filter { !$0.value.isDeleted && !$0.value.conflictVersions.isEmpty }
            .map { (path: String($0.key.dropFirst(prefix.count)), count: $0.value.conflictVersions.count) }.sorted { $0.path < $1.path }
        self.init(dataset: stage.dataset, ledger: OperationLedger(history: stage.sim.history), devices: stage.appPlans.map(\.device.name),
                  views: stage.views, deviceFiles: files, serverFiles: server, liveDocuments: stage.liveDocuments,
                  healing: healing, hiddenVersions: hidden, screenMismatches: stage.screenMismatches)
    }

    /// Every place files live: each device, then the server.
    var fileSets: [(location: String, files: [(path: String, bytes: [UInt8])])] {
        devices.map { ($0, deviceFiles[$0] ?? []) } + [("server", serverFiles)]
    }

    /// Whether a path is one of the app's own files (not a conflict copy, not a placeholder).
    static func isLegitimate(_ path: String) -> Bool {
        path == Minuta.StoragePaths.tagsDocument || path == Minuta.StoragePaths.legacyTags
            || Minuta.StoragePaths.month(of: path, ext: "automerge") != nil || Minuta.StoragePaths.month(of: path, ext: "json") != nil
    }

    /// Loads a document for checking (a fixed actor: checkers only read and merge).
    static func document(_ bytes: [UInt8]) -> Document? { try? Document(bytes, actor: ActorId("c0ffee")) }
}

extension MinutaWorld {
    /// The scalar fields the shared checks compare, per collection.
    static let recordFields = ["startTime", "endTime", "tagId", "comment"]
    static let tagFields = ["name", "color", "isArchived", "createdAt"]

    /// The world as the shared checks read it: the legacy data under `legacy`, then each device's
    /// last view (records and tags, scalar fields in the ledger's canonical text), in device order.
    var snapshot: EntitySnapshot {
        var snapshot = EntitySnapshot()
        func records(_ records: [Minuta.TimeRecord]) -> [EntitySnapshot.Entity] {
            records.map { record in EntitySnapshot.Entity(key: record.id, fields: Dictionary(uniqueKeysWithValues: Self.recordFields.map { ($0, record.ledgerValue($0)!) })) }
        }
        func tags(_ tags: [Minuta.Tag]) -> [EntitySnapshot.Entity] {
            tags.map { tag in EntitySnapshot.Entity(key: tag.id, fields: Dictionary(uniqueKeysWithValues: Self.tagFields.map { ($0, tag.ledgerValue($0)!) })) }
        }
        snapshot.add("legacy", "record", records(dataset.records))
        snapshot.add("legacy", "tag", tags(dataset.tags))
        for device in devices {
            guard let view = views[device] else { continue }
            snapshot.add(device, "record", records(view.records))
            snapshot.add(device, "tag", tags(view.tags))
        }
        return snapshot
    }
}
