import AppPorts

/// The unit of a sync edit: columns that change together. A push carries only the groups a user
/// changed, and a rebase re-applies whole groups, so a concurrent edit of another group survives
/// and a transaction's amount never travels without the splits and payers that must add up to it.
public enum SyncFieldGroup: String, Codable, Sendable, CaseIterable {
    /// persons.name
    case name
    /// persons.phone_number, color_hex
    case contact
    /// persons.is_archived
    case archived
    /// financial_transactions.title, note
    case text
    /// financial_transactions.amount, currency, split_method, payer_id, and the splits and payers
    case money

    /// The table whose entities this group belongs to.
    public var table: String {
        switch self {
        case .name, .contact, .archived: return SyncTables.persons
        case .text, .money: return SyncTables.transactions
        }
    }

    /// The row columns of the group (splits and payers travel beside the row for `money`).
    public var columns: [String] {
        switch self {
        case .name: return ["name"]
        case .contact: return ["phone_number", "color_hex"]
        case .archived: return ["is_archived"]
        case .text: return ["title", "note"]
        case .money: return ["amount", "currency", "split_method", "payer_id"]
        }
    }

    /// The groups of `table`.
    public static func groups(of table: String) -> [SyncFieldGroup] { allCases.filter { $0.table == table } }
}

/// The tables the sync engine keeps in step across devices (see the app README's "Sync rules").
public enum SyncTables {
    /// Pushed and pulled.
    public static let persons = "persons"
    /// Pushed and pulled, with their splits and payers.
    public static let transactions = "financial_transactions"
    /// Pulled only: no user action records or edits these after the migration.
    public static let settlements = "settlements"
    public static let groups = "user_groups"
    public static let subscriptions = "subscriptions"
    public static let reminders = "reminders"
    public static let chatMessages = "chat_messages"
    public static let subscriptionPayments = "subscription_payments"
    public static let subscriptionSettlements = "subscription_settlements"
    public static let subscriptionReminders = "subscription_reminders"
}
