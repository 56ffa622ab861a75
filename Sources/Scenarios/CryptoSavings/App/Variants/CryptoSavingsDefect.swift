import AppPorts

/// One defect of the CryptoSavingsTracker CloudKit plan (seed 004_204c3f135ae837b2.txt) that the
/// port can switch on alone. `as-written` has every defect whose code or rule the plan contains;
/// `fixed` has none. `bugZooIds` are the shared bug zoo's ids of the entries it reproduces.
public enum CryptoSavingsDefect: String, AppDefect {
    case compositeDedupeKeys = "composite-dedupe-keys"
    case fetchOrderWinner = "fetch-order-winner"
    case dedupeDeletesLosers = "dedupe-deletes-losers"
    case randomNaturalKeyIds = "random-natural-key-ids"
    case wipeOnOpenFailure = "wipe-on-open-failure"
    case keepsLocalDataOnAccountChange = "keeps-local-data-on-account-change"
    case dropsUnsyncedOnAccountChange = "drops-unsynced-on-account-change"
    case floatingPointAmounts = "floating-point-amounts"
    case trustsSyncedDerivedValues = "trusts-synced-derived-values"
    case deviceLocalMonthLabel = "device-local-month-label"
    case appendsExecutionSnapshots = "appends-execution-snapshots"
    // Ported after `as-written`'s set was fixed: switched on by name only, so adding it leaves
    // every earlier variant's runs (and trace hashes) as they were.
    case dedupeFiveModelsOnly = "dedupe-five-models-only"

    /// `drops-unsynced-on-account-change` is the platform's default purge without the app's own
    /// safeguard: the plan as written asks to "preserve local data" instead (which leaks), so
    /// the drop is switched on by name only. `appends-execution-snapshots` is the bug the plan
    /// only warns about ("monitor if users track many goals"), switched on by name only, and so is
    /// `dedupe-five-models-only`, which is in the plan but came after `as-written`'s set.
    public var inPlanAsWritten: Bool { ![.dropsUnsyncedOnAccountChange, .appendsExecutionSnapshots, .dedupeFiveModelsOnly].contains(self) }

    /// The bug-zoo entries this defect reproduces: its code is the entry's seed code and a scenario
    /// can show the entry's consequence (empty: found while porting, or not in the zoo).
    public var bugZooIds: [String] {
        switch self {
        case .randomNaturalKeyIds: return ["CS-1"]
        case .dedupeFiveModelsOnly: return ["CS-2"]
        case .compositeDedupeKeys: return ["CS-3"]
        case .deviceLocalMonthLabel: return ["CS-4"]
        case .fetchOrderWinner: return ["CS-1", "CS-5"]
        case .dedupeDeletesLosers: return ["CS-5"]
        case .wipeOnOpenFailure: return ["CS-6"]
        case .keepsLocalDataOnAccountChange, .dropsUnsyncedOnAccountChange: return ["CS-9"]
        case .appendsExecutionSnapshots: return ["CS-11"]
        case .floatingPointAmounts: return ["CS-12"]
        case .trustsSyncedDerivedValues: return ["CS-13"]
        }
    }

    /// Where the defect is in the seed.
    public var seedLines: String {
        switch self {
        case .compositeDedupeKeys: return "l.27-32 (keys), l.14 and l.34 (optional to-one), l.252/264/274 (monthLabel default \"\")"
        case .fetchOrderWinner, .dedupeDeletesLosers: return "l.27 (\"deduplication on fetch\", no winner rule, no word on hide or delete)"
        case .randomNaturalKeyIds: return "l.27 and Phase 2/3 (`var id: UUID = UUID()` on every model)"
        case .wipeOnOpenFailure: return "l.335, l.433-437 (`resetStoreFilesIfPresent()`)"
        case .keepsLocalDataOnAccountChange: return "l.395-396 (\"preserves local data\")"
        case .dropsUnsyncedOnAccountChange: return "l.395-396 (no design for unsynced edits)"
        case .floatingPointAmounts: return "Phase 2 (`var amount: Double = 0.0`, `targetAmount: Double`)"
        case .trustsSyncedDerivedValues: return "MonthlyPlan: requiredMonthly, remainingAmount, monthsRemaining stored and synced"
        case .deviceLocalMonthLabel: return "MonthlyPlan/MonthlyExecutionRecord/CompletedExecution `monthLabel` with no time zone"
        case .appendsExecutionSnapshots: return "l.15, l.113, l.429 (blob size assumed by estimate)"
        case .dedupeFiveModelsOnly: return "l.27-32 (dedupe keys for five of the nine models)"
        }
    }

    /// One line: what the defective code does and what goes wrong.
    public var summary: String {
        switch self {
        case .compositeDedupeKeys:
            return "dedupe on fetch by the plan's composite keys, read through optional relationships and defaulted month labels: records whose parents have not arrived collide and are merged"
        case .fetchOrderWinner:
            return "the dedupe winner is the first row in local fetch order: devices keep different copies"
        case .dedupeDeletesLosers:
            return "dedupe deletes the losers (the deletion syncs): two devices keeping different winners delete both"
        case .randomNaturalKeyIds:
            return "allocations, plans and month records get a fresh UUID: one (asset, goal) or one month made on two devices is two records"
        case .wipeOnOpenFailure:
            return "a store that fails to open is wiped and recreated (resetStoreFilesIfPresent): unsynced history is gone"
        case .keepsLocalDataOnAccountChange:
            return "on an iCloud account change the local data is kept and mirrored into the new Apple ID's database (leak)"
        case .dropsUnsyncedOnAccountChange:
            return "the platform's purge on account change drops edits that never reached iCloud, and the user is not told"
        case .floatingPointAmounts:
            return "amounts and targets as Double coins: wei-precise amounts lose digits and sums drift"
        case .trustsSyncedDerivedValues:
            return "the dashboard shows MonthlyPlan's stored remaining/required amounts, computed on whichever device saved last"
        case .deviceLocalMonthLabel:
            return "month labels in the device's own time zone: UTC+14 and UTC-12 devices file the same instant under different months"
        case .appendsExecutionSnapshots:
            return "each completion appends to the execution snapshot blobs instead of replacing them: the record outgrows 1 MB and never uploads"
        case .dedupeFiveModelsOnly:
            return "dedupe on fetch covers only the five models the plan gives keys for: goals, assets, transactions and snapshots that exist twice (one history on two devices) show twice and count twice"
        }
    }
}

/// Which defects a run of CryptoSavings has: `fixed`, `as-written`, or defect names joined with `+`.
public typealias CryptoSavingsVariant = Variant<CryptoSavingsDefect>
