import AppPorts
import CRDT
import SimCore
import SimHarness

/// Minuta in the catalogue: its scenarios and its variants (`fixed`, `as-written`, each defect).
public enum MinutaApp {
    /// The app's name on the command line.
    public static let name = "minuta"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        AppDefinition(
            name: name,
            summary: "time tracker: JSON → CRDT documents in a Dropbox/iCloud/Drive folder, conflict copies, two writers per device",
            fixedSummary: "merges before it writes, recognises every provider's copies, idempotent migration",
            defects: MinutaDefect.self, scenarios: scenarios)
    }

    static var scenarios: [any AppScenario] {
        [MinutaScenario.conflictCopies, MinutaScenario.sharedFolderOverwrite, MinutaScenario.conflictingEdits,
         MinutaScenario.offlineEditsThenSync, MinutaScenario.concurrentMigration, MinutaScenario.interruptedUpload,
         MinutaScenario.timeZoneAndMonthBoundary]
    }
}
