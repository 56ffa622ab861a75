import AppPorts
import AppleStandIns

/// One launch of the Swiff app process: the container set-up (with its backups and recovery),
/// the periodic backup once the store is open, and the data layer the screens use.
public final class SwiffApplication {
    /// The installed release.
    public let build: SwiffBuild
    /// The backup service (Settings → Backups).
    public let backups: BackupService
    /// The container set-up and its recovery path.
    public let persistence: PersistenceService
    /// The data layer, once the store is open.
    public private(set) var book: ExpenseBook?
    let probe: any PhaseProbe

    /// The app over `disk` (the device's files behind the platform's storage), its wall clock and probe.
    public init(build: SwiffBuild, disk: StoreDisk, clock: any WallClock, probe: any PhaseProbe = NoPhaseProbe()) {
        self.build = build
        self.probe = probe
        backups = BackupService(disk: disk, clock: clock, build: build, probe: probe, storePath: PersistenceService.storePath)
        persistence = PersistenceService(build: build, disk: disk, backups: backups, probe: probe)
    }

    /// `SwiffApp.init` + the first screen: open the store, then the periodic backup if due.
    public func launch() async -> LaunchResult {
        let result = await persistence.start()
        guard result == .opened, let container = persistence.container else { return result }
        await backups.periodicBackupIfDue()
        book = ExpenseBook(context: container.makeContext(), build: build, probe: probe)
        return result
    }
}
