import AppPorts

/// The `UserDefaults` keys the app reads and writes (seed l.41, l.47, l.214, l.285, l.1002).
public enum AppDefaultsKeys {
    /// The local person id of "me" (seed l.41, l.214).
    public static let currentUserId = "currentUserId"
    /// The seed's device-global completion flag (l.47, l.285; SC-4).
    public static let migrationCompleted = "supabase_migration_completed"
    /// The app's default currency for transactions without one (`CurrencyBalance.primaryCurrency`).
    public static let defaultCurrency = "default_currency"

    /// The fixed variant's completion flag, scoped to one account.
    public static func migrationCompleted(account: String) -> String {
        "supabase_migration_completed.\(account)"
    }

    /// The fixed variant's record of how many local entities could not be migrated, per account.
    public static func migrationSkipped(account: String) -> String {
        "supabase_migration_skipped.\(account)"
    }
}
