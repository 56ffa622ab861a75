import XCTest
import FakeCloud
import SimCore
@testable import SwissCoin

/// `sync_pull` computes the changes after cursor 0 once (memoized) and answers each page from the
/// part after its cursor: that part must be exactly what computing from the cursor gives, from
/// whole tables or from only the rows changed after the cursor.
final class SyncPullPagingTests: XCTestCase {
    /// A transaction whose own row and children carry the given sequences.
    struct Parent {
        let id: String
        let seq: Int64
        let splitSeqs: [Int64]
        let payerSeqs: [Int64]
    }

    /// Rows of every pulled table from a few persons and transactions (sequences unique, as the
    /// server's one counter makes them), filtered like the fake filters `change_seq > cursor`.
    static func select(_ persons: [Int64], _ parents: [Parent]) -> (String, [RowFilter]) -> [Row] {
        var tables: [String: [Row]] = [:]
        for (index, seq) in persons.enumerated() {
            tables["persons", default: []].append(["id": .string("p\(index)"), "change_seq": .int(seq)])
        }
        for parent in parents {
            tables["financial_transactions", default: []].append(["id": .string(parent.id), "change_seq": .int(parent.seq)])
            for (index, seq) in parent.splitSeqs.enumerated() {
                tables["transaction_splits", default: []].append(
                    ["id": .string("\(parent.id)-s\(index)"), "transaction_id": .string(parent.id), "change_seq": .int(seq)])
            }
            for (index, seq) in parent.payerSeqs.enumerated() {
                tables["transaction_payers", default: []].append(
                    ["id": .string("\(parent.id)-p\(index)"), "transaction_id": .string(parent.id), "change_seq": .int(seq)])
            }
        }
        return { table, filters in
            var rows = tables[table] ?? []
            for filter in filters {
                switch filter {
                case .gt("change_seq", let bound):
                    rows = rows.filter { ($0["change_seq"]?.intValue ?? 0) > (bound.intValue ?? 0) }
                case .in(let column, let values):
                    rows = rows.filter { values.contains($0[column] ?? .null) }
                default:
                    preconditionFailure("only change_seq > cursor and in (…) are used")
                }
            }
            return rows
        }
    }

    /// Sequences 1…16 spread over persons, parents and children; a parent whose child changed
    /// after it, one whose children are all older, one with no children.
    static var sample: (String, [RowFilter]) -> [Row] { select([3, 9, 14], [
        Parent(id: "t1", seq: 1, splitSeqs: [2, 12], payerSeqs: [4]),
        Parent(id: "t2", seq: 10, splitSeqs: [5, 6], payerSeqs: [7]),
        Parent(id: "t3", seq: 8, splitSeqs: [], payerSeqs: []),
        Parent(id: "t4", seq: 11, splitSeqs: [13], payerSeqs: [15, 16]),
    ]) }

    func testChangesAfterACursorAreTheTailOfTheChangesAfterZero() throws {
        let select = Self.sample
        let all = try SyncPullFunction.everyChange(after: 0, select: select)
        XCTAssertEqual(all.map(\.seq), [3, 8, 9, 10, 12, 14, 16], "one change per entity, keyed by its latest sequence")
        for cursor in Int64(0)...17 {
            let start = SyncPullFunction.firstIndex(in: all, after: cursor)
            let tail = Array(all[start...])
            // From whole tables, and from only the rows changed after the cursor.
            for direct in [try SyncPullFunction.everyChange(after: cursor, select: select),
                           try SyncPullFunction.changes(after: cursor, select: select)] {
                XCTAssertEqual(direct.map(\.seq), tail.map(\.seq), "cursor \(cursor)")
                XCTAssertEqual(direct.map(\.change), tail.map(\.change), "cursor \(cursor)")
            }
        }
    }

    /// `sync_pull` keeps the changed-rows computation from one cursor and pages a later cursor
    /// from it: for every `b ≤ c`, the part of the changes after `b` above `c` is exactly the
    /// changes after `c`.
    func testChangesAfterALaterCursorAreTheTailOfTheChangesAfterAnEarlierOne() throws {
        let select = Self.sample
        for earlier in Int64(0)...17 {
            let kept = try SyncPullFunction.changes(after: earlier, select: select)
            for later in earlier...17 {
                let tail = Array(kept[SyncPullFunction.firstIndex(in: kept, after: later)...])
                let direct = try SyncPullFunction.changes(after: later, select: select)
                XCTAssertEqual(tail.map(\.seq), direct.map(\.seq), "kept from \(earlier), paged at \(later)")
                XCTAssertEqual(tail.map(\.change), direct.map(\.change), "kept from \(earlier), paged at \(later)")
            }
        }
    }

    func testFirstIndexFindsTheFirstSequenceAboveTheCursor() {
        let items: [(seq: Int64, change: JSONValue)] = [(2, .null), (5, .null), (9, .null)]
        XCTAssertEqual(SyncPullFunction.firstIndex(in: items, after: 0), 0)
        XCTAssertEqual(SyncPullFunction.firstIndex(in: items, after: 2), 1)
        XCTAssertEqual(SyncPullFunction.firstIndex(in: items, after: 4), 1)
        XCTAssertEqual(SyncPullFunction.firstIndex(in: items, after: 9), 3)
        XCTAssertEqual(SyncPullFunction.firstIndex(in: [], after: 0), 0)
    }
}
