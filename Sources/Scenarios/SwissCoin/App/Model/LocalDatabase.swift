import AppPorts

/// The whole local Core Data store (the seed's `PersistenceController.shared.container`, l.196) as
/// one value. Each array is in creation order, which is the port's definition of a Core Data fetch
/// without sort descriptors (the seed never sorts a fetch; `fetchLimit = 5` at l.1019 takes the
/// first five in this order).
///
/// `ownerAccountId`, `timeZoneOffsetSeconds` and `sync` are not in the seed: the fixed variant tags the store
/// with the account it belongs to (SC-4/SC-5), and records the zone the user entered dates in (SC-21); `sync` is the sync engine's outbox and cursor.
public struct LocalDatabase: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var ownerAccountId: String?
    public var timeZoneOffsetSeconds: Int
    public var persons: [Person]
    public var groups: [UserGroup]
    public var subscriptions: [Subscription]
    public var transactions: [FinancialTransaction]
    public var settlements: [Settlement]
    public var reminders: [Reminder]
    public var chatMessages: [ChatMessage]
    public var subscriptionPayments: [SubscriptionPayment]
    public var subscriptionSettlements: [SubscriptionSettlement]
    public var subscriptionReminders: [SubscriptionReminder]
    /// The sync engine's state (nil until the first sync; omitted from the file while nil).
    public var sync: SyncState?

    public init(timeZoneOffsetSeconds: Int = 0) {
        schemaVersion = 1
        ownerAccountId = nil
        self.timeZoneOffsetSeconds = timeZoneOffsetSeconds
        persons = []
        groups = []
        subscriptions = []
        transactions = []
        settlements = []
        reminders = []
        chatMessages = []
        subscriptionPayments = []
        subscriptionSettlements = []
        subscriptionReminders = []
    }

    /// The person with this id (first match, as a Core Data fetch with `.first`, l.318).
    public func person(id: String?) -> Person? {
        guard let id else { return nil }
        return persons.first { $0.id == id }
    }
}
