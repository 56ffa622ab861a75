import AppPorts

/// One defect of the Swiss Coin migration plan (seed 000_a34d787f753d6341.txt) that the port can
/// switch on alone. The `as-written` variant has all of them; `fixed` none. `bugZooIds` are the ids in
/// the shared bug zoo of the entries it reproduces (empty for defects found while porting).
public enum SwissCoinDefect: String, AppDefect {
    case splitFreshUUID = "split-fresh-uuid"
    case payerFreshUUID = "payer-fresh-uuid"
    case globalCompletionFlag = "global-completion-flag"
    case crossAccountUpload = "cross-account-upload"
    case unsynchronizedCompletionFlag = "unsynchronized-completion-flag"
    case joinUpsertWithoutConflictTarget = "join-upsert-no-conflict-target"
    case wholeRowOverwrite = "whole-row-overwrite"
    case placeholderProfileOverwrite = "placeholder-profile-overwrite"
    case verifyNotCalled = "verify-not-called"
    case verifySampled = "verify-sampled"
    case verifyFloatTolerance = "verify-float-tolerance"
    case verifyPrimaryOnly = "verify-primary-only"
    case verifyPrintOnly = "verify-print-only"
    case verifyLocalIds = "verify-local-ids"
    case staleLocalIdentity = "stale-local-identity"
    case doubleMoney = "double-money"
    case rawAmountDropped = "raw-amount-dropped"
    case timestampForDate = "timestamp-for-date"
    case silentSkip = "silent-skip"
    case staleProgressCounts = "stale-progress-counts"
    case photoUploadWithoutUpsert = "photo-upload-no-upsert"
    case sessionNotRechecked = "session-not-rechecked"
    case subscriptionCurrencyDropped = "subscription-currency-dropped"
    case childrenReaddedAfterSync = "children-readded-after-sync"
    // Defects of a careless sync engine (the seed has none; see the app README's "Sync rules"). Not in `seed`.
    case syncWholeRowPush = "sync-whole-row-push"
    case syncHardDelete = "sync-hard-delete"
    case wipeOnSignOut = "wipe-on-sign-out"

    /// Whether the plan as written has the defect (the `as-written` variant): false for the sync
    /// engine's defects, which are ours.
    public var inPlanAsWritten: Bool { !isSyncDefect }

    /// A defect of the sync engine rather than of the migration plan.
    public var isSyncDefect: Bool { self == .syncWholeRowPush || self == .syncHardDelete || self == .wipeOnSignOut }

    /// The bug-zoo entries this defect reproduces: its code is the entry's seed code and a scenario
    /// can show the entry's consequence (empty: found while porting, or not in the zoo).
    public var bugZooIds: [String] {
        switch self {
        case .splitFreshUUID: return ["SC-1"]
        case .payerFreshUUID: return ["SC-2"]
        case .globalCompletionFlag: return ["SC-4"]
        case .crossAccountUpload: return ["SC-5"]
        case .unsynchronizedCompletionFlag: return ["SC-6"]
        case .silentSkip: return ["SC-8"]
        case .joinUpsertWithoutConflictTarget: return ["SC-9"]
        case .photoUploadWithoutUpsert: return ["SC-10"]
        case .wholeRowOverwrite, .placeholderProfileOverwrite, .childrenReaddedAfterSync: return ["SC-11"]
        case .verifyNotCalled, .verifySampled, .verifyFloatTolerance, .verifyPrimaryOnly, .verifyPrintOnly:
            return ["SC-13"]
        case .verifyLocalIds: return ["SC-14"]
        case .staleLocalIdentity: return ["SC-15"]
        case .sessionNotRechecked: return ["SC-18"]
        case .doubleMoney, .rawAmountDropped: return ["SC-20"]
        case .timestampForDate: return ["SC-21"]
        case .staleProgressCounts, .subscriptionCurrencyDropped, .syncWholeRowPush, .syncHardDelete, .wipeOnSignOut:
            return []
        }
    }

    /// Where the defect is in the seed.
    public var seedLines: String {
        switch self {
        case .splitFreshUUID: return "l.600, l.607-609"
        case .payerFreshUUID: return "l.631, l.637-639"
        case .globalCompletionFlag: return "l.47, l.285"
        case .crossAccountUpload: return "l.383-384 (and every owner_id)"
        case .unsynchronizedCompletionFlag: return "l.285"
        case .joinUpsertWithoutConflictTarget: return "l.469-476, l.537-544"
        case .wholeRowOverwrite: return "l.392-394 (every .upsert), l.983"
        case .placeholderProfileOverwrite: return "l.322-324, l.344-346"
        case .verifyNotCalled: return "l.201-287 vs l.1017"
        case .verifySampled: return "l.1019"
        case .verifyFloatTolerance: return "l.1034-1036"
        case .verifyPrimaryOnly: return "l.1034, l.1046"
        case .verifyPrintOnly: return "l.1036-1037"
        case .verifyLocalIds: return "l.1018-1029"
        case .staleLocalIdentity: return "l.95-108"
        case .doubleMoney: return "l.499, l.567, l.603, l.634, l.663, l.697, l.763, l.799, l.830, l.1043"
        case .rawAmountDropped: return "l.604"
        case .timestampForDate: return "l.502-503, l.569, l.665, l.764-766, l.800"
        case .silentSkip: return "l.380, l.423, l.463, l.467, l.493, l.535, l.561, l.593, l.597, l.624, l.628, l.656-658, l.690-691, l.722, l.755-756, l.788-791, l.822-823"
        case .staleProgressCounts: return "l.185, l.202-204, l.298-301, l.989-994"
        case .photoUploadWithoutUpsert: return "l.356-360, l.398-402, l.440-444"
        case .sessionNotRechecked: return "l.208-211, l.285 (and the sync engine's pass)"
        case .subscriptionCurrencyDropped: return "l.495-513"
        case .childrenReaddedAfterSync: return "l.592-611, l.623-641"
        case .syncWholeRowPush, .syncHardDelete, .wipeOnSignOut: return "none (sync engine)"
        }
    }

    /// One line: what goes wrong.
    public var summary: String {
        switch self {
        case .splitFreshUUID: return "every run upserts each split with a new random id: a retry duplicates all splits"
        case .payerFreshUUID: return "every run upserts each payer with a new random id: a retry duplicates all payers"
        case .globalCompletionFlag: return "completion flag is per device, not per account: another account's sign-in migrates (or skips) this store"
        case .crossAccountUpload: return "the local store is not tied to an account: account B uploads account A's data under B (leak, or RLS-stuck on A's ids)"
        case .unsynchronizedCompletionFlag: return "completion flag set without a flush: a kill right after loses it and the next launch re-runs everything"
        case .joinUpsertWithoutConflictTarget: return "group_members/subscription_subscribers upserted with no conflict target: duplicates or 409 forever"
        case .wholeRowOverwrite: return "full-row upserts overwrite server rows edited since (retry or second device): lost update"
        case .placeholderProfileOverwrite: return "an empty local store writes display name \"Me\" and null phone over the real profile"
        case .verifyNotCalled: return "verifyBalances is never called; the completion flag is set regardless"
        case .verifySampled: return "verifyBalances checks only the first 5 persons of an unsorted fetch"
        case .verifyFloatTolerance: return "verifyBalances compares Doubles with a 0.01 tolerance"
        case .verifyPrimaryOnly: return "verifyBalances compares only the primary (largest) currency"
        case .verifyPrintOnly: return "a balance mismatch is only printed, never fails the migration"
        case .verifyLocalIds: return "verifyBalances asks the server about local ids (old \"me\" id never remapped) and includes \"me\" in the sample"
        case .staleLocalIdentity: return "local store and currentUserId keep the old id after migration: later sync writes a person the server does not have"
        case .doubleMoney: return "amounts sent as binary Double: 3.3333333 rounds per row on the server, sums drift from the total"
        case .rawAmountDropped: return "raw_amount of 0 or negative (refund) silently sent as null"
        case .timestampForDate: return "date-only fields sent as UTC instants: the calendar day shifts by the device's time zone"
        case .silentSkip: return "entities with a missing id or reference are skipped with `continue`, counted nowhere, and the migration still completes"
        case .staleProgressCounts: return "entityCounts/progress survive from an earlier run: on retry the UI shows counts for steps this run has not reached"
        case .photoUploadWithoutUpsert: return "photo uploads without upsert: after a lost response the retry gets 409 Duplicate forever (stuck)"
        case .subscriptionCurrencyDropped: return "subscriptions are uploaded without their currency: every device, the migrating one too once it pulls, shows them and their payments and settlements in the default currency"
        case .childrenReaddedAfterSync: return "every split and payer is upserted whatever became of its transaction: a device migrating after another device's sync changed a transaction's debtors adds the old splits back, and they no longer add up to the amount"
        case .sessionNotRechecked: return "the account is read once: a sign-out or account switch mid-run keeps uploading and still sets the flag"
        case .syncWholeRowPush: return "sync pushes every field of an edited entity, not the groups the user changed: a concurrent edit of another field is overwritten"
        case .syncHardDelete: return "sync deletes rows instead of soft-deleting them: other devices never learn of the delete and keep the transaction"
        case .wipeOnSignOut: return "on sign-out (the user's, or a revoked session's) the local store is cleared for privacy, unsynced edits included: they never reach the server"
        }
    }
}
