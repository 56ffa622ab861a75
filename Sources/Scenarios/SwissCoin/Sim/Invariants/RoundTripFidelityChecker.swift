import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// round-trip-fidelity: what the server keeps equals the local value after the documented
/// conversion. Every `date` column holds the calendar day the user saw (the instant's day in the
/// zone the store declares, bug zoo SC-21), and every split's `raw_amount` is the user's input as
/// stored, zero and negative adjustments included (SC-20's `> 0` filter).
struct RoundTripFidelityChecker: InvariantChecker {
    let name = "round-trip-fidelity"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for plan in world.plansThatMustBeMigrated {
            let snapshot = ServerSnapshot(admin: world.admin, ownerId: world.account(plan.owner).userId)
            let db = world.expected(plan)
            diffs += dayDiffs(db, snapshot)
            diffs += rawAmountDiffs(db, snapshot)
        }
        return ViolationReport.of(name, diffs) { "\($0) server fields differ from the local value" }
    }

    /// (table, local id, column, local instant) for every date-only field of the store.
    static func dayFields(_ db: LocalDatabase) -> [(table: String, id: String?, column: String, ms: Int64?)] {
        var fields: [(table: String, id: String?, column: String, ms: Int64?)] = []
        for tx in db.transactions { fields.append(("financial_transactions", tx.id, "date", tx.date)) }
        for s in db.settlements { fields.append(("settlements", s.id, "date", s.date)) }
        for sub in db.subscriptions {
            fields.append(("subscriptions", sub.id, "start_date", sub.startDate))
            fields.append(("subscriptions", sub.id, "next_billing_date", sub.nextBillingDate))
        }
        for p in db.subscriptionPayments {
            fields.append(("subscription_payments", p.id, "date", p.date))
            fields.append(("subscription_payments", p.id, "billing_period_start", p.billingPeriodStart))
            fields.append(("subscription_payments", p.id, "billing_period_end", p.billingPeriodEnd))
        }
        for s in db.subscriptionSettlements { fields.append(("subscription_settlements", s.id, "date", s.date)) }
        return fields
    }

    func dayDiffs(_ db: LocalDatabase, _ snapshot: ServerSnapshot) -> [EntityDiff] {
        var rowsByTable: [String: [String: Row]] = [:]
        var diffs: [EntityDiff] = []
        for field in Self.dayFields(db) {
            guard let id = field.id else { continue }
            if rowsByTable[field.table] == nil {
                var rows: [String: Row] = [:]
                for row in snapshot.rows(field.table) { rows[row["id"]?.stringValue ?? ""] = row }
                rowsByTable[field.table] = rows
            }
            guard let row = rowsByTable[field.table]![id] else { continue }  // missing rows: no-loss
            let expected = field.ms.map { DateText.dateOnly(milliseconds: $0, offsetSeconds: db.timeZoneOffsetSeconds) }
            let actual = row[field.column]?.stringValue
            if actual != expected {
                diffs.append(EntityDiff(entity: "\(field.table) \(id.prefix(8)) \(field.column)", location: "server",
                                        expected: expected ?? "null", actual: actual ?? "null"))
            }
        }
        return diffs
    }

    /// Each local split's `raw_amount` (in hundredths, the column's scale) must be among the server
    /// values for its natural key (transaction, debtor).
    func rawAmountDiffs(_ db: LocalDatabase, _ snapshot: ServerSnapshot) -> [EntityDiff] {
        // The same for every device of the account: made once per database state (and shared).
        let server = snapshot.childRowsByKey("transaction_splits", parent: "financial_transactions", parentColumn: "transaction_id",
                                             personColumn: "owed_by_id")
        var diffs: [EntityDiff] = []
        for tx in db.transactions {
            guard let txId = tx.id else { continue }
            for split in tx.splits {
                guard let debtor = split.owedById, let rows = server["\(txId)|\(debtor)"] else { continue }
                let values = rows.map { $0["raw_amount"]?.stringValue.flatMap { DecimalText.minorUnits($0, digits: 2) } }
                let local = Int64((split.rawAmount * 100).rounded())
                if !values.contains(local) {
                    diffs.append(EntityDiff(
                        entity: "transaction_splits (\(txId.prefix(8)), \(debtor.prefix(8))) raw_amount", location: "server",
                        expected: MinorUnits.decimalString(local, currency: "CHF"),
                        actual: values.map { $0.map { MinorUnits.decimalString($0, currency: "CHF") } ?? "null" }.joined(separator: ", ")))
                }
            }
        }
        return diffs
    }
}
