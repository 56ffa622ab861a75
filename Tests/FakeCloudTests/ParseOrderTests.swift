import FakeCloud
import SimCore
import XCTest

/// When PostgreSQL converts what a request sends, as the PostgreSQL differential found it: filter
/// literals while parsing (so even with no rows), body values all before the first row is written,
/// numeric filter literals without the column's precision and scale.
final class ParseOrderTests: XCTestCase {
    func testBadFilterLiteralFailsEvenOnAnEmptyTable() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let response = bed.select(nil, "t", [.eq("day", "not-a-date")])
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.error?.code, "22007")
        let delete = bed.table(nil, TableRequest(table: "t", action: .delete, filters: [.gt("amount", "abc")]))
        XCTAssertEqual(delete.error?.code, "22P02")
    }

    func testFiltersAreCheckedInClauseOrderWithUnknownColumns() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let badFirst = bed.select(nil, "t", [.eq("day", "not-a-date"), .eq("nope", 1)])
        XCTAssertEqual(badFirst.error?.code, "22007")
        let unknownFirst = bed.select(nil, "t", [.eq("nope", 1), .eq("day", "not-a-date")])
        XCTAssertEqual(unknownFirst.error?.code, "42703")
    }

    func testNumericFilterLiteralKeepsEveryDigitAndCannotOverflow() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id), "amount": "10.01"]]).status, 201)
        XCTAssertEqual(bed.select(nil, "t", [.eq("amount", "10.005")]).rows.count, 0)  // 10.01 ≠ 10.005
        XCTAssertEqual(bed.select(nil, "t", [.eq("amount", "10.010")]).rows.count, 1)
        XCTAssertEqual(bed.select(nil, "t", [.lt("amount", "1e20")]).rows.count, 1)  // no 22003 for a literal
        XCTAssertEqual(bed.select(nil, "t", [.gt("amount", .double(-0.5))]).rows.count, 1)
        XCTAssertEqual(bed.select(nil, "t", [.in("amount", ["3", "10.01"])]).rows.count, 1)
    }

    func testEveryBodyValueIsConvertedBeforeTheFirstRowIsChecked() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        // Row 1 breaks the policy (B's owner id sent by A), row 2 has a bad date: the date wins.
        let response = bed.insert(a.token, "t", [
            ["id": .string(IDs.row1), "owner_id": .string(b.id)],
            ["id": .string(IDs.row2), "owner_id": .string(a.id), "day": "2025-02-30"],
        ])
        XCTAssertEqual(response.error?.code, "22008")
    }

    func testFractionBeyondMicrosecondsRounds() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let a = bed.signUp("a@example.com")
        let response = bed.insert(a.token, "t", [
            ["id": .string(IDs.row1), "owner_id": .string(a.id), "created_at": "2025-12-31T23:59:59.9999996Z"],
            ["id": .string(IDs.row2), "owner_id": .string(a.id), "created_at": "2025-03-30T01:30:00.123456789Z"],
        ], returning: true)
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["created_at"], "2026-01-01T00:00:00+00:00")
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row2)?["created_at"], "2025-03-30T01:30:00.123457+00:00")
        XCTAssertEqual(response.status, 201)
    }

    func testPatchWithEmptyBodyUpdatesNothingAndChecksNoFilter() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let a = bed.signUp("a@example.com")
        _ = bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id)]])
        let response = bed.table(nil, TableRequest(table: "t", action: .update([:]), filters: [.eq("day", "junk")], returnRepresentation: true))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.rows.count, 0)
    }
}

/// A jsonb column's filter literal goes through jsonb's input function: JSON text or 22P02 (the
/// differential found the fake answering 200 to `request=eq.text` on Swiss Coin's `sync_changes`).
final class JSONBFilterTests: XCTestCase {
    func testAJSONBFilterLiteralMustBeJSONAndMatchesByValue() {
        let bed = SupabaseTestBed(backend: BackendDefinition { b in
            b.table("j", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("doc", .jsonb)
            }
        })
        XCTAssertEqual(bed.insert(nil, "j", [["id": .string(IDs.row1), "doc": ["k": 1]]]).status, 201)
        let bad = bed.select(nil, "j", [.eq("doc", "text")])
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.error?.code, "22P02")
        XCTAssertEqual(bed.select(nil, "j", [.eq("doc", #"{"k":1}"#)]).rows.count, 1)
        XCTAssertEqual(bed.select(nil, "j", [.eq("doc", #"{"k":2}"#)]).rows.count, 0)
    }
}
