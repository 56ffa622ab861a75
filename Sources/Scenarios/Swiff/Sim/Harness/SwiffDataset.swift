import SimCore
import Swiff

/// How much data the user had before the scenario: `size` 0 is the small CI dataset, 1 the
/// default, n the default times n.
struct SwiffDatasetSize: Sendable, Equatable {
    var persons, groups, expenses, subscriptions, shared, transactions: Int

    static func scaled(_ size: Int) -> SwiffDatasetSize {
        guard size > 0 else { return SwiffDatasetSize(persons: 4, groups: 2, expenses: 6, subscriptions: 2, shared: 1, transactions: 2) }
        return SwiffDatasetSize(persons: 12 * size, groups: 4 * size, expenses: 40 * size, subscriptions: 5 * size,
                                shared: 3 * size, transactions: 15 * size)
    }
}

/// The seed's models filled from the seed's random stream: people with phones and avatars,
/// groups of 2-4 members, expenses in whole cents paid by a member and split between members,
/// subscriptions and their shares by id, transactions.
enum SwiffDataset {
    static let epoch: Int64 = 1_768_435_200_000

    static func generate(_ random: inout SimRandom, size: Int) -> SwiffImport {
        let n = SwiffDatasetSize.scaled(size)
        let persons = (0..<n.persons).map { person(&random, $0) }
        let ids = persons.map(\.id)
        let groups = (0..<n.groups).map { index -> GroupInput in
            var members = ids
            random.shuffle(&members)
            return GroupInput(id: uuid(&random), name: "Group \(index)", groupDescription: "trip \(index)", emoji: ["🏔", "🍕", "🏠"][index % 3],
                              memberIDs: Array(members.prefix(2 + random.below(min(3, ids.count - 1)))))
        }
        let expenses = (0..<n.expenses).map { index in expense(&random, group: groups[random.below(groups.count)], index: index) }
        let subscriptions = (0..<n.subscriptions).map { index in
            SubscriptionInput(id: uuid(&random), name: "Service \(index)", billingCycle: ["monthly", "yearly"][index % 2], category: "media",
                              priceCents: Int64(100 + random.below(5_000)), nextBillingMillis: epoch + Int64(random.below(30)) * 86_400_000)
        }
        let shared = (0..<n.shared).map { index in
            SharedSubscriptionInput(id: uuid(&random), subscriptionID: subscriptions[index % subscriptions.count].id, costSplit: "equal",
                                    sharedWithIDs: Array(ids.prefix(2)))
        }
        let transactions = (0..<n.transactions).map { index in
            TransactionInput(id: uuid(&random), title: "Transaction \(index)", category: "misc", tags: index % 2 == 0 ? "work" : "",
                             amountCents: Int64(1 + random.below(100_000)), dateMillis: epoch - Int64(index) * 3_600_000)
        }
        return SwiffImport(persons: persons, groups: groups, expenses: expenses, subscriptions: subscriptions, shared: shared, transactions: transactions)
    }

    static func uuid(_ random: inout SimRandom) -> String { random.uuidString().uppercased() }

    static func person(_ random: inout SimRandom, _ index: Int) -> PersonInput {
        PersonInput(id: uuid(&random), name: "Person \(index)", email: "p\(index)@swiff.app", phone: "+41 79 \(100_000 + random.below(900_000))",
                    avatarEmoji: random.below(2) == 0 ? "🦊" : nil, profileImageURL: "https://img.swiff.app/\(index).png")
    }

    /// An expense in `group`: paid by a member, split between 1-all members, 0.01-500.00.
    static func expense(_ random: inout SimRandom, group: GroupInput, index: Int, notes: String? = nil) -> ExpenseInput {
        var members = group.memberIDs
        random.shuffle(&members)
        return ExpenseInput(id: uuid(&random), groupID: group.id, title: "Expense \(index)", category: ["food", "travel", "home"][index % 3],
                            amountCents: Int64(1 + random.below(50_000)), dateMillis: epoch - Int64(index) * 60_000,
                            paidByID: members[0], splitBetweenIDs: Array(members.prefix(1 + random.below(members.count))), notes: notes)
    }
}
