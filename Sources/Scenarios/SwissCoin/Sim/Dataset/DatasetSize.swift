import AppPorts
import SimCore
import SimHarness

/// How big a generated Swiss Coin store is. `scale` multiplies the default counts (1 = `default`).
public struct DatasetSize: Sendable, Equatable {
    public let persons: Int
    public let groups: Int
    public let subscriptions: Int
    public let transactions: Int
    public let settlements: Int
    public let reminders: Int
    public let messages: Int

    public init(persons: Int, groups: Int, subscriptions: Int, transactions: Int, settlements: Int,
                reminders: Int, messages: Int) {
        precondition(persons >= 3, "splits need at least three people")
        self.persons = persons
        self.groups = groups
        self.subscriptions = subscriptions
        self.transactions = transactions
        self.settlements = settlements
        self.reminders = reminders
        self.messages = messages
    }

    public static let small = DatasetSize(persons: 8, groups: 2, subscriptions: 2, transactions: 40,
                                          settlements: 6, reminders: 4, messages: 12)
    public static let `default` = DatasetSize(persons: 30, groups: 6, subscriptions: 8, transactions: 300,
                                              settlements: 40, reminders: 20, messages: 80)
    public static let large = DatasetSize(persons: 80, groups: 15, subscriptions: 20, transactions: 1500,
                                          settlements: 200, reminders: 80, messages: 400)

    /// `default` × `scale` (at least 1).
    public static func scaled(_ scale: Int) -> DatasetSize {
        let k = max(1, scale)
        let d = DatasetSize.default
        return DatasetSize(persons: d.persons * k, groups: d.groups * k, subscriptions: d.subscriptions * k,
                           transactions: d.transactions * k, settlements: d.settlements * k,
                           reminders: d.reminders * k, messages: d.messages * k)
    }
}
