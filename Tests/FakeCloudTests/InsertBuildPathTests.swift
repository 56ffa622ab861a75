import FakeCloud
import SimCore
import XCTest

/// The insert path converts body values in place and fills missing columns by position; a table of
/// more than 64 columns takes the by-name path. Both must store the same rows and raise the same
/// first error (in column declaration order) as PostgreSQL's input conversion.
final class InsertBuildPathTests: XCTestCase {
    /// A table `wide` with `extra` filler text columns after the columns the tests use.
    static func backend(extra: Int) -> BackendDefinition {
        BackendDefinition { b in
            b.table("w", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("amount", .numeric(12, 2))
                t.column("day", .date)
                t.column("slot", .int, .notNull, .default(.value(7)))
                t.column("created_at", .timestamptz, .notNull, .default(.now))
                for index in 0..<extra { t.column("filler_\(index)", .text) }
                t.column("note", .text, .default(.value("none")))
            }
        }
    }

    /// The stored rows of `w` after `rows` were inserted in one request, without the fillers.
    func stored(extra: Int, _ rows: [Row]) -> (status: Int, rows: [Row]) {
        let bed = SupabaseTestBed(backend: Self.backend(extra: extra))
        bed.nowNanoseconds = 5_000_000_000
        let response = bed.insert(nil, "w", rows)
        let kept = bed.server.admin.rows("w").map { $0.filter { !$0.key.hasPrefix("filler_") } }
        return (response.status, kept)
    }

    func testNarrowAndWideTablesStoreTheSameRowsWithDefaultsAndNulls() {
        // Two rows: the second lacks `amount` and `note`, which the first names, so PostgREST's
        // column list makes them NULL there; `slot` and `created_at` get their defaults.
        let body: [Row] = [
            ["id": .string(IDs.row1), "amount": "12.5", "day": "2024-02-29", "note": "first"],
            ["id": .string(IDs.row2), "day": "2024-03-01"],
        ]
        let narrow = stored(extra: 0, body), wide = stored(extra: 70, body)
        XCTAssertEqual(narrow.status, 201)
        XCTAssertEqual(wide.status, 201)
        XCTAssertEqual(narrow.rows, wide.rows)
        XCTAssertEqual(narrow.rows.count, 2)
        XCTAssertEqual(narrow.rows[0]["amount"], "12.50")
        XCTAssertEqual(narrow.rows[0]["slot"], 7)
        XCTAssertEqual(narrow.rows[1]["amount"], .null)
        XCTAssertEqual(narrow.rows[1]["note"], .null)
        XCTAssertEqual(narrow.rows[1]["created_at"], narrow.rows[0]["created_at"])
        XCTAssertEqual(narrow.rows[0].count, 6)
    }

    func testAOneRowBodyGetsEveryDefaultOnBothPaths() {
        let narrow = stored(extra: 0, [["day": "2024-01-02"]]), wide = stored(extra: 70, [["day": "2024-01-02"]])
        XCTAssertEqual(narrow.rows.count, 1)
        XCTAssertEqual(narrow.rows[0]["note"], "none")
        XCTAssertEqual(narrow.rows[0]["slot"], 7)
        XCTAssertEqual(narrow.rows[0]["id"]?.stringValue?.count, 36)
        XCTAssertEqual(narrow.rows, wide.rows)
    }

    func testTheFirstBadValueInColumnOrderIsReportedWhateverTheBodyOrder() {
        // `amount` comes before `day` and `slot` in the table: its error wins on both paths.
        for extra in [0, 70] {
            let bed = SupabaseTestBed(backend: Self.backend(extra: extra))
            let response = bed.insert(nil, "w", [["slot": "x", "day": "not a day", "amount": "abc"]])
            XCTAssertEqual(response.status, 400, "extra \(extra)")
            XCTAssertEqual(response.error?.message, "invalid input syntax for type numeric: \"abc\"", "extra \(extra)")
            XCTAssertEqual(bed.server.admin.rows("w").count, 0)
        }
    }

    func testUppercaseUUIDIsStoredLowercaseAndCanonicalOnesUnchanged() {
        let upper = "ABCDEF01-2345-4789-8BCD-EF0123456789"
        let result = stored(extra: 0, [["id": .string(upper)], ["id": .string(IDs.row1)]])
        XCTAssertEqual(result.rows.map { $0["id"] }, [.string(upper.lowercased()), .string(IDs.row1)])
        let bad = stored(extra: 0, [["id": "11111111-1111-4111-8111-11111111111g"]])
        XCTAssertEqual(bad.status, 400)
    }
}

/// SupabaseServer writes its trace summaries piece by piece: the same text, so the same hash, as
/// `summary(of:)` would give.
final class SupabaseTraceSummaryTests: XCTestCase {
    func testPiecewiseSummariesHashAndReadLikeTheWholeStrings() {
        let bed = SupabaseTestBed()
        let (_, token, _) = bed.signUp("a@example.com")
        let requests: [SupabaseRequest] = [
            SupabaseRequest(accessToken: token, .table(TableRequest(table: "t", action: .insert([["owner_id": "x"]])))),
            SupabaseRequest(accessToken: nil, .table(TableRequest(table: "t", action: .select, filters: [.eq("name", "a")]))),
            SupabaseRequest(accessToken: token, .table(TableRequest(table: "t", action: .upsert([[:], [:]], onConflict: nil, ignoreDuplicates: true)))),
            SupabaseRequest(accessToken: token, .table(TableRequest(table: "t", action: .update(["name": "b"])))),
            SupabaseRequest(accessToken: token, .table(TableRequest(table: "t", action: .delete))),
            SupabaseRequest(accessToken: nil, .auth(.signIn(email: "a@example.com", password: "secret-1"))),
        ]
        for request in requests {
            let response = bed.send(request)
            let whole = Trace(recording: true), pieces = Trace(recording: true)
            whole.record(time: 1, component: "c", event: bed.server.summary(of: request) + " | " + bed.server.summary(of: response))
            pieces.record(time: 1, component: "c") { text in
                bed.server.writeSummary(of: request, into: &text)
                text.append(" | ")
                bed.server.writeSummary(of: response, into: &text)
            }
            XCTAssertEqual(pieces.records.map(\.event), whole.records.map(\.event))
            XCTAssertEqual(pieces.hash, whole.hash, whole.records.first?.event ?? "")
        }
    }
}
