import AppleStandIns

/// What the app shows from its store: the rows that survive dedupe-on-fetch (per entity, by the
/// build's dedupe key, one winner per key), and the dashboard computed from them — per goal the
/// allocated total, remaining amount and required monthly amount; per asset its balance; per
/// (asset, goal) its allocation. Amounts are smallest-unit texts whatever the build stores.
public struct SavingsView: Sendable {
    /// One goal line of the dashboard.
    public struct GoalLine: Sendable, Hashable {
        public var name: String
        public var currency: String
        public var target: Units
        public var deadlineLabel: String
        public var allocated: Units
        public var remaining: Units
        public var requiredMonthly: Units
        public var monthsRemaining: Int
    }

    /// Rows shown, per entity name, in fetch order.
    public private(set) var visible: [String: [ModelRow]] = [:]
    /// Rows hidden as dedupe losers.
    public private(set) var losers: [ModelRow] = []
    /// Goal lines by goal id.
    public private(set) var goals: [String: GoalLine] = [:]
    /// Balance per asset id.
    public private(set) var assetBalances: [String: Units] = [:]
    /// Allocation per "assetId/goalId".
    public private(set) var allocations: [String: Units] = [:]
    /// Currency per asset id.
    public private(set) var assetCurrencies: [String: String] = [:]

    /// The view of `rows` (every committed row) for the month `month`.
    public init(rows: [ModelRow], variant: CryptoSavingsVariant, month: String) {
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        let dedupe = Dedupe(variant: variant, rows: byID)
        for entity in CryptoSchemas.entityNames {
            let (winners, hidden) = dedupe.select(rows.filter { $0.id.entityName == entity }.sorted { $0.id < $1.id })
            visible[entity] = winners
            losers += hidden
        }
        let amounts = Amounts(floating: variant.has(.floatingPointAmounts))
        summarize(byID: byID, amounts: amounts)
        plan(variant: variant, amounts: amounts, month: month)
    }

    private mutating func summarize(byID: [PersistentIdentifier: ModelRow], amounts: Amounts) {
        func stableID(_ row: ModelRow, _ relationship: String) -> String? {
            row.targets(relationship).first.flatMap { byID[$0]?["id"]?.uuidValue }
        }
        for asset in visible["Asset"] ?? [] {
            let id = asset["id"]?.uuidValue ?? ""
            assetCurrencies[id] = asset["currency"]?.stringValue ?? ""
            assetBalances[id] = .zero
        }
        var floatingBalances: [String: Double] = [:]
        for transaction in visible["Transaction"] ?? [] {
            guard let asset = stableID(transaction, "asset"), let currency = assetCurrencies[asset] else { continue }
            if amounts.floating {
                floatingBalances[asset, default: 0] += transaction["amount"]?.doubleValue ?? 0
                assetBalances[asset] = Amounts.units(floatingBalances[asset]!, currency)
            } else {
                assetBalances[asset] = assetBalances[asset]! + amounts.read(transaction, currency: currency, double: "amount", exact: "amountUnits")
            }
        }
        for allocation in visible["AssetAllocation"] ?? [] {
            guard let asset = stableID(allocation, "asset"), let goal = stableID(allocation, "goal"),
                  let currency = assetCurrencies[asset] else { continue }
            allocations["\(asset)/\(goal)"] = amounts.read(allocation, currency: currency, double: "amount", exact: "amountUnits")
        }
    }

    /// Monthly plan arithmetic: remaining = target − allocated (never negative); months from this
    /// month to the deadline's, this month included (at least 1); required = ⌈remaining / months⌉.
    private mutating func plan(variant: CryptoSavingsVariant, amounts: Amounts, month: String) {
        let plans = visible["MonthlyPlan"] ?? []
        for goal in visible["Goal"] ?? [] {
            let id = goal["id"]?.uuidValue ?? ""
            let currency = goal["currency"]?.stringValue ?? ""
            let target = amounts.read(goal, currency: currency, double: "targetAmount", exact: "targetUnits")
            let deadline = MonthLabel.label(goal["deadline"]?.dateValue ?? 0, offsetSeconds: MonthLabel.declaredOffsetSeconds)
            let months = max(1, MonthLabel.monthsBetween(month, deadline) + 1)
            var line = GoalLine(name: goal["name"]?.stringValue ?? "", currency: currency, target: target, deadlineLabel: deadline,
                                allocated: .zero, remaining: .zero, requiredMonthly: .zero, monthsRemaining: months)
            var floatingAllocated = 0.0
            for (key, units) in allocations.sorted(by: { $0.key < $1.key }) where key.hasSuffix("/" + id) {
                let asset = String(key.prefix { $0 != "/" })
                guard assetCurrencies[asset] == currency else { continue }
                line.allocated = line.allocated + units
                floatingAllocated += Amounts.double(units, currency)
            }
            if amounts.floating {
                let remaining = max(0, (goal["targetAmount"]?.doubleValue ?? 0) - floatingAllocated)
                line.remaining = Amounts.units(remaining, currency)
                line.requiredMonthly = Amounts.units(remaining / Double(months), currency)
            } else {
                line.remaining = target - line.allocated
                line.requiredMonthly = line.remaining.dividedRoundingUp(by: months)
            }
            if variant.has(.trustsSyncedDerivedValues),
               let stored = plans.first(where: { $0["goalId"]?.uuidValue == id && $0["monthLabel"]?.stringValue == month }) {
                line.remaining = amounts.read(stored, currency: currency, double: "remainingAmount", exact: "remainingUnits")
                line.requiredMonthly = amounts.read(stored, currency: currency, double: "requiredMonthly", exact: "requiredUnits")
                line.monthsRemaining = Int(stored["monthsRemaining"]?.intValue ?? 0)
            }
            goals[id] = line
        }
    }
}
