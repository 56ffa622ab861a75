import CryptoSavings
import SimCore

/// The users' actions, drawn from the seed over the app's whole vocabulary: goals (add, edit),
/// assets, transactions, allocations (set an (asset, goal) amount, logged in history), monthly
/// plans and month completions. Amounts are exact smallest units: satoshi up to 2 BTC, wei with
/// all 18 decimals (what a Double cannot hold).
struct CryptoCatalogue {
    var goals: [(id: String, currency: String)] = []
    var assets: [(id: String, currency: String)] = []
}

extension CryptoStage {
    static let currencies = ["BTC", "ETH"]

    /// The first session's data: one asset per currency, `2 + 2·size` goals, transactions and
    /// one allocation per goal.
    func initialActions() -> [SavingsAction] {
        var actions: [SavingsAction] = []
        for currency in Self.currencies { actions.append(addAsset(currency)) }
        for index in 0..<(2 + 2 * size) { actions.append(addGoal(Self.currencies[index % 2])) }
        for asset in catalogue.assets { for _ in 0..<(2 + size) { actions.append(.addTransaction(id: newID(), assetID: asset.id, amount: amount(asset.currency))) } }
        for goal in catalogue.goals { actions.append(allocation(goal)) }
        return actions
    }

    /// `count` edits drawn from the whole vocabulary over the objects made so far.
    func edits(_ count: Int) -> [SavingsAction] {
        (0..<count).map { _ in
            let goal = catalogue.goals[draw(catalogue.goals.count)]
            switch draw(12) {
            case 0, 1: return .editGoal(id: goal.id, name: "Goal \(draw(1000))", target: target(goal.currency))
            case 2, 3, 4, 5: return allocation(goal)
            case 6, 7: return .addTransaction(id: newID(), assetID: asset(goal.currency), amount: amount(goal.currency))
            case 8, 9: return .planMonth(goalID: goal.id, freshID: newID())
            case 10: return .completeMonth(snapshotID: newID(), freshIDs: [newID(), newID()], snapshotBytes: 1024 * catalogue.goals.count)
            default: return addGoal(Self.currencies[draw(2)])
            }
        }
    }

    /// `count` edits of existing goals and allocations only (what a user changes again later).
    func followUps(_ count: Int) -> [SavingsAction] {
        (0..<count).map { _ in
            let goal = catalogue.goals[draw(catalogue.goals.count)]
            return draw(3) == 0 ? .editGoal(id: goal.id, name: "Goal \(draw(1000))", target: target(goal.currency)) : allocation(goal)
        }
    }

    func addAsset(_ currency: String) -> SavingsAction {
        let id = newID()
        catalogue.assets.append((id, currency))
        return .addAsset(id: id, currency: currency)
    }

    func addGoal(_ currency: String) -> SavingsAction {
        let id = newID()
        catalogue.goals.append((id, currency))
        let months = Int64(2 + draw(22))
        return .addGoal(id: id, name: "Goal \(catalogue.goals.count)", currency: currency, target: target(currency),
                        deadlineMillis: 1_768_435_200_000 + months * 30 * 86_400_000)
    }

    func allocation(_ goal: (id: String, currency: String)) -> SavingsAction {
        .allocate(assetID: asset(goal.currency), goalID: goal.id, amount: amount(goal.currency), historyID: newID(), freshID: newID())
    }

    func asset(_ currency: String) -> String {
        let matching = catalogue.assets.filter { $0.currency == currency }
        return matching.isEmpty ? "" : matching[draw(matching.count)].id
    }

    /// An amount: up to 2 BTC in satoshi, or 1–4 ETH with every wei digit.
    func amount(_ currency: String) -> Units {
        if currency == "BTC" { return Units(1 + draw(200_000_000)) }
        let digits = (0..<17).map { _ in String(draw(10)) }.joined()
        return Units(String(1 + draw(4)) + digits)!
    }

    func target(_ currency: String) -> Units {
        Units(coins: String(currency == "BTC" ? 1 + draw(5) : 5 + draw(16)), currency: currency)!
    }
}
