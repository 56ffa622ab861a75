import AppPorts
import AppleStandIns

/// How a launch's container set-up ended, as the app's UI would show it.
public enum LaunchResult: Sendable, Equatable {
    /// The store is open (migrated if it had to be).
    case opened
    /// The store could not be opened; the app showed `message` and kept the file as it was.
    case failed(code: Int, message: String)
    /// The process died in `fatalError` (the seed's recovery, l.292).
    case crashed(String)
}

/// The container set-up and its recovery path (`PersistenceService.init`, seed l.271-294).
///
/// Fixed: a store that needs a migration is backed up first (verified), and a failed backup
/// postpones the upgrade; a store the build cannot open — newer than the build (a downgrade) or a
/// migration that failed — is reported and kept untouched: no restore behind the user's back, no
/// `fatalError`. The defects put back the seed's steps: no backup before migrating, `try?` restore
/// of the newest backup, `fatalError`.
public final class PersistenceService {
    /// Where the store lives (SwiftData's default store).
    public static let storePath = "Library/Application Support/default.store"

    let build: SwiffBuild
    let disk: StoreDisk
    let backups: BackupService
    let probe: any PhaseProbe
    let options: StoreFakeOptions
    /// The open container, after `start()` returned `.opened`.
    public private(set) var container: ModelContainer?
    /// Backups the app told the user it restored.
    public private(set) var reportedRestores: [String] = []

    /// The set-up of `build` over `disk`, backing up through `backups`.
    public init(build: SwiffBuild, disk: StoreDisk, backups: BackupService, probe: any PhaseProbe,
                options: StoreFakeOptions = StoreFakeOptions()) {
        self.build = build
        self.disk = disk
        self.backups = backups
        self.probe = probe
        self.options = options
    }

    /// Sets up the container: backup if a migration is due, open (migrating), recover on failure.
    public func start() async -> LaunchResult {
        probe.enter("launch")
        await Task.yield()
        if needsMigration && !build.variant.has(.noPreMigrationBackup) {
            do { try await backups.createPreMigrationBackup() } catch {
                guard build.variant.has(.naiveBackupCopy) else {
                    return .failed(code: 0, message: "could not back up the data before upgrading (\(error)); not upgrading yet")
                }
            }
        }
        do {
            try await open()
            return .opened
        } catch {
            return await recover(from: error)
        }
    }

    /// True when the store file exists and its version is an older one of this build's plan.
    var needsMigration: Bool {
        guard let stored = disk.storeMetadata(at: Self.storePath) else { return false }
        let hashes = build.planSchemas.map { VersionHash.of($0, uniqueness: options.uniquenessHashing) }
        return stored.versionHash != hashes.last && hashes.contains(stored.versionHash)
    }

    private func open() async throws {
        probe.enter("open")
        container = try await ModelContainer.open(
            at: Self.storePath, schema: build.schema, migrationPlan: SwiffMigrationPlan.plan(build, probe: probe),
            disk: disk, options: options)
    }

    /// The seed's catch block, step by step as the variant has it.
    private func recover(from error: any Error) async -> LaunchResult {
        let code = (error as? ModelStoreError)?.code ?? (error as? StoreDiskError)?.code ?? 0
        if build.variant.has(.silentRestore), let backup = backups.latestBackup {
            // `try? BackupService.shared.restore(from: backup)`: the result reaches no one.
            try? await backups.restore(from: backup.path)
            if !build.variant.has(.fatalErrorOnOpen), (try? await open()) != nil { return .opened }
        }
        if build.variant.has(.fatalErrorOnOpen) { return .crashed("Could not create ModelContainer: \(error)") }
        return .failed(code: code, message: message(for: error))
    }

    private func message(for error: any Error) -> String {
        if case ModelStoreError.unknownModelVersion(let version, _)? = error as? ModelStoreError {
            return "this data was written by a newer version of Swiff (\(version)); update the app to open it"
        }
        return "your data could not be opened (\(error)); nothing was changed"
    }

    /// A restore the user asked for (Settings → Restore backup): reported to the user.
    public func restore(from path: String) async throws {
        try await backups.restore(from: path)
        reportedRestores.append(path)
    }
}
