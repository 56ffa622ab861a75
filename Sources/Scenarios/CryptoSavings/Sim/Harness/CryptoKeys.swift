import AppPorts
import AppleStandIns
import CryptoSavings

/// The logical keys of the rows a view shows: by stable id (`Goal <id>`) and by natural key
/// (`AssetAllocation <asset>/<goal>`, `MonthlyPlan <goal>/<month>`, `MonthlyExecutionRecord
/// <month>`, `CompletedExecution <month>`; the id key for the rest) — the ledger's keys.
enum CryptoKeys {
    struct Keyed {
        var entity: String
        var idKey: String
        var naturalKey: String
        var row: ModelRow
    }

    static func keyed(_ view: SavingsView, all rows: [ModelRow]) -> [Keyed] {
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        func target(_ row: ModelRow, _ relationship: String) -> String {
            row.targets(relationship).first.flatMap { byID[$0]?["id"]?.uuidValue } ?? "nil"
        }
        var result: [Keyed] = []
        for entity in CryptoSchemas.entityNames {
            for row in view.visible[entity] ?? [] {
                let id = row["id"]?.uuidValue ?? ""
                let label = row["monthLabel"]?.stringValue ?? ""
                let natural: String
                switch entity {
                case "AssetAllocation": natural = "\(target(row, "asset"))/\(target(row, "goal"))"
                case "MonthlyPlan": natural = "\(row["goalId"]?.uuidValue ?? "")/\(label)"
                case "MonthlyExecutionRecord", "CompletedExecution": natural = label
                default: natural = id
                }
                result.append(Keyed(entity: entity, idKey: "\(entity) \(id)", naturalKey: "\(entity) \(natural)", row: row))
            }
        }
        return result
    }

    /// The edit-journal note the fixed build writes for a ledger key (natural keys carry their
    /// name-based id there).
    static func note(forLedgerKey key: String) -> String {
        let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return key }
        let fields = parts[1].split(separator: "/").map(String.init)
        switch parts[0] {
        case "AssetAllocation" where fields.count == 2: return "AssetAllocation \(DeterministicID.uuid(["allocation", fields[0], fields[1]]))"
        case "MonthlyPlan" where fields.count == 2: return "MonthlyPlan \(DeterministicID.uuid(["plan", fields[0], fields[1]]))"
        case "MonthlyExecutionRecord": return "MonthlyExecutionRecord \(DeterministicID.uuid(["execution", parts[1]]))"
        case "CompletedExecution": return "CompletedExecution \(DeterministicID.uuid(["completed", parts[1]]))"
        default: return key
        }
    }
}
