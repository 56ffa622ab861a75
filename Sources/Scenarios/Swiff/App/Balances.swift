import AppleStandIns

/// A person's balance, derived from the store: what they paid for group expenses minus their equal
/// share of each (split members in ascending id order take the extra cents), plus settlements they
/// paid minus settlements paid to them. Each expense id counts once, whichever copy comes first.
public enum Balances {
    /// Every person's derived balance in cents, by person id (people with nothing are absent).
    static func derive(in context: ModelContext, personEntity: String) throws -> [String: Int64] {
        var balance: [String: Int64] = [:]
        var seen: Set<String> = []
        for expense in try context.fetch("GroupExpenseModel") {
            guard let id = expense["id"]?.uuidValue, seen.insert(id).inserted else { continue }
            let amount = Money.cents(expense["amountCents"]) ?? Money.cents(expense["amount"]) ?? 0
            for (person, delta) in deltas(amount, payer: personID(expense.targets("paidBy").first, context),
                                          split: expense.targets("splitBetween").compactMap { personID($0, context) }) {
                balance[person, default: 0] += delta
            }
        }
        guard context.schema.entity("SettlementModel") != nil else { return balance }
        for settlement in try context.fetch("SettlementModel") {
            guard let from = settlement["fromPersonID"]?.uuidValue, let to = settlement["toPersonID"]?.uuidValue,
                let amount = Money.cents(settlement["amountCents"]) else { continue }
            balance[from, default: 0] += amount
            balance[to, default: 0] -= amount
        }
        return balance
    }

    /// What one expense does to each person's balance.
    public static func deltas(_ amount: Int64, payer: String?, split: [String]) -> [(String, Int64)] {
        let members = Array(Set(split)).sorted()
        var result: [(String, Int64)] = payer.map { [($0, amount)] } ?? []
        for (member, share) in zip(members, Money.shares(amount, count: members.count)) { result.append((member, -share)) }
        return result
    }

    /// Writes every person's derived balance into their stored balance (in the context, unsaved).
    static func store(_ derived: [String: Int64], in context: ModelContext, personEntity: String) throws {
        guard let entity = context.schema.entity(personEntity) else { return }
        guard let attribute = entity.attribute("balanceCents") ?? entity.attribute("balance") else { return }
        for person in try context.fetch(personEntity) {
            let value = Money.value(derived[person["id"]?.uuidValue ?? ""] ?? 0, as: attribute.type)
            if person[attribute.name] != value { context.set(person.id, attribute.name, value) }
        }
    }

    private static func personID(_ row: PersistentIdentifier?, _ context: ModelContext) -> String? {
        row.flatMap { context.row($0)?["id"]?.uuidValue }
    }
}
