import SimCore

/// Minuta in the catalogue: its scenarios and its variants (`fixed`, `seed`, each defect).
public enum MinutaApp {
    /// The app's name on the command line.
    public static let name = "minuta"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        AppDefinition(
            name: name,
            summary: "time tracker: JSON → CRDT documents in a Dropbox/iCloud/Drive folder, conflict copies, two writers per device",
            defaultVariant: "fixed",
            variants: variants,
            scenarios: scenarios)
    }

    static var variants: [VariantInfo] {
        [
            VariantInfo(name: "fixed", summary: "merges before it writes, recognises every provider's copies, idempotent migration (default)"),
            VariantInfo(name: "seed", summary: "the plan as written, with every defect"),
        ] + MinutaDefect.allCases.map { VariantInfo(name: $0.name, summary: $0.summary, bugID: $0.bugZooId) }
    }

    static var scenarios: [any AppScenario] {
        [MinutaScenario.conflictCopies, MinutaScenario.sharedFolderOverwrite, MinutaScenario.conflictingEdits,
         MinutaScenario.offlineEditsThenSync, MinutaScenario.concurrentMigration, MinutaScenario.interruptedUpload,
         MinutaScenario.timeZoneAndMonthBoundary]
    }
}
