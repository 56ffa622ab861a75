import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

extension SwissCoinScenario {
    /// While the migration runs past the splits (a seeded step 11-16), another client corrupts one
    /// split on the server: a debt between the user and a contact is off by one minor unit or by a
    /// whole unit. The app's verification must catch it before it announces completion. After the
    /// fault phase an operator restores the row and the migration must then complete.
    static var verifierBlindSpots: SwissCoinScenario {
        SwissCoinScenario(
            name: "verifier-blind-spots",
            summary: "one split is corrupted on the server during the migration; the app's own verification must refuse to complete",
            faults: FaultPolicy(off: [.kill],
                capped: [.requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000,
                .duplicate: 1_000, .slowResponse: 2_000, .partition: 0]),
            script: { stage in
                stage.createAccount("alice")
                let device = stage.addDevice("device-1", owner: "alice")
                var random = stage.sim.random.fork("corruption")
                let step = 11 + random.below(6)
                let bigDelta = random.chance(1, in: 2)
                var corrupted: (id: JSONValue, amount: JSONValue)?
                stage.reports.stepWatchers[device.name] = { started in
                    guard started == step, corrupted == nil,
                          ScriptedStep.allows("corrupt-split", subject: "operator@step\(step)", in: stage.sim) else { return }
                    corrupted = stage.corruptOneSplit(owner: "alice", random: &random, deltaMinor: bigDelta ? 100 : 1)
                }
                stage.launch(device)
                await device.waitUntilStopped()
                stage.reports.stepWatchers[device.name] = nil
                if let corrupted {
                    stage.adminWrite(.update(["amount": corrupted.amount]), table: "transaction_splits", where: .eq("id", corrupted.id))
                    stage.sim.record("operator", "restored split \(corrupted.id.stringValue?.prefix(8) ?? "")")
                }
            })
        }
    }

    extension SwissCoinStage {
        /// Adds `deltaMinor` to one contact's split of a transaction the user paid alone (so the
        /// user's balance with that contact changes). Returns the row's id and original amount.
        func corruptOneSplit(owner label: String, random: inout SimRandom, deltaMinor: Int64) -> (id: JSONValue, amount: JSONValue)? {
            let owner = account(label).userId
            let snapshot = ServerSnapshot(admin: server.admin, ownerId: owner)
            var currencies: [String: String] = [:]
            for tx in snapshot.rows("financial_transactions") where tx["payer_id"]?.stringValue == owner {
                currencies[tx["id"]?.stringValue ?? ""] = tx["currency"]?.stringValue ?? "CHF"
            }
            let payers = Set(server.admin.rows("transaction_payers").compactMap { $0["transaction_id"]?.stringValue })
            let candidates = server.admin.rows("transaction_splits").filter {
                let tx = $0["transaction_id"]?.stringValue ?? ""
                return currencies[tx] != nil && !payers.contains(tx) && $0["owed_by_id"]?.stringValue != owner
            }
            guard !candidates.isEmpty else { return nil }
            let split = candidates[random.below(candidates.count)]
            guard let id = split["id"], let amount = split["amount"],
                  let currency = currencies[split["transaction_id"]?.stringValue ?? ""],
                  let minor = ServerAmount.minor(amount, currency: currency) else { return nil }
            let changed = JSONValue.string(MinorUnits.decimalString(minor + deltaMinor, currency: currency))
            guard adminWrite(.update(["amount": changed]), table: "transaction_splits", where: .eq("id", id)) else { return nil }
            sim.record("operator", "corrupted split \(id.stringValue?.prefix(8) ?? "") \(amount.canonicalText) -> \(changed.canonicalText)")
            sim.sometimes("swisscoin: split corrupted during migration")
            return (id, amount)
        }
    }
