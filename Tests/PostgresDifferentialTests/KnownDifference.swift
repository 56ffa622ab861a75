import FakeCloud
import SimCore

/// A documented, deliberate difference between the fake and PostgreSQL 15 that the differential
/// tolerates, with the reason. Each one is narrow: it matches only the answers it explains, and only
/// where both sides leave the tables the same (so no later step can inherit it).
struct KnownDifference {
    var name: String
    var reason: String
    /// Whether this difference explains the given pair of answers to `request`.
    var explains: @Sendable (_ request: TableRequest, _ postgres: StepAnswer, _ fake: StepAnswer) -> Bool

    static let all: [KnownDifference] = [patchBodyWithoutTargetRow]

    /// A PATCH whose body holds a value its column cannot take, when no row qualifies.
    static let patchBodyWithoutTargetRow = KnownDifference(
        name: "patch-body-without-target-row",
        reason: """
            PostgREST joins the PATCH body in as json_to_recordset (UPDATE … FROM). When no row matches the \
            filters and policies, PostgreSQL converts the body only if its planner put the function scan on the \
            outer side of the join, which depends on table statistics; with a selective filter it usually does \
            not, and answers 200/204 with nothing updated. The fake always converts the body and answers 400 \
            with the conversion error, the outcome a client must be ready for anyway. Nothing is written on \
            either side.
            """,
        explains: { request, postgres, fake in
            guard case .update = request.action, postgres.code == nil, postgres.rows?.isEmpty ?? true else { return false }
            guard let code = fake.code, fake.status == 400 else { return false }
            return code.hasPrefix("22")
        })
}
