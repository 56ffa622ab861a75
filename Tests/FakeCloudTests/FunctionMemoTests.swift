import FakeCloud
import SimCore
import XCTest

/// `FunctionCall.memoized`: a remembered value is only ever what a fresh computation would give.
final class FunctionMemoTests: XCTestCase {
    /// Counts computations in a box the test can read (functions are `@Sendable`).
    final class Counter: @unchecked Sendable { var computations = 0 }

    func makeBed(_ counter: Counter) -> SupabaseTestBed {
        let backend = BackendDefinition { b in
            b.table("t", rowLevelSecurity: true) { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("owner_id", .uuid, .notNull)
                t.column("amount", .numeric(12, 2))
                t.ownerPolicy()
            }
            b.function("rows") { call in
                let count = (try? call.memoized("count") { () -> Int in
                    counter.computations += 1
                    return try call.select("t").count
                }) ?? -1
                return FunctionResult(body: ["rows": .int(Int64(count))])
            }
        }
        return SupabaseTestBed(backend: backend)
    }

    func rows(_ bed: SupabaseTestBed, _ token: String) -> Int64? {
        bed.send(SupabaseRequest(accessToken: token, .function(name: "rows", body: [:]))).body["rows"]?.intValue
    }

    func testRemembersUntilAWriteAndPerCaller() {
        let counter = Counter()
        let bed = makeBed(counter)
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        XCTAssertEqual(rows(bed, a.token), 0)
        XCTAssertEqual(rows(bed, a.token), 0)
        XCTAssertEqual(counter.computations, 1, "no write in between: remembered")
        XCTAssertEqual(bed.insert(a.token, "t", [["owner_id": .string(a.id), "amount": .string("1.00")]]).status, 201)
        XCTAssertEqual(rows(bed, a.token), 1, "a write invalidates")
        XCTAssertEqual(counter.computations, 2)
        XCTAssertEqual(rows(bed, b.token), 0, "another caller sees through its own RLS")
        XCTAssertEqual(counter.computations, 3)
        // A write refused by RLS before it stored anything changed no row: remembered.
        XCTAssertNotEqual(bed.insert(b.token, "t", [["owner_id": .string(a.id), "amount": .string("2.00")]]).status, 201)
        XCTAssertEqual(rows(bed, a.token), 1)
        XCTAssertEqual(counter.computations, 3)
        // b's own row is not a's to see: a's value stays, b's is computed again.
        XCTAssertEqual(bed.insert(b.token, "t", [["owner_id": .string(b.id), "amount": .string("2.00")]]).status, 201)
        XCTAssertEqual(rows(bed, a.token), 1)
        XCTAssertEqual(counter.computations, 3)
        XCTAssertEqual(rows(bed, b.token), 1)
        XCTAssertEqual(counter.computations, 4)
    }
}
