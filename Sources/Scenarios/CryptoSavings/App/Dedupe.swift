import AppleStandIns

/// "Application-level deduplication on fetch" (seed l.27): rows of one entity that share a
/// dedupe key show as one.
///
/// Fixed: the key is the stable `id` (for allocations, plans and month records a name-based id of
/// the natural key, so copies made on two devices share it); the winner is the copy modified last,
/// ties broken by the copy's full canonical text — the same choice on every device whatever
/// order its rows arrived in; losers are hidden, never deleted (a delete would sync).
/// Defects: `composite-dedupe-keys` (the plan's keys, read through optional relationships and
/// defaulted labels, CS-3), `fetch-order-winner` (first in local fetch order, CS-5).
public struct Dedupe: Sendable {
    let variant: CryptoSavingsVariant
    let rows: [PersistentIdentifier: ModelRow]

    public init(variant: CryptoSavingsVariant, rows: [PersistentIdentifier: ModelRow]) {
        self.variant = variant
        self.rows = rows
    }

    /// The models the plan gives dedupe keys for (l.28-32); `dedupe-five-models-only` dedupes
    /// no other (CS-2).
    static let keyedByThePlan: Set<String> = ["MonthlyPlan", "MonthlyExecutionRecord", "AllocationHistory", "AssetAllocation", "CompletedExecution"]

    /// (winners in fetch order, losers) of one entity's rows given in fetch order.
    public func select(_ entityRows: [ModelRow]) -> ([ModelRow], [ModelRow]) {
        if variant.has(.dedupeFiveModelsOnly), let entity = entityRows.first?.id.entityName, !Self.keyedByThePlan.contains(entity) {
            return (entityRows, [])
        }
        var groups: [String: [ModelRow]] = [:]
        var order: [String] = []
        for row in entityRows {
            let key = self.key(row)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(row)
        }
        var winners: [ModelRow] = [], losers: [ModelRow] = []
        for key in order {
            let group = groups[key]!
            let winner = variant.has(.fetchOrderWinner) ? group[0] : group.min(by: Self.beats)!
            winners.append(winner)
            losers += group.filter { $0.id != winner.id }
        }
        return (winners, losers)
    }

    /// The dedupe key of a row.
    public func key(_ row: ModelRow) -> String {
        let id = row["id"]?.uuidValue ?? ""
        guard variant.has(.compositeDedupeKeys) else { return id }
        func target(_ relationship: String) -> String {
            row.targets(relationship).first.flatMap { rows[$0]?["id"]?.uuidValue } ?? "nil"
        }
        let label = row["monthLabel"]?.stringValue ?? ""
        switch row.id.entityName {
        case "MonthlyPlan": return label + "|" + (row["goalId"]?.uuidValue ?? "")
        case "MonthlyExecutionRecord", "CompletedExecution": return label
        case "AllocationHistory": return "\(target("asset"))|\(target("goal"))|\(row["timestamp"]?.dateValue ?? 0)"
        case "AssetAllocation": return "\(target("asset"))|\(target("goal"))"
        default: return id
        }
    }

    /// The fixed winner order: latest modification first, then the smaller canonical text.
    static func beats(_ a: ModelRow, _ b: ModelRow) -> Bool {
        let ma = modified(a), mb = modified(b)
        if ma != mb { return ma > mb }
        return canonical(a) < canonical(b)
    }

    static func modified(_ row: ModelRow) -> Int64 {
        row["lastModifiedDate"]?.dateValue ?? row["completedAt"]?.dateValue ?? row["createdAt"]?.dateValue ?? 0
    }

    /// Every attribute as `name=value`, names sorted (relationships excluded: they name local rows).
    static func canonical(_ row: ModelRow) -> String {
        row.attributes.keys.sorted().map { "\($0)=\(row.attributes[$0]!)" }.joined(separator: "|")
    }
}
