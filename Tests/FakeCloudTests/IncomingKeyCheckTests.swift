import FakeCloud
import SimCore
import XCTest

/// The end-of-UPDATE foreign-key check on the referenced side (ON UPDATE NO ACTION), including the
/// cases `ReferencedKeys` must not skip: a key changed by this UPDATE or by an upsert's DO UPDATE.
final class IncomingKeyCheckTests: XCTestCase {
    static let otherParent = "66666666-6666-4666-8666-666666666666"

    static func backend() -> BackendDefinition {
        BackendDefinition { b in
            b.table("parents", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("code", .text, .notNull, .unique)
                t.column("name", .text)
            }
            b.table("children", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("parent_id", .uuid, .notNull, .references("parents", onDelete: .cascade))
            }
        }
    }

    /// A parent and one child referencing it.
    func makeBed() -> SupabaseTestBed {
        let bed = SupabaseTestBed(backend: Self.backend())
        XCTAssertEqual(bed.insert(nil, "parents", [["id": .string(IDs.parent), "code": "p"]]).status, 201)
        XCTAssertEqual(bed.insert(nil, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.parent)]]).status, 201)
        return bed
    }

    func update(_ bed: SupabaseTestBed, _ values: Row) -> SupabaseResponse {
        bed.table(nil, TableRequest(table: "parents", action: .update(values), filters: [.eq("code", "p")]))
    }

    func testUpdatingAReferencedKeyFailsWith23503AndChangesNothing() {
        let bed = makeBed()
        let response = update(bed, ["id": .string(Self.otherParent)])
        XCTAssertEqual(response.error?.code, "23503")
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(bed.server.admin.rows("parents").first?["id"], .string(IDs.parent))
    }

    func testUpdatesNotTouchingKeysSucceedBeforeAndAfterAFailedKeyChange() {
        let bed = makeBed()
        XCTAssertEqual(update(bed, ["name": "one"]).status, 204)
        XCTAssertEqual(update(bed, ["id": .string(Self.otherParent)]).error?.code, "23503")
        XCTAssertEqual(update(bed, ["name": "two"]).status, 204)
        XCTAssertEqual(bed.server.admin.rows("parents").first?["name"], "two")
    }

    func testUpsertRewritingAReferencedKeyFailsAndLaterParentUpdatesStillPass() {
        let bed = makeBed()
        XCTAssertEqual(update(bed, ["name": "checked"]).status, 204)
        // DO UPDATE on the `code` conflict would rewrite the primary key the child references.
        let upsert = bed.upsert(nil, "parents", [["id": .string(Self.otherParent), "code": "p"]], onConflict: ["code"])
        XCTAssertEqual(upsert.status, 409)
        XCTAssertEqual(upsert.error?.code, "23503")
        XCTAssertEqual(bed.server.admin.rows("parents").first?["id"], .string(IDs.parent))
        // The failed statement left no dangling reference behind: later updates pass.
        XCTAssertEqual(update(bed, ["name": "x"]).status, 204)
        XCTAssertEqual(update(bed, ["name": "z"]).status, 204)
    }

    func testDeletingAParentCascadesAndLaterUpdatesPass() {
        let bed = makeBed()
        XCTAssertEqual(bed.insert(nil, "parents", [["id": .string(Self.otherParent), "code": "q"]]).status, 201)
        let delete = bed.table(nil, TableRequest(table: "parents", action: .delete, filters: [.eq("code", "q")]))
        XCTAssertEqual(delete.status, 204)
        XCTAssertEqual(update(bed, ["name": "after-delete"]).status, 204)
        XCTAssertEqual(bed.server.admin.rows("children").count, 1)
    }
}
