import AppPorts
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

    static var defectCatches: [DefectCatch] { [] }
    static var knownUncaught: [String: String] { [:] }

    static var scenarios: [any AppScenario] {
        let all: [CryptoSavingsScenario] = [
            .conflictingEdits, .enableCloudKitUpgrade, .accountSwitch, .offlineEditsThenSync, .flakyNetwork,
            .firstSyncWithExistingCloudData, .recordTooLarge, .timeZoneAndMonthBoundary,
        ]
        return all
    }
}
