import SimCore

/// Swiss Coin in the catalogue: its scenarios and its variants (`fixed`, `seed`, each defect).
public enum SwissCoinApp {
    /// The app's name on the command line.
    public static let name = "swisscoin"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        AppDefinition(
            name: name,
            summary: "bill splitting: Core Data → Supabase migration (16 steps, identity remap, RLS) and balances",
            defaultVariant: "fixed",
            variants: variants,
            scenarios: scenarios)
    }

    static var variants: [VariantInfo] {
        [
            VariantInfo(name: "fixed", summary: "the migration as it should be (default)"),
            VariantInfo(name: "seed", summary: "the plan as written, with every defect"),
        ] + SwissCoinDefect.allCases.map { VariantInfo(name: $0.name, summary: $0.summary, bugID: $0.bugZooId) }
    }

    static var scenarios: [any AppScenario] {
        [SwissCoinScenario.interruptedUpload, SwissCoinScenario.lostResponse, SwissCoinScenario.flakyNetwork,
         SwissCoinScenario.accountSwitch, SwissCoinScenario.firstSyncWithExistingCloudData,
         SwissCoinScenario.verifierBlindSpots, SwissCoinScenario.conflictingEdits, SwissCoinScenario.offlineEditsThenSync,
         SwissCoinScenario.signOutDuringSync, SwissCoinScenario.accountSwitchAfterSync]
    }
}
