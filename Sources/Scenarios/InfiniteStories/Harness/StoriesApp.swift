import AppPorts
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
         StoriesScenario.concurrentEditsDuringMigration, StoriesScenario.signOutDuringSync, StoriesScenario.verifierBlindSpots]
    }

    /// Where each defect must be caught (measured; the README's defect table, checked by a test).
    static var defectCatches: [DefectCatch] { [] }
}
