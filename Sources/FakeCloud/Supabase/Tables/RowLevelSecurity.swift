import SimCore

/// Who a statement runs as: PostgREST's role switch plus the JWT's `sub` (what `auth.uid()` reads).
public struct AuthContext: Sendable, Hashable {
    /// Supabase's three API roles.
    public enum Role: String, Sendable, Hashable {
        case anon, authenticated
        /// The service-role key: `BYPASSRLS`, so policies are not consulted at all.
        case serviceRole = "service_role"
    }

    public var role: Role
    /// `auth.uid()`: the signed-in user's id, nil for anon and the service role.
    public var uid: String?

    public init(role: Role, uid: String?) {
        self.role = role
        self.uid = uid
    }

    public static let anonymous = AuthContext(role: .anon, uid: nil)
    public static let serviceRole = AuthContext(role: .serviceRole, uid: nil)
}

/// A command a policy applies to (`CREATE POLICY … FOR command`).
public enum PolicyCommand: Sendable, Hashable {
    case all, select, insert, update, delete
}

/// What a policy expression can see: the caller, and read access for sub-queries such as
/// `exists (select 1 from parent where parent.id = row.parent_id)`.
public struct PolicyContext {
    public let auth: AuthContext
    /// `auth.uid()`.
    public var uid: String? { auth.uid }
    /// Table, column, value and the context to apply the found row's SELECT policy with (this one:
    /// passed in rather than captured, since a closure holding its own context would be a
    /// reference cycle that leaks every snapshot it read).
    let lookup: (String, String, JSONValue, PolicyContext) -> Row?

    /// The row of `table` whose `column` equals `value`, as the caller sees it. A sub-query inside a
    /// policy is itself subject to the referenced table's SELECT policy, so this applies it.
    public func visibleRow(in table: String, where column: String, equals value: JSONValue) -> Row? {
        lookup(table, column, value, self)
    }
}

/// A policy expression over one row (`USING (…)` / `WITH CHECK (…)`).
public typealias PolicyExpression = @Sendable (Row, PolicyContext) -> Bool

/// One permissive policy (`CREATE POLICY name ON table FOR command USING … WITH CHECK …`).
public struct Policy: Sendable {
    public var name: String
    public var command: PolicyCommand
    public var using: PolicyExpression?
    public var withCheck: PolicyExpression?
    /// The tables its expressions may read through `visibleRow` (nil: possibly any). Only a
    /// speed hint: a statement snapshots just the tables its policies can reach.
    public var reads: [String]?
    /// The same expressions as PostgreSQL text, for `PostgresSchemaScript` (nil: the closure has no
    /// SQL twin, and the table cannot be generated for a real server).
    public var sql: PolicySQL?

    public init(name: String, command: PolicyCommand, using: PolicyExpression?, withCheck: PolicyExpression? = nil,
                reads: [String]? = nil, sql: PolicySQL? = nil) {
        self.name = name
        self.command = command
        self.using = using
        self.withCheck = withCheck
        self.reads = reads
        self.sql = sql
    }
}

/// A policy's `USING (…)` and `WITH CHECK (…)` as SQL, the twin of its Swift closures.
public struct PolicySQL: Sendable, Hashable {
    public var using: String?
    public var withCheck: String?

    public init(using: String?, withCheck: String? = nil) {
        self.using = using
        self.withCheck = withCheck
    }
}

/// A table's row-level security, evaluated like PostgreSQL 15.
///
/// Permissive policies of a command are OR-ed; with RLS on and no policy for a command, nothing
/// passes (default deny). An `ALL`/`UPDATE` policy without WITH CHECK uses its USING expression for
/// new rows. Which expression each statement checks, and whether a failure filters silently or
/// raises 42501, follows "Policies Applied by Command Type" in
/// https://www.postgresql.org/docs/15/sql-createpolicy.html — see `TableStore`'s statements.
public struct RowLevelSecurity: Sendable {
    /// `ALTER TABLE … ENABLE ROW LEVEL SECURITY`. Off: every role sees and writes every row.
    public var enabled: Bool
    public var policies: [Policy]

    public init(enabled: Bool, policies: [Policy] = []) {
        self.enabled = enabled
        self.policies = policies
    }

    public static let disabled = RowLevelSecurity(enabled: false)

    /// The tables this table's policies may read (nil: possibly any; empty when RLS is off).
    var readTables: [String]? {
        guard enabled else { return [] }
        var tables: [String] = []
        for policy in policies {
            guard let reads = policy.reads else { return nil }
            tables += reads
        }
        return tables
    }

    /// The USING check of `command` for an existing row.
    func passesUsing(_ command: PolicyCommand, _ row: Row, _ context: PolicyContext) -> Bool {
        if !enabled || context.auth.role == .serviceRole { return true }
        for policy in policies where applies(policy, to: command) {
            if policy.using?(row, context) ?? false { return true }
        }
        return false
    }

    /// The WITH CHECK of `command` for a new row version.
    func passesCheck(_ command: PolicyCommand, _ row: Row, _ context: PolicyContext) -> Bool {
        if !enabled || context.auth.role == .serviceRole { return true }
        for policy in policies where applies(policy, to: command) {
            if (policy.withCheck ?? policy.using)?(row, context) ?? false { return true }
        }
        return false
    }

    /// Whether `policy` is one of `command`'s (its own or an `ALL` policy); checked in declaration
    /// order without building a filtered array, since this runs per row.
    private func applies(_ policy: Policy, to command: PolicyCommand) -> Bool {
        policy.command == command || policy.command == .all
    }
}
