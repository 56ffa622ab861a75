/// What the user enters: the app's form values, independent of the schema version that stores
/// them. Ids are upper-case UUID text; money is in cents; dates are Unix milliseconds.
public struct PersonInput: Sendable, Hashable {
    /// Id, name, email and phone as typed.
    public var id, name, email, phone: String
    /// The avatar, if one was picked.
    public var avatarEmoji: String?
    /// Only a build whose schema has the field (V2 on) stores it.
    public var profileImageURL: String?

    /// A person as entered.
    public init(id: String, name: String, email: String, phone: String, avatarEmoji: String?, profileImageURL: String?) {
        (self.id, self.name, self.email, self.phone) = (id, name, email, phone)
        (self.avatarEmoji, self.profileImageURL) = (avatarEmoji, profileImageURL)
    }
}

/// A group and its members.
public struct GroupInput: Sendable, Hashable {
    /// Id, name, description and emoji.
    public var id, name, groupDescription, emoji: String
    /// The members' person ids.
    public var memberIDs: [String]

    /// A group as entered.
    public init(id: String, name: String, groupDescription: String, emoji: String, memberIDs: [String]) {
        (self.id, self.name, self.groupDescription, self.emoji, self.memberIDs) = (id, name, groupDescription, emoji, memberIDs)
    }
}

/// A group expense: who paid, who shares it equally.
public struct ExpenseInput: Sendable, Hashable {
    /// Id, the group's id, title and category.
    public var id, groupID, title, category: String
    /// Amount in cents and date in Unix milliseconds.
    public var amountCents, dateMillis: Int64
    /// Who paid (a person id).
    public var paidByID: String
    /// Who shares it equally (person ids).
    public var splitBetweenIDs: [String]
    /// Only V3 stores notes.
    public var notes: String?

    /// An expense as entered.
    public init(id: String, groupID: String, title: String, category: String, amountCents: Int64, dateMillis: Int64,
                paidByID: String, splitBetweenIDs: [String], notes: String?) {
        (self.id, self.groupID, self.title, self.category) = (id, groupID, title, category)
        (self.amountCents, self.dateMillis, self.paidByID, self.splitBetweenIDs, self.notes) = (amountCents, dateMillis, paidByID, splitBetweenIDs, notes)
    }
}

/// A subscription the user tracks.
public struct SubscriptionInput: Sendable, Hashable {
    /// Id, name, billing cycle and category.
    public var id, name, billingCycle, category: String
    /// Price in cents and the next billing date in Unix milliseconds.
    public var priceCents, nextBillingMillis: Int64

    /// A subscription as entered.
    public init(id: String, name: String, billingCycle: String, category: String, priceCents: Int64, nextBillingMillis: Int64) {
        (self.id, self.name, self.billingCycle, self.category, self.priceCents, self.nextBillingMillis) =
            (id, name, billingCycle, category, priceCents, nextBillingMillis)
    }
}

/// A subscription shared with people, both referenced by id value.
public struct SharedSubscriptionInput: Sendable, Hashable {
    /// Id, the subscription's id, and how the cost is split.
    public var id, subscriptionID, costSplit: String
    /// The people it is shared with (person ids).
    public var sharedWithIDs: [String]

    /// A shared subscription as entered.
    public init(id: String, subscriptionID: String, costSplit: String, sharedWithIDs: [String]) {
        (self.id, self.subscriptionID, self.costSplit, self.sharedWithIDs) = (id, subscriptionID, costSplit, sharedWithIDs)
    }
}

/// An income or expense transaction.
public struct TransactionInput: Sendable, Hashable {
    /// Id, title, category and tags.
    public var id, title, category, tags: String
    /// Amount in cents and date in Unix milliseconds.
    public var amountCents, dateMillis: Int64

    /// A transaction as entered.
    public init(id: String, title: String, category: String, tags: String, amountCents: Int64, dateMillis: Int64) {
        (self.id, self.title, self.category, self.tags, self.amountCents, self.dateMillis) = (id, title, category, tags, amountCents, dateMillis)
    }
}

/// A settlement between two people (V3), by id value.
public struct SettlementInput: Sendable, Hashable {
    /// Id, who paid and who was paid (person ids).
    public var id, fromPersonID, toPersonID: String
    /// Amount in cents and date in Unix milliseconds.
    public var amountCents, dateMillis: Int64

    /// A settlement as entered.
    public init(id: String, fromPersonID: String, toPersonID: String, amountCents: Int64, dateMillis: Int64) {
        (self.id, self.fromPersonID, self.toPersonID, self.amountCents, self.dateMillis) = (id, fromPersonID, toPersonID, amountCents, dateMillis)
    }
}

/// Everything a user had entered before the scenario starts, imported in one save.
public struct SwiffImport: Sendable, Hashable {
    /// People.
    public var persons: [PersonInput]
    /// Groups.
    public var groups: [GroupInput]
    /// Group expenses.
    public var expenses: [ExpenseInput]
    /// Subscriptions.
    public var subscriptions: [SubscriptionInput]
    /// Shared subscriptions.
    public var shared: [SharedSubscriptionInput]
    /// Transactions.
    public var transactions: [TransactionInput]

    /// Everything the user had entered.
    public init(persons: [PersonInput], groups: [GroupInput], expenses: [ExpenseInput], subscriptions: [SubscriptionInput],
                shared: [SharedSubscriptionInput], transactions: [TransactionInput]) {
        (self.persons, self.groups, self.expenses, self.subscriptions, self.shared, self.transactions) =
            (persons, groups, expenses, subscriptions, shared, transactions)
    }
}
