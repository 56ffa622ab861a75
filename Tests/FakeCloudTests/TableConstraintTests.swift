import FakeCloud
import SimCore
import XCTest

/// Constraints, upsert resolution, value conversion and provenance of the fake Postgres.
final class TableConstraintTests: XCTestCase {
    func testInsertingChildBeforeParentFailsWith23503And409() {
        let bed = SupabaseTestBed()
        let response = bed.insert(nil, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a"]])
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(response.error?.code, "23503")
        XCTAssertEqual(response.error?.message, "insert or update on table \"children\" violates foreign key constraint \"children_parent_id_fkey\"")
    }

    func testBulkInsertWithOneBadRowChangesNothing() {
        let bed = SupabaseTestBed()
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        let response = bed.insert(nil, "children", [
            ["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a"],
            ["id": .string(IDs.child2), "parent_id": .string(IDs.parent), "kind": .null],
        ])
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.error?.code, "23502")
        XCTAssertEqual(bed.server.admin.rows("children").count, 0)
        XCTAssertEqual(bed.server.admin.provenance.filter { $0.table == "children" }.count, 0)
    }

    func testUpsertOnPrimaryKeyMergesButIgnoreDuplicatesKeepsExistingRow() {
        let bed = SupabaseTestBed()
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        let first = ["id": JSONValue.string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a", "slot": 1]
        XCTAssertEqual(bed.upsert(nil, "children", [first]).status, 201)
        var second = first
        second["slot"] = 2
        let ignored = bed.upsert(nil, "children", [second], ignore: true)
        XCTAssertEqual(ignored.status, 201)
        XCTAssertEqual(ignored.rows.count, 0)
        XCTAssertEqual(bed.server.admin.row("children", key: IDs.child)?["slot"], .int(1))
        let merged = bed.upsert(nil, "children", [second])
        XCTAssertEqual(merged.rows.count, 1)
        XCTAssertEqual(bed.server.admin.row("children", key: IDs.child)?["slot"], .int(2))
        XCTAssertEqual(bed.server.admin.rows("children").count, 1)
    }

    func testUpsertWithOnConflictOnCompositeUniqueKeyUpdatesTheMatchingRow() {
        let bed = SupabaseTestBed()
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        _ = bed.insert(nil, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a", "slot": 1]])
        let resent: Row = ["id": .string(IDs.child2), "parent_id": .string(IDs.parent), "kind": "a", "slot": 5]
        let withoutTarget = bed.upsert(nil, "children", [resent])
        XCTAssertEqual(withoutTarget.status, 409)
        XCTAssertEqual(withoutTarget.error?.code, "23505")
        let response = bed.upsert(nil, "children", [resent], onConflict: ["parent_id", "kind"])
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(bed.server.admin.rows("children").count, 1)
        // `SET id = EXCLUDED.id`: PostgREST updates every payload column, the key included.
        XCTAssertEqual(bed.server.admin.rows("children").first?["id"], .string(IDs.child2))
        XCTAssertEqual(bed.server.admin.rows("children").first?["slot"], .int(5))
        let unknown = bed.upsert(nil, "children", [resent], onConflict: ["kind"])
        XCTAssertEqual(unknown.error?.code, "42P10")
    }

    func testBulkUpsertUsesUnionOfKeysSoMissingKeyIsNullUnlessMissingDefault() {
        let bed = SupabaseTestBed()
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        let rows: [Row] = [
            ["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a", "slot": 3],
            ["id": .string(IDs.child2), "parent_id": .string(IDs.parent), "kind": "b"],
        ]
        let nulls = bed.insert(nil, "children", rows)
        XCTAssertEqual(nulls.error?.code, "23502")  // slot NOT NULL: the missing key became NULL
        let defaults = bed.table(nil, TableRequest(table: "children", action: .insert(rows), missingDefault: true))
        XCTAssertEqual(defaults.status, 201)
        XCTAssertEqual(bed.server.admin.row("children", key: IDs.child2)?["slot"], .int(0))
    }

    func testNumericRoundsHalfAwayFromZeroAndRejectsOverflowWith22003() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        let cases: [(JSONValue, String)] = [(.double(10.005), "10.01"), (.double(-10.005), "-10.01"), (.double(0.1 + 0.2), "0.30"), ("2.345", "2.35"), (.int(7), "7.00")]
        for (index, (input, stored)) in cases.enumerated() {
            let id = String(format: "%08d-0000-4000-8000-000000000000", index)
            XCTAssertEqual(bed.insert(a.token, "t", [["id": .string(id), "owner_id": .string(a.id), "amount": input]]).status, 201)
            XCTAssertEqual(bed.server.admin.row("t", key: id)?["amount"], .string(stored))
        }
        XCTAssertEqual(bed.server.admin.units(.string("10.01"), table: "t", column: "amount"), 1001)
        let overflow = bed.insert(a.token, "t", [["owner_id": .string(a.id), "amount": .double(1e10)]])
        XCTAssertEqual(overflow.status, 400)
        XCTAssertEqual(overflow.error?.code, "22003")
        let bad = bed.insert(a.token, "t", [["owner_id": .string(a.id), "amount": "ten"]])
        XCTAssertEqual(bad.error?.code, "22P02")
        XCTAssertEqual(bad.status, 400)
    }

    func testDateColumnKeepsOnlyTheDatePartOfATimestamp() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        _ = bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id), "day": "2024-03-31T23:30:00Z"]])
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["day"], "2024-03-31")
        _ = bed.insert(a.token, "t", [["id": .string(IDs.row2), "owner_id": .string(a.id), "day": "2024-03-31T23:30:00-05:00"]])
        // date_in ignores the offset: the literal date, not 2024-04-01 in UTC.
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row2)?["day"], "2024-03-31")
        let bad = bed.insert(a.token, "t", [["owner_id": .string(a.id), "day": "2024-02-30"]])
        XCTAssertEqual(bad.error?.code, "22008")
        XCTAssertEqual(bad.status, 400)
    }

    func testNowDefaultUsesVirtualTimeOnTheServerEpoch() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        bed.nowNanoseconds = 90_500_000_000  // 90.5 s
        _ = bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id)]])
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["created_at"], "2025-01-01T00:01:30.5+00:00")
    }

    func testProvenanceLogRecordsWriterAccountDeviceTimeAndOperation() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        bed.nowNanoseconds = 5_000
        _ = bed.table(a.token, TableRequest(table: "t", action: .insert([["id": .string(IDs.row1), "owner_id": .string(a.id)]])), from: "ipad")
        bed.nowNanoseconds = 9_000
        _ = bed.upsert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id), "name": "x"]])
        let history = bed.server.admin.provenance.filter { $0.table == "t" }
        XCTAssertEqual(history.map(\.operation), [.insert, .upsertUpdate])
        XCTAssertEqual(history.map(\.version), [1, 2])
        XCTAssertEqual(history.map(\.device), ["ipad", "phone-a"])
        XCTAssertEqual(history.map(\.userId), [a.id, a.id])
        XCTAssertEqual(history.map(\.timeNanoseconds), [5_000, 9_000])
        XCTAssertEqual(history.first?.primaryKey, IDs.row1)
    }

    func testDeletingParentCascadesToChildren() {
        let bed = SupabaseTestBed()
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        _ = bed.insert(nil, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a"]])
        _ = bed.table(nil, TableRequest(table: "parents", action: .delete, filters: [.eq("id", .string(IDs.parent))]))
        XCTAssertEqual(bed.server.admin.rows("children").count, 0)
        XCTAssertEqual(bed.server.admin.provenance.last?.operation, .cascadeDelete)
    }

    func testSelectOrdersFiltersAndPagesDeterministically() {
        let bed = SupabaseTestBed()
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        let kinds = ["c", "a", "b", "d"]
        let rows: [Row] = kinds.enumerated().map { index, kind in
            ["id": .string(String(format: "%08d-0000-4000-8000-000000000000", index)), "parent_id": .string(IDs.parent), "kind": .string(kind), "slot": .int(Int64(index))]
        }
        _ = bed.insert(nil, "children", rows)
        let unordered = bed.select(nil, "children")
        XCTAssertEqual(unordered.rows.map { $0["kind"]! }, ["c", "a", "b", "d"])  // insertion order
        let page = bed.table(nil, TableRequest(table: "children", action: .select, filters: [.gte("slot", 1), .neq("kind", "d")], order: [OrderTerm("kind", ascending: false)], limit: 1, offset: 1))
        XCTAssertEqual(page.rows.map { $0["kind"]! }, ["a"])
        let listed = bed.select(nil, "children", [.in("kind", ["a", "d"])])
        XCTAssertEqual(listed.rows.count, 2)
    }
}
