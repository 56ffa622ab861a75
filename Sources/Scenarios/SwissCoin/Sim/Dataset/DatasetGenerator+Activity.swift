import AppPorts
import Foundation
import SimCore
import SimHarness
import SwissCoin

/// The money-carrying parts of a generated store.
extension DatasetGenerator {
    mutating func makeGroups() {
        for index in 0..<size.groups {
            let members = [me] + someOthers(random.int(in: 2...min(8, size.persons - 1)))
            database.groups.append(UserGroup(id: uuid(), name: "Group \(index + 1)", colorHex: Self.colors[index % 6],
                                             createdDate: pastMs(days: 700), lastViewedDate: pastMs(days: 30),
                                             photoData: random.chance(1, in: 3) ? bytes(128) : nil, memberIds: members))
        }
    }

    mutating func currency() -> String {
        currencies[random.weightedIndex([60, 20, 15, 5])!]
    }

    /// An amount in minor units, stored as the app's `Double` major units.
    mutating func amount(_ currency: String, maxMajor: Int64) -> (minor: Int64, stored: Double) {
        let scale = MinorUnits.scale(currency: currency)
        let minor = random.int(in: scale...(maxMajor * scale))
        return (minor, Double(minor) / Double(scale))
    }

    mutating func makeTransaction() {
        let group = database.groups.isEmpty || random.chance(1, in: 2) ? nil : random.pick(database.groups)
        let pool = group.map { $0.memberIds.compactMap { $0 } } ?? ([me] + someOthers(random.int(in: 1...4)))
        let debtors = random.chance(1, in: 3) ? Array(pool.prefix(3)) : pool
        let cur = currency()
        let (minor, stored) = amount(cur, maxMajor: cur == "JPY" ? 30_000 : 400)
        let payer = random.chance(2, in: 3) ? me : (random.pick(pool) ?? me)
        var tx = FinancialTransaction(id: uuid(), title: "Expense \(database.transactions.count + 1)", amount: stored,
                                      currency: cur, date: pastMs(days: 700), payerId: payer, createdById: me,
                                      groupId: group?.id)
        if random.chance(1, in: 2) {
            tx.splitMethod = "equal"
            // The app stores an equal split as amount / n: 10.00 / 3 = 3.3333333333333335.
            tx.splits = debtors.map { TransactionSplit(owedById: $0, amount: stored / Double(debtors.count)) }
        } else {
            let weights = debtors.map { _ in Int64(random.int(in: 1...9)) }
            let parts = MinorUnits.allocate(minor, weights: weights)
            let scale = Double(MinorUnits.scale(currency: cur))
            // "amount": the user typed each share; "adjustment": the user typed each share's
            // difference from an equal share (zero or negative for some: the raw input SC-20 drops).
            let adjustment = random.chance(1, in: 4)
            tx.splitMethod = adjustment ? "adjustment" : "amount"
            let equalShare = minor / Int64(debtors.count)
            tx.splits = zip(debtors, parts).map { debtor, part in
                TransactionSplit(owedById: debtor, amount: Double(part) / scale,
                                 rawAmount: Double(adjustment ? part - equalShare : part) / scale)
            }
        }
        if debtors.count >= 2 && random.chance(1, in: 5) {
            let payers = Array(pool.prefix(random.int(in: 2...min(3, pool.count))))
            let parts = MinorUnits.allocate(minor, weights: payers.map { _ in Int64(random.int(in: 1...5)) })
            let scale = Double(MinorUnits.scale(currency: cur))
            tx.payers = zip(payers, parts).map { TransactionPayer(paidById: $0, amount: Double($1) / scale) }
        }
        database.transactions.append(tx)
    }

    mutating func makeSettlements() {
        for _ in 0..<size.settlements {
            let other = someOthers(1)[0]
            let cur = currency()
            let (_, stored) = amount(cur, maxMajor: cur == "JPY" ? 10_000 : 150)
            let fromMe = random.chance(1, in: 2)
            // A contact deleted since: Core Data's nullify rule leaves the settlement without its
            // counterpart (the entities the seed's `guard ... else { continue }` skips).
            let orphaned = random.chance(1, in: 8)
            let counterpart: String? = orphaned ? nil : other
            database.settlements.append(Settlement(id: uuid(), amount: stored, currency: cur, date: pastMs(days: 500),
                                                   isFullSettlement: random.chance(1, in: 4),
                                                   fromPersonId: fromMe ? me : counterpart, toPersonId: fromMe ? counterpart : me))
        }
    }

    mutating func makeReminders() {
        for _ in 0..<size.reminders {
            let (_, stored) = amount("CHF", maxMajor: 200)
            database.reminders.append(Reminder(id: uuid(), createdDate: pastMs(days: 200), amount: stored,
                                               message: "Please settle up", isRead: random.chance(1, in: 2),
                                               toPersonId: someOthers(1)[0]))
        }
    }

    mutating func makeMessages() {
        for index in 0..<size.messages {
            var message = ChatMessage(id: uuid(), content: "Message \(index + 1)", timestamp: pastMs(days: 300),
                                      isFromUser: random.chance(1, in: 2), isEdited: random.chance(1, in: 10))
            switch random.below(4) {
            case 0: message.withGroupId = random.pick(database.groups)?.id
            case 1: message.withSubscriptionId = random.pick(database.subscriptions)?.id
            case 2: message.onTransactionId = random.pick(database.transactions)?.id
            default: message.withPersonId = someOthers(1)[0]
            }
            database.chatMessages.append(message)
        }
    }
}
