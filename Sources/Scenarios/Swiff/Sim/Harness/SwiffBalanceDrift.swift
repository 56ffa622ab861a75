import AppleStandIns
import FakeCloud
import SimCore
import Swiff

/// The stored balances of a V1/V2 store that drifted from its expenses before the scenario starts:
/// per drifted person, the cents the old release left in `PersonModel.balance` and the cents the
/// expenses give.
///
/// Why: the plan's V1 keeps a person's balance as a stored value (seed l.12 "User contacts and
/// their balances", l.342 `PersonModel (id, name, email, phone, balance, …)`) next to the expenses
/// it summarises (l.344 `GroupExpenseModel (id, title, amount, paidBy, splitBetween, …)`), money as
/// `Double`, and asks that the upgrade "Verify data integrity" (l.195) and handle "corrupted data"
/// (l.220). The plan never says how the balance is kept; the port's old release updates it
/// incrementally after each edit (`stored-balance-incremental`), so a real V1 store can hold a
/// balance its expenses no longer give. The fixed V3 migration therefore derives `balanceCents`
/// from the expenses instead of converting the stored `Double`, and a dataset whose stored
/// balances always agree with the expenses cannot tell the two apart (the `balances-not-derived`
/// mutant, Scripts/mutants/swiff.py). The causes drawn:
/// - `rounding`: `Double` arithmetic over many additions (the old app divided shares as `Double`,
///   without the remainder-cent rule) left the stored value 1-3 cents off. The mechanism is
///   modelled by its result, a few cents either way.
/// - `lostUpdate`: an edit was interrupted between saving an expense and saving the balance: the
///   stored value misses that expense's effect on the person.
/// - `deletedExpense`: an expense was deleted and its balance update lost: the stored value still
///   counts a payment or share of 0.01-500.00 that no expense in the store gives.
struct SwiffBalanceDrift: Sendable, Equatable {
    enum Cause: String, Sendable { case rounding = "rounding", lostUpdate = "lost-update", deletedExpense = "deleted-expense" }

    struct Entry: Sendable, Equatable {
        var personID: String
        var cause: Cause
        /// What the expenses give, in cents.
        var derivedCents: Int64
        /// What the old release stored, in cents (never `derivedCents`).
        var storedCents: Int64
    }

    /// One entry per drifted person, in the dataset's person order.
    var entries: [Entry]

    /// About one in `oneIn` people who appear in an expense drifted.
    static let oneIn = 4

    /// Draws the drifted people of `data` from `random` (the run's `swiff:drift` fork, so every
    /// other draw of the dataset and the script stays as it was): each person who pays or shares
    /// an expense drifts with probability 1/`oneIn`, and at least one does when anyone can.
    static func draw(_ data: SwiffImport, _ random: inout SimRandom) -> SwiffBalanceDrift {
        let effects = expenseEffects(data)
        let candidates = data.persons.map(\.id).filter { effects[$0] != nil }
        var chosen = candidates.filter { _ in random.below(oneIn) == 0 }
        if chosen.isEmpty, !candidates.isEmpty { chosen = [candidates[random.below(candidates.count)]] }
        let entries = chosen.map { id -> Entry in
            let perExpense = effects[id] ?? []
            let derived = perExpense.reduce(0, +)
            let (cause, offset) = drawOffset(perExpense, &random)
            precondition(offset != 0, "a drifted balance differs from the derived one")
            return Entry(personID: id, cause: cause, derivedCents: derived, storedCents: derived + offset)
        }
        return SwiffBalanceDrift(entries: entries)
    }

    /// Cents the stored balance is off by, and why.
    private static func drawOffset(_ perExpense: [Int64], _ random: inout SimRandom) -> (Cause, Int64) {
        let sign: Int64 = random.below(2) == 0 ? 1 : -1
        let nonzero = perExpense.filter { $0 != 0 }
        switch random.below(3) {
        case 1 where !nonzero.isEmpty: return (.lostUpdate, -nonzero[random.below(nonzero.count)])
        case 2: return (.deletedExpense, sign * Int64(1 + random.below(50_000)))
        default: return (.rounding, sign * Int64(1 + random.below(3)))
        }
    }

    /// Per person id, what each expense they pay or share does to their balance, in cents (the
    /// app's and the checker's rule: payer +amount, equal shares, remainder cents in id order).
    static func expenseEffects(_ data: SwiffImport) -> [String: [Int64]] {
        var effects: [String: [Int64]] = [:]
        for expense in data.expenses {
            var byPerson: [String: Int64] = [:]
            for (person, delta) in Balances.deltas(expense.amountCents, payer: expense.paidByID, split: expense.splitBetweenIDs) {
                byPerson[person, default: 0] += delta
            }
            for (person, delta) in byPerson { effects[person, default: []].append(delta) }
        }
        return effects
    }
}

extension SwiffStage {
    /// Writes the dataset's drifted balances into the store `device` holds, through the store as
    /// the old release left it (the app is not running): each drifted person's stored `balance`
    /// moves from what the import derived by the drawn offset. A store without a `Double` balance
    /// (V3) has nothing to drift.
    func writeDrift(_ device: Device) async throws {
        let schema = SwiffBuild(phone(device).build, variant: variant).schema
        let person = schema.entities[0].name
        guard schema.entity(person)?.attribute("balance")?.type == .double, !drift.entries.isEmpty else { return }
        let container = try await ModelContainer.open(at: PersistenceService.storePath, schema: schema, disk: StoreDisk(files: device.files))
        let context = container.makeContext()
        for entry in drift.entries {
            for row in try context.fetch(person, where: { $0["id"] == .uuid(entry.personID) }) {
                let cents = (Money.cents(row["balance"]) ?? 0) + entry.storedCents - entry.derivedCents
                context.set(row.id, "balance", Money.value(cents, as: .double))
            }
            sim.record(device.name, "drift \(entry.personID.prefix(8)) \(entry.cause.rawValue): stored \(entry.storedCents) derived \(entry.derivedCents)")
        }
        try context.save()
        sim.sometimes("swiff: a stored balance drifted from its expenses")
    }
}
