import FakeCloud
import SimCore
import XCTest

/// A merge upsert whose body names the same new key twice: the second row would update the row the
/// first one inserted, which PostgreSQL refuses with 21000 (HTTP 400) for the whole statement.
final class UpsertDuplicateBodyTests: XCTestCase {
    func testMergeUpsertWithTheSameNewKeyTwiceFailsWith21000AndInsertsNothing() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        let row: Row = ["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a"]
        var again = row
        again["slot"] = 2
        let response = bed.upsert(nil, "children", [row.merging(["slot": 1]) { $1 }, again])
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.error?.code, "21000")
        XCTAssertEqual(response.error?.message, "ON CONFLICT DO UPDATE command cannot affect row a second time")
        XCTAssertEqual(bed.server.admin.rows("children").count, 0)
    }

    func testIgnoreDuplicatesWithTheSameNewKeyTwiceKeepsTheFirstRow() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        _ = bed.insert(nil, "parents", [["id": .string(IDs.parent)]])
        let first: Row = ["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a", "slot": 1]
        let second: Row = ["id": .string(IDs.child), "parent_id": .string(IDs.parent), "kind": "a", "slot": 2]
        let response = bed.upsert(nil, "children", [first, second], ignore: true)
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.rows.count, 1)
        XCTAssertEqual(bed.server.admin.row("children", key: IDs.child)?["slot"], .int(1))
    }
}
