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

    /// The differences the random sequences tolerate.
    static let all: [KnownDifference] = [patchBodyWithoutTargetRow, nonISODateRejected]

    /// Date and time text outside ISO 8601 (`2025-1-5`, `31.01.2025`, `Jan 5 2025`, `epoch`,
    /// `yesterday`, zone names): PostgreSQL's `DecodeDateTime` reads many such spellings (with the
    /// session's DateStyle, `ISO, MDY` by default) while the fake reads only the ISO-8601 forms
    /// `CivilTime.parse` documents and answers 22007 for the rest. A migration that sends such
    /// text is already broken (its meaning depends on a server setting, or on today's date), so the
    /// fake refuses it instead of guessing. The generator sends only ISO forms; this rule tolerates
    /// the case where both sides refuse with different codes (PostgreSQL 22008 for `31.01.2025`,
    /// month 31); where PostgreSQL accepts the text (`2025-1-5`), the tables would differ, so
    /// `KnownDifferenceTests` checks that case directly instead.
    static let nonISODateRejected = KnownDifference(
        name: "non-iso-date-rejected",
        reason: "the fake reads only ISO-8601 date/time text (see the doc comment)",
        explains: { _, postgres, fake in
            fake.status == 400 && fake.code == "22007" && postgres.status == 400 && postgres.code == "22008"
                && (fake.message ?? "").contains("invalid input syntax for type date")
        })

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
