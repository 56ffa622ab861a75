import FakeCloud
import SimCore
import XCTest

/// A merge upsert on a natural key that rewrites a referenced primary key: PostgreSQL's
/// ON UPDATE NO ACTION check fires for the DO UPDATE branch as for a plain UPDATE.
final class UpsertReferenceTests: XCTestCase {
    static func backend() -> BackendDefinition {
        BackendDefinition { b in
            b.table("items", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("code", .text, .notNull, .unique)
                t.column("label", .text)
            }
            b.table("notes", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("item_id", .uuid, .notNull, .references("items"))
            }
        }
    }

    func testNaturalKeyUpsertRewritingReferencedIdFailsWith23503AndChangesNothing() {
        let bed = SupabaseTestBed(backend: Self.backend())
        XCTAssertEqual(bed.insert(nil, "items", [["id": .string(IDs.row1), "code": "A", "label": "old"]]).status, 201)
        XCTAssertEqual(bed.insert(nil, "notes", [["id": .string(IDs.child), "item_id": .string(IDs.row1)]]).status, 201)
        let response = bed.upsert(nil, "items", [["id": .string(IDs.row2), "code": "A", "label": "new"]], onConflict: ["code"])
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(response.error?.code, "23503")
        XCTAssertEqual(
            response.error?.message,
            "update or delete on table \"items\" violates foreign key constraint \"notes_item_id_fkey\" on table \"notes\"")
        XCTAssertEqual(bed.server.admin.rows("items"), [["id": .string(IDs.row1), "code": "A", "label": "old"]])
    }

    func testNaturalKeyUpsertKeepingTheIdStillMerges() {
        let bed = SupabaseTestBed(backend: Self.backend())
        _ = bed.insert(nil, "items", [["id": .string(IDs.row1), "code": "A", "label": "old"]])
        _ = bed.insert(nil, "notes", [["id": .string(IDs.child), "item_id": .string(IDs.row1)]])
        let response = bed.upsert(nil, "items", [["id": .string(IDs.row1), "code": "A", "label": "new"]], onConflict: ["code"])
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(bed.server.admin.row("items", key: IDs.row1)?["label"], "new")
    }
}
