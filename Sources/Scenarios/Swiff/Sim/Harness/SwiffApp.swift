import AppPorts
import SimCore
import SimHarness
import Swiff

/// Swiff in the catalogue: its scenarios and its variants (`fixed`, `as-written`, each defect).
public enum SwiffApp {
    /// The app's name on the command line.
    public static let name = "swiff"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        var app = AppDefinition(
            name: name,
            summary: "expense sharing: a SwiftData store upgraded V1→V2→V3 on the device, backups and a recovery path",
            fixedSummary: "frozen schemas, renames kept, resumable stages, verified backups, no fatalError, no silent restore",
            defects: SwiffDefect.self, scenarios: scenarios)
        app.defectCatches = defectCatches
        return app
    }

    /// Where each defect must be caught (the README's defect table, checked by a test).
    static var defectCatches: [DefectCatch] {
        let upgrade = "schema-upgrade", mixed = "mixed-version-devices"
        let rows: [(SwiffDefect, String, UInt64)] = [
            (.sharedLiveModels, upgrade, 5), (.renamedModelClass, upgrade, 5), (.v2DropsPersonFields, upgrade, 5),
            (.renameInDidMigrate, upgrade, 5), (.transformInDidMigrate, "interrupted-upgrade", 40),
            (.noPreMigrationBackup, upgrade, 10), (.silentRestore, mixed, 20), (.fatalErrorOnOpen, mixed, 5),
            (.noDedupeBeforeUnique, "duplicates-before-unique", 5), (.storedBalanceIncremental, upgrade, 60),
            (.restoreIgnoresVersion, mixed, 60), (.naiveBackupCopy, "rollback-after-failure", 60),
        ]
        return rows.map { DefectCatch($0.0.name, by: $0.1, within: 1...$0.2) }
    }

    static var scenarios: [any AppScenario] {
        [SwiffScenario.schemaUpgrade, SwiffScenario.interruptedUpgrade, SwiffScenario.mixedVersionDevices,
         SwiffScenario.rollbackAfterFailure, SwiffScenario.duplicatesBeforeUnique, SwiffScenario.lifeAfterUpgrade]
    }
}
