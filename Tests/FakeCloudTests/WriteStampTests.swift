import FakeCloud
import SimCore
import XCTest

/// `BEFORE INSERT OR UPDATE` stamps: `moddatetime`-style `updated_at` and a server-wide sequence.
final class WriteStampTests: XCTestCase {
    static func backend() -> BackendDefinition {
        BackendDefinition { b in
            b.table("notes", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("body", .text)
                t.column("updated_at", .timestamptz, .notNull, .stampedOnWrite(.now))
                t.column("change_seq", .bigint, .notNull, .stampedOnWrite(.sequence))
            }
            b.table("other", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("change_seq", .bigint, .notNull, .stampedOnWrite(.sequence))
            }
        }
    }

    func testInsertUpsertAndUpdateEachTakeTheNextSequenceValueAndTheStatementTime() {
        let bed = SupabaseTestBed(backend: Self.backend())
        bed.nowNanoseconds = 1_000_000_000
        // A value the client sends for a stamped column is replaced, as a BEFORE trigger does.
        XCTAssertEqual(bed.insert(nil, "notes", [["id": .string(IDs.row1), "body": "a", "change_seq": 99]]).status, 201)
        XCTAssertEqual(bed.server.admin.row("notes", key: IDs.row1)?["change_seq"], .int(1))
        let firstTime = bed.server.admin.row("notes", key: IDs.row1)?["updated_at"]

        bed.nowNanoseconds = 5_000_000_000
        XCTAssertEqual(bed.insert(nil, "other", [["id": .string(IDs.row2)]]).status, 201)
        XCTAssertEqual(bed.server.admin.row("other", key: IDs.row2)?["change_seq"], .int(2), "one sequence for all tables")

        let update = bed.table(nil, TableRequest(table: "notes", action: .update(["body": "b"]), filters: [.eq("id", .string(IDs.row1))]))
        XCTAssertEqual(update.status, 204)
        let row = bed.server.admin.row("notes", key: IDs.row1)
        XCTAssertEqual(row?["change_seq"], .int(3))
        XCTAssertNotEqual(row?["updated_at"], firstTime, "updated_at moves to the update's time")

        // ON CONFLICT DO UPDATE fires the BEFORE INSERT trigger on the proposed row (value 4), then
        // the BEFORE UPDATE trigger on the updated one (value 5), as PostgreSQL does.
        XCTAssertEqual(bed.upsert(nil, "notes", [["id": .string(IDs.row1), "body": "c"]]).status, 201)
        XCTAssertEqual(bed.server.admin.row("notes", key: IDs.row1)?["change_seq"], .int(5))
    }

    func testAFailedStatementStillConsumesItsSequenceValue() {
        let bed = SupabaseTestBed(backend: Self.backend())
        XCTAssertEqual(bed.insert(nil, "notes", [["id": .string(IDs.row1)]]).status, 201)
        XCTAssertEqual(bed.insert(nil, "notes", [["id": .string(IDs.row1)]]).status, 409)  // duplicate key
        XCTAssertEqual(bed.insert(nil, "notes", [["id": .string(IDs.row2)]]).status, 201)
        // PostgreSQL's nextval is not rolled back: the failed insert burned value 2.
        XCTAssertEqual(bed.server.admin.row("notes", key: IDs.row2)?["change_seq"], .int(3))
    }
}
