import CryptoSavings
/// What the users expect to exist: every object an app confirmed, by its logical key
/// (`Goal <id>`, `AssetAllocation <asset>/<goal>`, `MonthlyPlan <goal>/<month>`,
/// `MonthlyExecutionRecord <month>` …, months in the declared zone), with the iCloud account the
/// device was mirroring for when it confirmed (nil: local-only, adopted by the next account),
/// and the exact amount of every transaction. A run's ledger is folded from its history
/// (`CryptoLedger+History`); tests may build one with the mutating methods.
struct CryptoLedger {
    struct Entry: Hashable {
        var key: String
        var owner: String?
        var device: String
    }

    private(set) var entries: [Entry] = []
    /// Every object an app was asked to make, confirmed or not (a kill after the save and before
    /// the confirmation leaves an object nobody confirmed): who may legitimately hold a key.
    private(set) var attempts: [Entry] = []
    /// Exact amounts of transactions by id (what the user typed).
    private(set) var transactionAmounts: [String: Units] = [:]
    /// The transactions an app of build 2 or later confirmed: it stores the typed amount exactly,
    /// so their exact column must hold it everywhere (build 1 keeps only a `Double`, which the
    /// upgrade's backfill turns into an exact amount as best it can).
    private(set) var exactlyStored: Set<String> = []
    /// The values users set, in the order apps were handed them (see `CryptoLedger+Values`).
    var valueEdits: [ValueEdit] = []

    /// Records a confirmed action's objects, made by an app of `build`.
    mutating func acknowledge(_ action: SavingsAction, device: String, owner: String?, month: String, build: Int) {
        for key in Self.keys(action, month: month) {
            let entry = Entry(key: key, owner: owner, device: device)
            if !entries.contains(entry) { entries.append(entry) }
        }
        if case .addTransaction(let id, _, let amount) = action {
            transactionAmounts[id] = amount
            if build >= 2 { exactlyStored.insert(id) }
        }
    }

    /// Records an action handed to an app (before it runs).
    mutating func attempt(_ action: SavingsAction, device: String, owner: String?, month: String) {
        for key in Self.keys(action, month: month) {
            let entry = Entry(key: key, owner: owner, device: device)
            if !attempts.contains(entry) { attempts.append(entry) }
        }
    }

    /// Adds one entry as it stands (tests build ledgers this way).
    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// The logical keys an action creates or touches.
    static func keys(_ action: SavingsAction, month: String) -> [String] {
        switch action {
        case .addGoal(let id, _, _, _, _), .editGoal(let id, _, _): return ["Goal \(id)"]
        case .addAsset(let id, _): return ["Asset \(id)"]
        case .addTransaction(let id, _, _): return ["Transaction \(id)"]
        case .allocate(let asset, let goal, _, let history, _): return ["AssetAllocation \(asset)/\(goal)", "AllocationHistory \(history)"]
        case .planMonth(let goal, _): return ["MonthlyPlan \(goal)/\(month)"]
        case .completeMonth(let snapshot, _, _):
            return ["MonthlyExecutionRecord \(month)", "CompletedExecution \(month)", "ExecutionSnapshot \(snapshot)"]
        case .sync: return []
        }
    }

    /// The device's mirror bound its local data to `user`: objects it confirmed before any
    /// account (local-only, or while the account check failed) now belong to `user`.
    mutating func adopt(device: String, user: String) {
        for index in entries.indices where entries[index].device == device && entries[index].owner == nil {
            entries[index].owner = user
        }
        for index in attempts.indices where attempts[index].device == device && attempts[index].owner == nil {
            attempts[index].owner = user
        }
    }

    /// The owners of a key (several when users of different accounts made the same natural key).
    func entries(owner: String?) -> [Entry] { entries.filter { $0.owner == owner } }
}
