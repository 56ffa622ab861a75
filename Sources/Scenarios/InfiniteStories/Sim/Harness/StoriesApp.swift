import AppPorts
import InfiniteStories
import SimCore
import SimHarness

/// InfiniteStories in the catalogue: its scenarios and its variants (`fixed`, `as-written`, each defect).
public enum StoriesApp {
    /// The app's name on the command line.
    public static let name = "infinitestories"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        var app = AppDefinition(
            name: name,
            summary: "children's stories: local store (heroes, stories, media) → the team's own REST backend (server-assigned ids)",
            fixedSummary: "the migration as it should be", defects: StoriesDefect.self, scenarios: scenarios)
        app.defectCatches = defectCatches
        return app
    }

    static var scenarios: [any AppScenario] {
        [StoriesScenario.interruptedUpload, StoriesScenario.lostResponse, StoriesScenario.flakyNetwork, StoriesScenario.accountSwitch,
         StoriesScenario.firstSyncWithExistingCloudData, StoriesScenario.rollbackAfterFailure, StoriesScenario.mediaReferenceIntegrity,
         StoriesScenario.concurrentEditsDuringMigration, StoriesScenario.signOutDuringSync, StoriesScenario.verifierBlindSpots,
         StoriesScenario.editsUnderFaults, StoriesScenario.editsWithKills, StoriesScenario.rollbackAfterCompletion,
         StoriesScenario.cancelThenSwitchAccount]
    }

    /// Where each defect must be caught (the README's defect table, checked by a test): the
    /// scenario that catches it first, within at least five times its first failing seed (measured
    /// at `--size 0`).
    static var defectCatches: [DefectCatch] {
        let rows: [(String, String, UInt64)] = [
            ("non-idempotent-create", "interrupted-upload", 5),
            ("local-parent-ids", "interrupted-upload", 5),
            ("illustration-filter-self-compare", "interrupted-upload", 5),
            ("rollback-deletes-all", "first-sync-with-existing-cloud-data", 5),
            ("verify-first-page-only", "interrupted-upload", 15),
            ("mark-all-synced", "concurrent-edits-during-migration", 5),
            ("skip-when-authenticated", "interrupted-upload", 5),
            ("orphan-story-random-hero", "interrupted-upload", 20),
            ("media-name-not-url", "media-reference-integrity", 5),
            ("stale-container-path", "media-reference-integrity", 5),
            ("pictograms-dropped", "interrupted-upload", 5),
            ("events-uploaded-last", "interrupted-upload", 5),
            ("illustration-metadata-dropped", "interrupted-upload", 5),
            ("created-dates-dropped", "interrupted-upload", 5),
            ("progress-total-mismatch", "interrupted-upload", 5),
            ("completion-flags-unflushed", "interrupted-upload", 25),
            ("rollback-leaves-events", "first-sync-with-existing-cloud-data", 5),
            ("rollback-parent-first", "first-sync-with-existing-cloud-data", 5),
            ("rollback-error-ignored", "rollback-after-failure", 25),
            ("rollback-marks-synced", "first-sync-with-existing-cloud-data", 5),
            ("cancel-does-not-stop-upload", "first-sync-with-existing-cloud-data", 5),
            ("remigrate-after-sign-out", "account-switch", 5),
            ("synced-despite-local-edit", "concurrent-edits-during-migration", 10),
            ("verify-count-only", "verifier-blind-spots", 5),
            ("account-not-pinned", "sign-out-during-sync", 20),
        ]
        precondition(Set(rows.map(\.0)) == Set(StoriesDefect.allCases.map(\.name)), "every defect has a row")
        return rows.map { DefectCatch($0.0, by: $0.1, within: 1...$0.2) }
    }
}
