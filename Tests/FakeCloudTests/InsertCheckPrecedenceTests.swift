import FakeCloud
import SimCore
import XCTest

/// An INSERT body is converted before the request's other checks run, but those checks still
/// raise first, in PostgREST's and PostgreSQL's order: a body key the table lacks (PGRST204),
/// then an unknown filter or order column (42703), then an ON CONFLICT target no constraint
/// matches (42P10), and only then a value its column cannot take (22P02), the first in body order.
final class InsertCheckPrecedenceTests: XCTestCase {
    let badUUID: JSONValue = "not-a-uuid"

    func testUnknownBodyKeyInALaterRowWinsOverABadValueInAnEarlierOne() {
        let bed = SupabaseTestBed()
        let response = bed.insert(nil, "t", [["id": badUUID], ["id": .string(IDs.row2), "no_such_column": 1]])
        XCTAssertEqual(response.error?.code, "PGRST204")
    }

    func testUnknownOrderColumnWinsOverABadValue() {
        let bed = SupabaseTestBed()
        let request = TableRequest(table: "t", action: .insert([["id": badUUID]]), order: [OrderTerm("no_such_column")])
        XCTAssertEqual(bed.table(nil, request).error?.code, "42703")
    }

    func testUnmatchedConflictTargetWinsOverABadValue() {
        let bed = SupabaseTestBed()
        let request = TableRequest(table: "t", action: .upsert([["id": badUUID]], onConflict: ["name"], ignoreDuplicates: false))
        XCTAssertEqual(bed.table(nil, request).error?.code, "42P10")
    }

    func testTheFirstBadRowInBodyOrderIsReported() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        // Row 1 breaks only NOT NULL (checked later, per row); rows 2 and 3 hold bad values.
        let response = bed.insert(nil, "t", [["id": .string(IDs.row1), "name": "ok"], ["id": badUUID, "name": "x"],
                                             ["id": "also-bad", "name": "y"]])
        XCTAssertEqual(response.error?.code, "22P02")
        XCTAssertTrue(response.error?.message.contains("not-a-uuid") ?? false, response.error?.message ?? "")
        XCTAssertFalse(response.error?.message.contains("also-bad") ?? true, response.error?.message ?? "")
        XCTAssertTrue(bed.server.admin.rows("t").isEmpty, "a failed request leaves nothing")
    }
}
