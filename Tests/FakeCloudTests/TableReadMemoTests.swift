import FakeCloud
import SimCore
import XCTest

/// `FunctionCall.memoized` keeps a value while the tables it read (and the tables their policies
/// read) are unchanged, and only then: writes elsewhere keep it, writes there recompute it.
final class TableReadMemoTests: XCTestCase {
    final class Counter: @unchecked Sendable { var computations = 0 }

    func makeBed(_ counter: Counter) -> SupabaseTestBed {
        let backend = BackendDefinition { b in
            b.table("parents", rowLevelSecurity: true) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("owner_id", .uuid, .notNull)
                t.ownerPolicy()
            }
            b.table("children", rowLevelSecurity: true) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("parent_id", .uuid, .notNull, .references("parents", onDelete: .cascade))
                t.parentPolicy(column: "parent_id", parent: "parents")
            }
            b.table("elsewhere", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
            }
            b.function("children") { call in
                let count = (try? call.memoized("count") { () -> Int in
                    counter.computations += 1
                    return try call.select("children").count
                }) ?? -1
                return FunctionResult(body: ["children": .int(Int64(count))])
            }
        }
        return SupabaseTestBed(backend: backend)
    }

    func children(_ bed: SupabaseTestBed, _ token: String) -> Int64? {
        bed.send(SupabaseRequest(accessToken: token, .function(name: "children", body: [:]))).body["children"]?.intValue
    }

    func testAWriteToAnUnreadTableKeepsTheValueAndAWriteToAReadOneRecomputes() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "parents", [["id": .string(IDs.parent), "owner_id": .string(a.id)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(bed.insert(a.token, "elsewhere", [["id": .string(IDs.row1)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 1, "a table neither the query nor its policies read: remembered")
        XCTAssertEqual(bed.insert(a.token, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.parent)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 1, "the read table changed: recomputed")
        XCTAssertEqual(counter.computations, 2)
    }

    func testAWriteToATableThePolicyReadsRecomputes() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "parents", [["id": .string(IDs.parent), "owner_id": .string(a.id)]]).status, 201)
        XCTAssertEqual(bed.insert(a.token, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.parent)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 1)
        // Only `parents` changes: the child row is the same, but the policy no longer shows it.
        let request = TableRequest(table: "parents", action: .delete, filters: [.eq("id", .string(IDs.parent))])
        XCTAssertEqual(bed.table(a.token, request).status, 204)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 2)
    }

    func testAnUndoneWriteInsideARequestStillRecomputes() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(children(bed, a.token), 0)
        // The parent is missing: 23503, and the insert is undone.
        let rows: [Row] = [["id": .string(IDs.child), "parent_id": .string(IDs.parent)]]
        XCTAssertNotEqual(bed.insert(a.token, "children", rows).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 2, "a failed write to a read table counts as a change")
    }
}
