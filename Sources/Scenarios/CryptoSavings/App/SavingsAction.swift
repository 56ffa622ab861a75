/// One thing the user does in the app. Every input is given (ids drawn by the caller for new
/// objects, amounts as exact smallest units), so the same action means the same thing in every
/// build; the build decides how it stores it.
public enum SavingsAction: Sendable, Hashable, CustomStringConvertible {
    case addGoal(id: String, name: String, currency: String, target: Units, deadlineMillis: Int64)
    case editGoal(id: String, name: String, target: Units)
    case addAsset(id: String, currency: String)
    case addTransaction(id: String, assetID: String, amount: Units)
    /// Sets the (asset, goal) allocation to `amount` and logs it in AllocationHistory.
    /// `freshID` is the id a build that does not derive ids gives a new allocation.
    case allocate(assetID: String, goalID: String, amount: Units, historyID: String, freshID: String)
    /// Saves this month's plan for the goal (the derived amounts, stored as the plan has them).
    case planMonth(goalID: String, freshID: String)
    /// Closes this month: the execution record, the completed execution (its goal, exchange-rate
    /// and contribution snapshots, each `snapshotBytes` long: the rate table and contribution
    /// details the user's currencies make) and an execution snapshot.
    case completeMonth(snapshotID: String, freshIDs: [String], snapshotBytes: Int)
    /// Opens the app only to sync.
    case sync

    public var description: String {
        switch self {
        case .addGoal(let id, let name, let currency, let target, _): return "add-goal \(id.prefix(8)) \(name) \(target) \(currency)"
        case .editGoal(let id, let name, let target): return "edit-goal \(id.prefix(8)) \(name) \(target)"
        case .addAsset(let id, let currency): return "add-asset \(id.prefix(8)) \(currency)"
        case .addTransaction(let id, let asset, let amount): return "add-transaction \(id.prefix(8)) asset=\(asset.prefix(8)) \(amount)"
        case .allocate(let asset, let goal, let amount, _, _): return "allocate \(asset.prefix(8))→\(goal.prefix(8)) \(amount)"
        case .planMonth(let goal, _): return "plan-month \(goal.prefix(8))"
        case .completeMonth: return "complete-month"
        case .sync: return "sync"
        }
    }
}
