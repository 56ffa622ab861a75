import AppPorts
import AppleStandIns

/// How a launch ended.
public enum SavingsLaunch: Sendable, Hashable {
    /// The store is open (synced or not).
    case opened
    /// The store could not be opened; nothing was changed (the fixed build tries again next launch).
    case failed(String)
    /// The store could not be opened and was wiped and recreated (`resetStoreFilesIfPresent()`).
    case wiped(String)
}

/// The CryptoSavingsTracker data layer of one build on one device: the store (V1 local-only, or
/// V2 with the CloudKit mirror on), its open (with the plan's wipe-on-failure in the defective
/// build), dedupe-on-fetch, the user's edits and the sync points NSPersistentCloudKitContainer
/// gives an app (import at launch, export after saves).
public final class CryptoSavingsApplication {
    public static let storePath = "Library/Application Support/default.store"
    public let variant: CryptoSavingsVariant
    /// 1: the release before the plan (schema V1, no CloudKit); 2: the release that turns CloudKit on.
    public let build: Int
    let disk: StoreDisk
    let clock: any WallClock
    let probe: any PhaseProbe
    let makeMirror: (ModelContainer, CloudKitMirrorOptions) -> CloudKitMirror
    public private(set) var container: ModelContainer?
    public private(set) var mirror: CloudKitMirror?
    let journal: EditJournal
    /// Whether this incarnation's mirror has checked the iCloud account. Until it has, nothing
    /// is exported: the device may be signed in to another Apple ID than the one the local data
    /// belongs to. NSPersistentCloudKitContainer checks the account's identity before it mirrors
    /// (OpenCloudData's OCCloudKitSetupAssistant identity check); the fake's `exportChanges` does
    /// not, so the app holds exports until `checkAccount` succeeded.
    var accountChecked = false
    /// Records imported and exported by this incarnation's syncs (quiescence: 0 when nobody edits).
    public private(set) var traffic = 0
    /// Unsynced edits this incarnation set aside at an account change (and told the user about).
    public private(set) var setAsideCount = 0

    public init(variant: CryptoSavingsVariant, build: Int, disk: StoreDisk, clock: any WallClock, probe: any PhaseProbe,
                makeMirror: @escaping (ModelContainer, CloudKitMirrorOptions) -> CloudKitMirror) {
        self.variant = variant
        self.build = build
        self.disk = disk
        self.clock = clock
        self.probe = probe
        self.makeMirror = makeMirror
        journal = EditJournal(disk: disk)
    }

    var schema: VersionedSchema { build == 1 ? CryptoSchemas.v1 : CryptoSchemas.v2 }

    /// The label of the current month under the build's rule.
    public var currentMonth: String {
        MonthLabel.label(clock.nowMilliseconds, offsetSeconds: variant.has(.deviceLocalMonthLabel) ? clock.utcOffsetSeconds : MonthLabel.declaredOffsetSeconds)
    }

    /// Opens the store (migrating V1 to V2), then for V2: backfills exact amounts, checks the
    /// account, imports, dedupes and exports.
    public func launch() async -> SavingsLaunch {
        probe.enter("launch")
        let result = await open()
        guard container != nil else { return result }
        if build >= 2 {
            await backfill()
            await synchronize()
        }
        return result
    }

    private func open() async -> SavingsLaunch {
        probe.enter("open")
        let plan = SchemaMigrationPlan(schemas: [CryptoSchemas.v1, CryptoSchemas.v2],
                                       stages: [.lightweight(fromVersion: CryptoSchemas.v1, toVersion: CryptoSchemas.v2)])
        do {
            container = try await ModelContainer.open(at: Self.storePath, schema: schema, migrationPlan: plan, disk: disk)
        } catch {
            guard variant.has(.wipeOnOpenFailure) else { return .failed("\(error)") }
            // The plan's "Initial-schema-only strategy": wipe and recreate (resetStoreFilesIfPresent()).
            try? disk.remove(Self.storePath)
            try? disk.remove(Self.storePath + ".ckmirror")
            container = try? await ModelContainer.open(at: Self.storePath, schema: schema, migrationPlan: plan, disk: disk)
            return .wiped("\(error)")
        }
        if build >= 2, let container {
            var options = CloudKitMirrorOptions()
            options.accountChange = variant.has(.keepsLocalDataOnAccountChange) ? .keepLocalData : .purgeLocalData
            mirror = makeMirror(container, options)
        }
        return .opened
    }

    /// Fixed: rows written by V1 (or by an older device) get their exact amount from the Double
    /// column once, in one save; idempotent, so a kill only repeats it.
    private func backfill() async {
        guard !variant.has(.floatingPointAmounts), let container else { return }
        probe.enter("backfill")
        await Task.yield()
        let context = container.makeContext()
        let currencies = currencyByRow(context)
        let columns = [("Transaction", "amount", "amountUnits"), ("AssetAllocation", "amount", "amountUnits"),
                       ("AllocationHistory", "amount", "amountUnits"), ("Goal", "targetAmount", "targetUnits")]
        for (entity, double, exact) in columns {
            for row in (try? context.fetch(entity)) ?? [] where row[exact]?.stringValue == "" && (row[double]?.doubleValue ?? 0) > 0 {
                guard let currency = currencies[row.id] else { continue }
                context.set(row.id, exact, .string(Amounts.units(row[double]!.doubleValue!, currency).text))
            }
        }
        try? context.save()
    }

    /// The currency of every row that carries an amount (its asset's, or the goal's own).
    private func currencyByRow(_ context: ModelContext) -> [PersistentIdentifier: String] {
        var result: [PersistentIdentifier: String] = [:]
        for goal in (try? context.fetch("Goal")) ?? [] { result[goal.id] = goal["currency"]?.stringValue }
        for entity in ["Transaction", "AssetAllocation", "AllocationHistory"] {
            for row in (try? context.fetch(entity)) ?? [] {
                if let asset = row.targets("asset").first { result[row.id] = context.row(asset)?["currency"]?.stringValue }
            }
        }
        return result
    }

    /// Account check (with the fixed build's safeguard for unsynced edits), import, dedupe,
    /// export. Network and server failures leave the app working locally until the next sync.
    public func synchronize() async {
        guard let mirror else { return }
        probe.enter("account")
        let previous = mirror.mirroredUser
        let pending = journal.entries()
        guard let outcome = try? await mirror.checkAccount() else { return }
        accountChecked = true
        if case .changed(let from?, _, _) = outcome, !pending.isEmpty, previous == from, !variant.has(.dropsUnsyncedOnAccountChange) {
            journal.setAside(pending, user: from)
            setAsideCount += pending.count
        }
        if case .changed = outcome { journal.clear() }
        if case .unavailable = outcome { return }
        probe.enter("import")
        traffic += (try? await mirror.importChanges()) ?? 0
        await dedupe()
        await export()
    }

    /// `dedupe-deletes-losers`: the losers of dedupe-on-fetch are deleted (and the deletes sync).
    private func dedupe() async {
        guard variant.has(.dedupeDeletesLosers), let container else { return }
        probe.enter("dedupe")
        let view = self.view()
        guard !view.losers.isEmpty else { return }
        let context = container.makeContext()
        for loser in view.losers { context.delete(loser.id) }
        try? context.save()
    }

    /// Exports pending changes; a clean export (nothing left pending) empties the edit journal.
    public func export() async {
        guard let mirror, accountChecked else { return }
        probe.enter("export")
        // Signed out of iCloud, nothing can leave: an export of nothing is not a clean one. The
        // notes stay until an export to the account that signs in next, or are set aside at the
        // next account change (else that change would purge them unseen).
        guard mirror.mirroredUser != nil else { return }
        guard let exported = try? await mirror.exportChanges() else { return }
        traffic += exported
        if mirror.lastItemErrors.isEmpty { journal.clear() }
    }

    /// What the app shows now.
    public func view() -> SavingsView {
        guard let container else { return SavingsView(rows: [], variant: variant, month: currentMonth) }
        return SavingsView(rows: Array(container.committed.rows.values), variant: variant, month: currentMonth)
    }
}
