@testable import FakeCloud
import SimCore
import XCTest

/// DELETE finds its rows through the key index for `id=eq.X`, scans otherwise, and applies every
/// ON DELETE action to the referencing rows it finds by scanning the child table (PostgreSQL
/// creates no index on referencing columns). These pin the outcomes both ways must share.
final class DeletePathTests: XCTestCase {
    static let backend = BackendDefinition { b in
        b.table("parents", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("name", .text)
        }
        b.table("cascading", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("parent_id", .uuid, .references("parents", onDelete: .cascade))
        }
        b.table("nulling", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("parent_id", .uuid, .references("parents", onDelete: .setNull))
        }
        b.table("grandchildren", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("cascading_id", .uuid, .references("cascading", onDelete: .cascade))
        }
        b.table("guarded", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("parent_id", .uuid, .references("parents"))
        }
    }

    static func id(_ n: Int) -> JSONValue { .string(String(format: "%08d-0000-4000-8000-000000000000", n)) }

    /// Parents 1…4; cascading rows 11 (→1), 12 (→2), 13 (→1); nulling 21 (→1), 22 (→3);
    /// grandchildren 31 (→11), 32 (→12); guarded 41 (→4).
    func seeded() -> SupabaseTestBed {
        let bed = SupabaseTestBed(backend: Self.backend)
        _ = bed.insert(nil, "parents", (1...4).map { ["id": Self.id($0), "name": .string("p\($0)")] })
        _ = bed.insert(nil, "cascading", [["id": Self.id(11), "parent_id": Self.id(1)], ["id": Self.id(12), "parent_id": Self.id(2)],
                                           ["id": Self.id(13), "parent_id": Self.id(1)]])
        _ = bed.insert(nil, "nulling", [["id": Self.id(21), "parent_id": Self.id(1)], ["id": Self.id(22), "parent_id": Self.id(3)]])
        _ = bed.insert(nil, "grandchildren", [["id": Self.id(31), "cascading_id": Self.id(11)], ["id": Self.id(32), "cascading_id": Self.id(12)]])
        _ = bed.insert(nil, "guarded", [["id": Self.id(41), "parent_id": Self.id(4)]])
        return bed
    }

    func ids(_ bed: SupabaseTestBed, _ table: String) -> [JSONValue] { bed.server.admin.rows(table).map { $0["id"]! } }

    func delete(_ bed: SupabaseTestBed, _ table: String, _ filters: [RowFilter]) -> SupabaseResponse {
        bed.table(nil, TableRequest(table: table, action: .delete, filters: filters, returnRepresentation: true))
    }

    func testDeleteByIdCascadesThroughTwoLevelsAndNullsTheOtherChildren() {
        let bed = seeded()
        let response = delete(bed, "parents", [.eq("id", Self.id(1))])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.rows.count, 1)
        XCTAssertEqual(ids(bed, "parents"), [Self.id(2), Self.id(3), Self.id(4)])
        XCTAssertEqual(ids(bed, "cascading"), [Self.id(12)])
        XCTAssertEqual(ids(bed, "grandchildren"), [Self.id(32)])
        XCTAssertEqual(bed.server.admin.rows("nulling").map { $0["parent_id"]! }, [.null, Self.id(3)])
        let operations = bed.server.admin.provenance.suffix(5).map(\.operation)
        XCTAssertEqual(operations, [.delete, .cascadeDelete, .cascadeDelete, .cascadeDelete, .cascadeSetNull])
        // The key index follows the shifted positions: the remaining rows are still found by id.
        XCTAssertEqual(bed.select(nil, "parents", [.eq("id", Self.id(3))]).rows.count, 1)
        XCTAssertEqual(bed.select(nil, "cascading", [.eq("id", Self.id(12))]).rows.count, 1)
    }

    func testDeleteOfSeveralParentsByAScanMatchesEveryGoneKey() {
        let bed = seeded()
        let response = delete(bed, "parents", [.in("name", ["p1", "p2", "p3"])])
        XCTAssertEqual(response.rows.count, 3)
        XCTAssertEqual(ids(bed, "parents"), [Self.id(4)])
        XCTAssertEqual(ids(bed, "cascading"), [])
        XCTAssertEqual(ids(bed, "grandchildren"), [])
        XCTAssertEqual(bed.server.admin.rows("nulling").map { $0["parent_id"]! }, [.null, .null])
    }

    func testRestrictFailsTheWholeStatementAndUndoesIt() {
        let bed = seeded()
        let response = delete(bed, "parents", [.eq("id", Self.id(4))])
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(response.error?.code, "23503")
        XCTAssertEqual(ids(bed, "parents").count, 4)
        XCTAssertEqual(bed.select(nil, "parents", [.eq("id", Self.id(4))]).rows.count, 1)
    }

    func testADeleteThatMatchesNothingChangesNothingAndReturnsNoRows() {
        let bed = seeded()
        let before = bed.server.admin.provenance.count
        XCTAssertEqual(delete(bed, "parents", [.eq("id", Self.id(99))]).rows, [])
        XCTAssertEqual(delete(bed, "parents", [.eq("name", "nobody")]).rows, [])
        XCTAssertEqual(ids(bed, "parents").count, 4)
        XCTAssertEqual(bed.server.admin.provenance.count, before)
        XCTAssertEqual(bed.select(nil, "parents", [.eq("id", Self.id(2))]).rows.count, 1)
    }

    func testRemovingAscendingPositionsKeepsOrder() {
        XCTAssertEqual([0, 1, 2, 3, 4, 5].removing(ascendingPositions: [0, 2, 5]), [1, 3, 4])
        XCTAssertEqual([7].removing(ascendingPositions: [0]), [])
        XCTAssertEqual([7, 8].removing(ascendingPositions: []), [7, 8])
    }
}
