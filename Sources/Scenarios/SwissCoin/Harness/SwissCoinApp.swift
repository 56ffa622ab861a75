import AppPorts
import SimCore
import SimHarness

/// Swiss Coin in the catalogue: its scenarios and its variants (`fixed`, `as-written`, each defect).
public enum SwissCoinApp {
    /// The app's name on the command line.
    public static let name = "swisscoin"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        AppDefinition(
            name: name,
            summary: "bill splitting: Core Data → Supabase migration (16 steps, identity remap, RLS) and balances",
            fixedSummary: "the migration as it should be", defects: SwissCoinDefect.self,
            scenarios: scenarios)
    }

    static var scenarios: [any AppScenario] {
        [SwissCoinScenario.interruptedUpload, SwissCoinScenario.lostResponse, SwissCoinScenario.flakyNetwork,
         SwissCoinScenario.accountSwitch, SwissCoinScenario.firstSyncWithExistingCloudData,
         SwissCoinScenario.verifierBlindSpots, SwissCoinScenario.conflictingEdits, SwissCoinScenario.offlineEditsThenSync,
         SwissCoinScenario.signOutDuringSync, SwissCoinScenario.accountSwitchAfterSync]
    }
}
