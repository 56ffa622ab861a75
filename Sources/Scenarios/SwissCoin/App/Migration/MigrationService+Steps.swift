import AppPorts

/// The 16 steps in FK order, with the seed's progress texts (seed l.220-282, table l.146-163).
extension MigrationService {
    /// The seed's step descriptions, index = step − 1 (for UI and traces).
    public static let stepDescriptions = [
        "Syncing profile...", "Creating user identity...", "Uploading contacts...", "Uploading groups...",
        "Setting group memberships...", "Uploading subscriptions...", "Setting subscribers...",
        "Uploading transactions...", "Uploading splits...", "Uploading payer details...", "Uploading settlements...",
        "Uploading reminders...", "Uploading messages...", "Uploading subscription payments...",
        "Uploading subscription settlements...", "Uploading subscription reminders...",
    ]

    /// The Supabase table each step writes, index = step − 1.
    public static let stepTables = [
        "profiles", "persons", "persons", "user_groups", "group_members", "subscriptions", "subscription_subscribers",
        "financial_transactions", "transaction_splits", "transaction_payers", "settlements", "reminders",
        "chat_messages", "subscription_payments", "subscription_settlements", "subscription_reminders",
    ]

    func migrateAllSteps() async throws {
        let steps: [() async throws -> Void] = [
            migrateProfile, migrateCurrentUserPerson, migratePersons, migrateGroups, migrateGroupMembers,
            migrateSubscriptions, migrateSubscriptionSubscribers, migrateTransactions, migrateSplits,
            migratePayers, migrateSettlements, migrateReminders, migrateMessages, migrateSubscriptionPayments,
            migrateSubscriptionSettlements, migrateSubscriptionReminders,
        ]
        for (index, step) in steps.enumerated() {
            try await updateStep(index + 1, Self.stepDescriptions[index])
            try await step()
        }
    }
}
