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

    func testAWriteUndoneAfterChangingRowsTheCallerSeesRecomputes() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "parents", [["id": .string(IDs.parent), "owner_id": .string(a.id)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        // The first child (under a's parent) is stored, the second's parent is missing: 23503 at
        // the end of the statement, and both are undone. The undo is not judged row by row.
        let rows: [Row] = [["id": .string(IDs.child), "parent_id": .string(IDs.parent)],
                           ["id": .string(IDs.child2), "parent_id": .string(IDs.row2)]]
        XCTAssertEqual(bed.insert(SupabaseConfig().serviceRoleKey, "children", rows).status, 409)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 2, "an undone change to rows the caller sees counts as a change")
    }

    func testARefusedWriteThatChangedNoRowKeepsTheValue() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(children(bed, a.token), 0)
        // No visible parent: the WITH CHECK refuses the row before anything is stored.
        let rows: [Row] = [["id": .string(IDs.child), "parent_id": .string(IDs.parent)]]
        XCTAssertNotEqual(bed.insert(a.token, "children", rows).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 1, "no row changed: remembered")
    }

    // MARK: Per caller: another account's rows

    func testAnotherAccountsWritesToTheReadTablesKeepTheValue() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        XCTAssertEqual(bed.insert(a.token, "parents", [["id": .string(IDs.parent), "owner_id": .string(a.id)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(bed.insert(b.token, "parents", [["id": .string(IDs.row1), "owner_id": .string(b.id)]]).status, 201)
        XCTAssertEqual(bed.insert(b.token, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.row1)]]).status, 201)
        let delete = TableRequest(table: "parents", action: .delete, filters: [.eq("id", .string(IDs.row1))])
        XCTAssertEqual(bed.table(b.token, delete).status, 204, "b's parent goes, its child cascades")
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 1, "rows a can see neither before nor after changed: remembered")
        XCTAssertEqual(children(bed, b.token), 0)
        XCTAssertEqual(counter.computations, 2, "b's own value is computed for b")
    }

    func testARowThatBecomesVisibleThroughItsParentRecomputes() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        XCTAssertEqual(bed.insert(b.token, "parents", [["id": .string(IDs.row1), "owner_id": .string(b.id)]]).status, 201)
        XCTAssertEqual(bed.insert(b.token, "children", [["id": .string(IDs.child), "parent_id": .string(IDs.row1)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        // Only the parent changes (an operator hands it to a): its child is now a's to see.
        let handOver = TableRequest(table: "parents", action: .update(["owner_id": .string(a.id)]), filters: [.eq("id", .string(IDs.row1))])
        XCTAssertEqual(bed.table(SupabaseConfig().serviceRoleKey, handOver).status, 204)
        XCTAssertEqual(children(bed, a.token), 1, "the parent became visible: recomputed")
        XCTAssertEqual(counter.computations, 2)
        // And back: the parent a saw before is gone from a's view.
        let back = TableRequest(table: "parents", action: .update(["owner_id": .string(b.id)]), filters: [.eq("id", .string(IDs.row1))])
        XCTAssertEqual(bed.table(SupabaseConfig().serviceRoleKey, back).status, 204)
        XCTAssertEqual(children(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 3)
    }

    func testAnOperatorsWriteToARowTheCallerSeesRecomputes() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "parents", [["id": .string(IDs.parent), "owner_id": .string(a.id)]]).status, 201)
        XCTAssertEqual(children(bed, a.token), 0)
        let rows: [Row] = [["id": .string(IDs.child), "parent_id": .string(IDs.parent)]]
        XCTAssertEqual(bed.insert(SupabaseConfig().serviceRoleKey, "children", rows).status, 201)
        XCTAssertEqual(children(bed, a.token), 1, "written by the service role, but a sees it")
        XCTAssertEqual(counter.computations, 2)
    }
}
