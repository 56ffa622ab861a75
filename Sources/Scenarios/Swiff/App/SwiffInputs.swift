/// What the user enters: the app's form values, independent of the schema version that stores
/// them. Ids are upper-case UUID text; money is in cents; dates are Unix milliseconds.
public struct PersonInput: Sendable, Hashable {
    public var id, name, email, phone: String
    public var avatarEmoji: String?
    /// Only a build whose schema has the field (V2 on) stores it.
    public var profileImageURL: String?

    public init(id: String, name: String, email: String, phone: String, avatarEmoji: String?, profileImageURL: String?) {
        (self.id, self.name, self.email, self.phone) = (id, name, email, phone)
        (self.avatarEmoji, self.profileImageURL) = (avatarEmoji, profileImageURL)
    }
}

/// A group and its members.
public struct GroupInput: Sendable, Hashable {
    public var id, name, groupDescription, emoji: String
    public var memberIDs: [String]

    public init(id: String, name: String, groupDescription: String, emoji: String, memberIDs: [String]) {
        (self.id, self.name, self.groupDescription, self.emoji, self.memberIDs) = (id, name, groupDescription, emoji, memberIDs)
    }
}

/// A group expense: who paid, who shares it equally.
public struct ExpenseInput: Sendable, Hashable {
    public var id, groupID, title, category: String
    public var amountCents, dateMillis: Int64
    public var paidByID: String
    public var splitBetweenIDs: [String]
    /// Only V3 stores notes.
    public var notes: String?

    public init(id: String, groupID: String, title: String, category: String, amountCents: Int64, dateMillis: Int64,
                paidByID: String, splitBetweenIDs: [String], notes: String?) {
        (self.id, self.groupID, self.title, self.category) = (id, groupID, title, category)
        (self.amountCents, self.dateMillis, self.paidByID, self.splitBetweenIDs, self.notes) = (amountCents, dateMillis, paidByID, splitBetweenIDs, notes)
    }
}

/// A subscription the user tracks.
public struct SubscriptionInput: Sendable, Hashable {
    public var id, name, billingCycle, category: String
    public var priceCents, nextBillingMillis: Int64

    public init(id: String, name: String, billingCycle: String, category: String, priceCents: Int64, nextBillingMillis: Int64) {
        (self.id, self.name, self.billingCycle, self.category, self.priceCents, self.nextBillingMillis) =
            (id, name, billingCycle, category, priceCents, nextBillingMillis)
    }
}

/// A subscription shared with people, both referenced by id value.
public struct SharedSubscriptionInput: Sendable, Hashable {
    public var id, subscriptionID, costSplit: String
    public var sharedWithIDs: [String]

    public init(id: String, subscriptionID: String, costSplit: String, sharedWithIDs: [String]) {
        (self.id, self.subscriptionID, self.costSplit, self.sharedWithIDs) = (id, subscriptionID, costSplit, sharedWithIDs)
    }
}

/// An income or expense transaction.
public struct TransactionInput: Sendable, Hashable {
    public var id, title, category, tags: String
    public var amountCents, dateMillis: Int64

    public init(id: String, title: String, category: String, tags: String, amountCents: Int64, dateMillis: Int64) {
        (self.id, self.title, self.category, self.tags, self.amountCents, self.dateMillis) = (id, title, category, tags, amountCents, dateMillis)
    }
}

/// A settlement between two people (V3), by id value.
public struct SettlementInput: Sendable, Hashable {
    public var id, fromPersonID, toPersonID: String
    public var amountCents, dateMillis: Int64

    public init(id: String, fromPersonID: String, toPersonID: String, amountCents: Int64, dateMillis: Int64) {
        (self.id, self.fromPersonID, self.toPersonID, self.amountCents, self.dateMillis) = (id, fromPersonID, toPersonID, amountCents, dateMillis)
    }
}

/// Everything a user had entered before the scenario starts, imported in one save.
public struct SwiffImport: Sendable, Hashable {
    public var persons: [PersonInput]
    public var groups: [GroupInput]
    public var expenses: [ExpenseInput]
    public var subscriptions: [SubscriptionInput]
    public var shared: [SharedSubscriptionInput]
    public var transactions: [TransactionInput]

    public init(persons: [PersonInput], groups: [GroupInput], expenses: [ExpenseInput], subscriptions: [SubscriptionInput],
                shared: [SharedSubscriptionInput], transactions: [TransactionInput]) {
        (self.persons, self.groups, self.expenses, self.subscriptions, self.shared, self.transactions) =
            (persons, groups, expenses, subscriptions, shared, transactions)
    }
}
