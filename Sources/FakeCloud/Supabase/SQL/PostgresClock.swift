/// Where generated SQL reads `now()` from.
public enum PostgresClock: Sendable, Hashable {
    /// PostgreSQL's own `now()` / `current_date` (a production schema).
    case transactionStart
    /// `current_setting(name)::timestamptz`: the caller sets the instant per transaction
    /// (`set local simrun.now = '…'`), so a real server stamps the same virtual time as the fake.
    case setting(String)

    /// The SQL expression for `now()`.
    var now: String {
        switch self {
        case .transactionStart: return "now()"
        case .setting(let name): return "(current_setting(\(PostgresName.literal(name))))::timestamptz"
        }
    }

    /// The SQL expression for `current_date`, in UTC (the fake's `ColumnDefault.currentDate`;
    /// Supabase databases run with `TimeZone = UTC`).
    var currentDate: String {
        switch self {
        case .transactionStart: return "(now() at time zone 'UTC')::date"
        case .setting: return "(\(now) at time zone 'UTC')::date"
        }
    }
}
