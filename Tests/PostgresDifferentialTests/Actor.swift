@testable import FakeCloud
import SimCore

/// Who sends a request in a differential sequence: a signed-in user, the anonymous key, or the
/// service role. PostgreSQL sees it as PostgREST sets it up per transaction: `set local role …`
/// and the JWT claims in `request.jwt.claims` (and the older `request.jwt.claim.sub`).
struct Actor: Sendable, Hashable, CustomStringConvertible {
    var role: AuthContext.Role
    /// The user's id (`sub`), nil for anon and the service role.
    var uid: String?
    /// The bearer the fake receives (nil = anon key).
    var token: String?
    /// A short name for reports: "user0", "anon", "service".
    var name: String

    var description: String { name }

    /// The `SET LOCAL` lines that make the next statements run as this actor.
    var sqlPreamble: String {
        var claims: [String: JSONValue] = ["role": .string(role.rawValue)]
        if let uid { claims["sub"] = .string(uid) }
        return """
            set local role \(role.rawValue);
            set local request.jwt.claims = \(PostgresName.literal(JSONValue.object(claims).canonicalText));
            set local request.jwt.claim.sub = \(PostgresName.literal(uid ?? ""));
            """
    }
}
