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

    /// `memoized(_:reusingIf:)` keeps one value per key: a call the value does not answer
    /// computes again and replaces it.
    func testOneValuePerKeyReplacedWhenItDoesNotAnswerTheCall() {
        let counter = Counter()
        let backend = BackendDefinition { b in
            b.table("t", rowLevelSecurity: true) { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("owner_id", .uuid, .notNull)
                t.ownerPolicy()
            }
            b.function("after") { call in
                let cursor = call.body["cursor"]?.intValue ?? 0
                let value = (try? call.memoized("after", reusingIf: { $0.cursor == cursor }) { () -> (cursor: Int64, rows: Int) in
                    counter.computations += 1
                    return (cursor, try call.select("t").count)
                }) ?? (cursor: -1, rows: -1)
                return FunctionResult(body: ["cursor": .int(value.cursor), "rows": .int(Int64(value.rows))])
            }
        }
        let bed = SupabaseTestBed(backend: backend)
        let a = bed.signUp("a@example.com")
        func after(_ cursor: Int64) -> Int64? {
            bed.send(SupabaseRequest(accessToken: a.token, .function(name: "after", body: ["cursor": .int(cursor)]))).body["cursor"]?.intValue
        }
        XCTAssertEqual(after(1), 1)
        XCTAssertEqual(after(1), 1)
        XCTAssertEqual(counter.computations, 1, "the same cursor: remembered")
        XCTAssertEqual(after(2), 2, "another cursor is never answered from the first one's value")
        XCTAssertEqual(after(2), 2)
        XCTAssertEqual(counter.computations, 2)
        XCTAssertEqual(after(1), 1)
        XCTAssertEqual(counter.computations, 3, "the value for cursor 1 was replaced, not kept beside")
    }
}
