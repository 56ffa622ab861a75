import AppPorts
import CryptoSavings
import SimCore
import SimHarness

/// CryptoSavingsTracker in the catalogue: its scenarios and variants.
public enum CryptoSavingsApp {
    /// The app's name on the command line.
    public static let name = "cryptosavings"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        var app = AppDefinition(
            name: name,
            summary: "savings goals in SwiftData mirrored to CloudKit: no unique constraints, dedupe on fetch, last-writer-wins, account changes",
            fixedSummary: "exact amounts, name-based ids for natural keys, deterministic hide-only dedupe, no wipe, derived values recomputed, unsynced edits set aside on account change",
            defects: CryptoSavingsDefect.self, scenarios: scenarios)
        app.defectCatches = defectCatches
        app.knownUncaught = knownUncaught
        return app
    }

    /// Where each defect must be caught (the README's defect table, checked by a test).
    static var defectCatches: [DefectCatch] {
        let edits = "conflicting-edits"
        let rows: [(CryptoSavingsDefect, String, UInt64)] = [
            (.compositeDedupeKeys, edits, 5), (.fetchOrderWinner, edits, 5), (.dedupeDeletesLosers, "time-zone-and-month-boundary", 10),
            (.randomNaturalKeyIds, edits, 5), (.wipeOnOpenFailure, "enable-cloudkit-upgrade", 60),
            (.keepsLocalDataOnAccountChange, "account-switch", 5), (.dropsUnsyncedOnAccountChange, "account-switch", 5),
            (.floatingPointAmounts, edits, 5), (.trustsSyncedDerivedValues, edits, 10),
            (.deviceLocalMonthLabel, "time-zone-and-month-boundary", 10), (.appendsExecutionSnapshots, "record-too-large", 10),
            (.dedupeFiveModelsOnly, "one-history-on-two-devices", 5),
        ]
        return rows.map { DefectCatch($0.0.name, by: $0.1, within: 1...$0.2) }
    }

    static var knownUncaught: [String: String] { [:] }

    static var scenarios: [any AppScenario] {
        let all: [CryptoSavingsScenario] = [
            .conflictingEdits, .enableCloudKitUpgrade, .accountSwitch, .accountSwitchWhileRunning, .offlineEditsThenSync, .flakyNetwork,
            .firstSyncWithExistingCloudData, .recordTooLarge, .timeZoneAndMonthBoundary, .monthRollover, .oneHistoryOnTwoDevices,
        ]
        return all
    }
}
