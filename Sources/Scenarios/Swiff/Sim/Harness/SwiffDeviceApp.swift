import AppPorts
import AppleStandIns
import SimCore
import SimHarness
import Swiff

/// The Swiff app process on a simulated device: launch (container set-up, recovery, periodic
/// backup), then the user's queued actions one at a time; it exits when the queue is empty, after
/// a restore (the app restarts), or when the launch did not open the store. A `fatalError` at
/// launch ends the process: the record shows the crash and the next launch meets the same store.
struct SwiffDeviceApp: Sendable {
    let stage: SwiffStage

    func main(_ context: DeviceContext) async {
        let phone = stage.phone(named: context.deviceName)
        let build = SwiffBuild(phone.build, variant: stage.variant)
        let diskFails = stage.storageFaults  // the policy this process runs with, whatever the script sets later
        let faults: any StorageFaultPolicy = diskFails ? phone.faults : NoStorageFaults()
        let disk = StoreDisk(files: WatchedFiles(context: context, stage: stage), faults: faults)
        let app = SwiffApplication(build: build, disk: disk, clock: DeviceWallClock(context), probe: stage.kills.probe(for: phone.device))
        let result = await app.launch()
        guard context.isAlive else { return }
        stage.noteLaunch(context, build: build.number, result: result)
        guard result == .opened else { return }
        while context.isAlive, let action = stage.takeAction(context.deviceName) {
            var restored: [UInt8]?
            if case .restore(let path) = action { restored = context.readFile(path) }
            let operation = context.begin(SwiffHanded.operationName, SwiffHanded(action: action, build: build.number))
            let confirmed = await action.perform(in: app)
            guard context.isAlive else { return }
            if !confirmed {
                context.complete(operation, .failed)
            } else if case .restore = action, let store = LogicalStore(bytes: restored) {
                context.complete(operation, .ok, result: store)
            } else {
                context.complete(operation, .ok)
            }
            if confirmed {
                stage.acknowledge(action, on: context)
            } else {
                stage.reject(action, on: context, build: build.number, restoredBytes: restored, storageFaults: diskFails)
            }
            if case .restore = action { return }
        }
    }
}

/// The device's files as the store and the backups see them, with the harness watching writes of
/// the store file for restores (the app does not have to say it restored anything). A restore
/// writes bytes it read from a backup (`writeFile`); the store fake's own saves (`writeFileLazily`,
/// a journal whose bytes are made when the file is first read) are never restores, so their bytes
/// are not made to be compared.
struct WatchedFiles: StoreFileSystem {
    let context: DeviceContext
    let stage: SwiffStage

    func readFile(_ path: String) -> [UInt8]? { context.readFile(path) }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        if path == PersistenceService.storePath && context.isAlive { stage.noteStoreWrite(context, bytes) }
        try context.writeFile(path, bytes)
    }

    func writeFileLazily(_ path: String, value: Any?, _ make: @escaping () -> [UInt8]) throws {
        _ = try context.writeFile(path, value: value, deferring: make)
    }

    func readValue(_ path: String) -> Any? { context.fileContent(path)?.value }

    func removeFile(_ path: String) throws { try context.removeFile(path) }
}

/// Where a swept kill lands: a phase drawn uniformly from the scenario's list (launch, the
/// pre-migration backup's copy, the open, each custom stage's willMigrate and didMigrate, an edit
/// in a later launch, a restore), then an await point within it.
enum SwiffKill {
    static let migration = ["launch", "backup.copy", "open", "v1-v2.willMigrate", "v1-v2.didMigrate", "v2-v3.willMigrate", "v2-v3.didMigrate"]
    static let handlers = ["v1-v2.willMigrate", "v1-v2.didMigrate", "v2-v3.willMigrate", "v2-v3.didMigrate"]
    static let everywhere = migration + ["edit", "restore"]

    /// `phases` alike, each bounded by the work it has for `rows` dataset rows.
    static func table(_ phases: [String], rows: Int) -> KillPhases {
        KillPhases(phases.map { phase in
            switch phase {
            case "launch", "open": return KillPhases.Phase(phase, maxJobs: 12 + rows / 2)
            case "edit": return KillPhases.Phase(phase, maxJobs: 4)
            case "restore": return KillPhases.Phase(phase, maxJobs: 14)  // past the before-restore backup, into the store's write
            default: return KillPhases.Phase(phase, maxJobs: 4 + rows / 4)
            }
        })
    }
}
