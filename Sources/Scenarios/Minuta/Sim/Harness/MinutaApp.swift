import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// Minuta in the catalogue: its scenarios and its variants (`fixed`, `as-written`, each defect).
public enum MinutaApp {
    /// The app's name on the command line.
    public static let name = "minuta"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        var app = AppDefinition(
            name: name,
            summary: "time tracker: JSON → CRDT documents in a Dropbox/iCloud/Drive folder, conflict copies, two writers per device",
            fixedSummary: "merges before it writes, recognises every provider's copies, idempotent migration",
            defects: MinutaDefect.self, scenarios: scenarios)
        app.defectCatches = defectCatches
        app.knownUncaught = [
            MinutaDefect.dualReadEitherOr.name: "no scenario reads during the dual-read window while the two stores differ (seeds 1-60 of every scenario)",
        ]
        return app
    }

    /// Where each defect must be caught (the README's defect table, checked by a test): the
    /// scenario the defect is caught by first, within a few times its first failing seed.
    static var defectCatches: [DefectCatch] {
        let overwrite = "shared-folder-overwrite", copies = "conflict-copies", offline = "offline-edits-then-sync"
        let boundary = "time-zone-and-month-boundary"
        let rows: [(MinutaDefect, String, UInt64)] = [
            (.cachedDocumentOverwrite, overwrite, 5), (.icloudPatternAfterStrip, copies, 30),
            (.dropboxPatternMismatch, copies, 20), (.deleteCopyBeforeWrite, copies, 20),
            (.imagesListRecreated, "conflicting-edits", 10), (.saveTagsDeletesUnknown, overwrite, 5),
            (.monthMoveDuplicates, boundary, 5), (.deviceCalendarMonth, boundary, 5),
            (.perDeviceMigrationObjects, offline, 10), (.migrationRegressesEdits, offline, 10),
            (.countOnlyVerification, "concurrent-migration", 80), (.wholeRecordPut, overwrite, 5),
            (.legacyJSONDelete, offline, 60), (.icloudVersionsIgnored, copies, 20),
            (.rangeEndMonthSkipped, boundary, 5), (.resolverNotWired, copies, 5),
            (.migrationKeyedOnTagsFile, "legacy-store-without-tags", 5),
        ]
        return rows.map { DefectCatch($0.0.name, by: $0.1, within: 1...$0.2) }
    }

    static var scenarios: [any AppScenario] {
        [MinutaScenario.conflictCopies, MinutaScenario.sharedFolderOverwrite, MinutaScenario.conflictingEdits,
         MinutaScenario.offlineEditsThenSync, MinutaScenario.concurrentMigration, MinutaScenario.interruptedUpload,
         MinutaScenario.timeZoneAndMonthBoundary, MinutaScenario.concurrentWriters, MinutaScenario.legacyStoreWithoutTags]
    }
}
