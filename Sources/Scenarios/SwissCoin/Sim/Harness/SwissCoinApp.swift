import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// Swiss Coin in the catalogue: its scenarios and its variants (`fixed`, `as-written`, each defect).
public enum SwissCoinApp {
    /// The app's name on the command line.
    public static let name = "swisscoin"

    /// The catalogue entry.
    public static var definition: AppDefinition {
        var app = AppDefinition(
            name: name,
            summary: "bill splitting: Core Data → Supabase migration (16 steps, identity remap, RLS) and balances",
            fixedSummary: "the migration as it should be", defects: SwissCoinDefect.self,
            scenarios: scenarios)
        app.defectCatches = defectCatches
        app.knownUncaught = [
            SwissCoinDefect.verifyLocalIds.name: "its wrong sample still matches whenever the server is right (verifier-blind-spots, seeds 1-30)",
        ]
        return app
    }

    /// Where each defect must be caught (the README's defect table, checked by a test): the
    /// scenario the defect is caught by first, within a few times its first failing seed.
    static var defectCatches: [DefectCatch] {
        let upload = "interrupted-upload", blind = "verifier-blind-spots"
        let rows: [(SwissCoinDefect, String, UInt64)] = [
            (.splitFreshUUID, upload, 5), (.payerFreshUUID, upload, 5),
            (.globalCompletionFlag, "account-switch-after-sync", 5), (.crossAccountUpload, "account-switch", 5),
            (.unsynchronizedCompletionFlag, upload, 5), (.joinUpsertWithoutConflictTarget, upload, 5),
            (.wholeRowOverwrite, "first-sync-with-existing-cloud-data", 5),
            (.placeholderProfileOverwrite, "first-sync-with-existing-cloud-data", 5),
            (.verifyNotCalled, blind, 5), (.verifySampled, blind, 5), (.verifyFloatTolerance, upload, 5),
            (.verifyPrimaryOnly, upload, 5), (.verifyPrintOnly, blind, 5), (.staleLocalIdentity, upload, 5),
            (.doubleMoney, upload, 5), (.rawAmountDropped, upload, 5), (.timestampForDate, upload, 5),
            (.silentSkip, upload, 5), (.staleProgressCounts, upload, 5), (.photoUploadWithoutUpsert, upload, 5),
            (.sessionNotRechecked, "sign-out-during-sync", 40), (.subscriptionCurrencyDropped, upload, 5),
            (.syncWholeRowPush, "conflicting-edits", 20), (.syncHardDelete, "conflicting-edits", 20),
            (.wipeOnSignOut, "sign-out-during-sync", 10),
            (.childrenReaddedAfterSync, "restored-device-migrates-during-sync", 5),
        ]
        return rows.map { DefectCatch($0.0.name, by: $0.1, within: 1...$0.2) }
    }

    static var scenarios: [any AppScenario] {
        [SwissCoinScenario.interruptedUpload, SwissCoinScenario.lostResponse, SwissCoinScenario.flakyNetwork,
         SwissCoinScenario.accountSwitch, SwissCoinScenario.firstSyncWithExistingCloudData,
         SwissCoinScenario.verifierBlindSpots, SwissCoinScenario.conflictingEdits, SwissCoinScenario.offlineEditsThenSync,
         SwissCoinScenario.signOutDuringSync, SwissCoinScenario.accountSwitchAfterSync, SwissCoinScenario.longSyncSession,
         SwissCoinScenario.restoredDeviceMigratesDuringSync]
    }
}
