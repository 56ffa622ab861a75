import CryptoSavings
import SimHarness
/// What the users expect to exist: every object an app confirmed, by its logical key
/// (`Goal <id>`, `AssetAllocation <asset>/<goal>`, `MonthlyPlan <goal>/<month>`,
/// `MonthlyExecutionRecord <month>` …, months in the declared zone), with the iCloud account the
/// device was mirroring for when it confirmed (nil: local-only, adopted by the next account),
/// the exact amount of every transaction, and the values set last. A fold of the run's operation
/// ledger (`OperationLedger<CryptoEvent>`) in recorded order; tests may build one with the
/// mutating methods.
struct ConfirmedObjects {
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
    /// Per value key, the value set last (`lastValues(_:)`), in key order.
    var lastValues: [LastValue] = []

    /// A value set last: an edit of a goal or allocation that every other edit of it preceded.
    struct LastValue: Equatable {
        /// `Goal <id>` or `AssetAllocation <asset>/<goal>`.
        var key: String
        /// What the view shows for it once the edit stands: `name | target` or the amount.
        var value: String
        var device: String
        /// The account the device mirrored for when it was handed the edit.
        var owner: String?
    }

    init() {}

    /// The objects the ledger's steps confirm, folded in recorded order: each action handed over
    /// is an attempt, each confirmed one (or one saved before a kill) an entry; a mirror binding
    /// adopts the device's local-only entries recorded before it.
    init(ledger: OperationLedger<CryptoEvent>) {
        for step in ledger.steps {
            switch step {
            case .invoked(let entry):
                switch entry.action {
                case .action(let action, let owner, let month, _): attempt(action, device: entry.device, owner: owner, month: month)
                case .mirrored(let user): adopt(device: entry.device, user: user)
                case .serverWins: break
                case .savedBeforeKill(let action, let owner, let month, let build):
                    acknowledge(action, device: entry.device, owner: owner, month: month, build: build)
                }
            case .completed(let entry):
                guard entry.status == .ok, case .action(let action, let owner, _, let build) = entry.action else { continue }
                if case .sync = action { continue }
                guard let month = entry.result(as: String.self) else {
                    preconditionFailure("a confirmed action ends with the month it was confirmed in")
                }
                acknowledge(action, device: entry.device, owner: owner, month: month, build: build)
            }
        }
        lastValues = Self.lastValues(ledger)
    }

    /// Per key, the value set last (the shared last-writer rule: the confirmed edit every other
    /// edit of the key precedes), unless the device's mirror later dropped local edits for the
    /// server's copy (an export conflict after it on its device: it may be among them). Keys
    /// whose last edits are concurrent have none (CloudKit keeps the record saved last).
    static func lastValues(_ ledger: OperationLedger<CryptoEvent>) -> [LastValue] {
        var conflicts: [String: Int] = [:]  // device → its last export conflict's id; looked up only
        for entry in ledger { if case .serverWins = entry.action { conflicts[entry.device] = entry.id } }
        let expect = WriteExpectations(ledger) { entry in (conflicts[entry.device] ?? -1) > entry.id }
        return expect.keys(CryptoEvent.values).compactMap { key in
            guard let (value, entry) = expect.lastWriter(CryptoEvent.values, key, field: "value"),
                  case .action(_, let owner, _, _) = entry.action else { return nil }
            return LastValue(key: key, value: value, device: entry.device, owner: owner)
        }
    }

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
