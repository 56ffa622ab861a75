import XCTest
import FakeCloud
import SimCore
@testable import SwissCoin
@testable import SwissCoinSim

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

    /// The same rows as a request runner (`page` asks for `ORDER BY change_seq LIMIT n`).
    static func query(_ select: @escaping (String, [RowFilter]) -> [Row]) -> (TableRequest) -> [Row] {
        { request in
            var rows = select(request.table, request.filters)
            if !request.order.isEmpty {
                precondition(request.order == [OrderTerm("change_seq")], "only change_seq ascending is asked for")
                rows.sort { ($0["change_seq"]?.intValue ?? 0) < ($1["change_seq"]?.intValue ?? 0) }
            }
            return request.limit.map { Array(rows.prefix($0)) } ?? rows
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

    /// A page read in change order from the cursor (`page(after:limit:query:)`, the path of a
    /// pull while rows change) is exactly the first `limit` changes after the cursor, and `more`
    /// says whether others follow: for every cursor and limit, on the sample and on 200 random
    /// accounts (sequences shuffled over persons, parents and children, children named by
    /// parents whose own row is older or newer, parents with no children).
    func testAPageReadInChangeOrderIsTheHeadOfTheChangesAfterItsCursor() throws {
        var samples = [Self.sample]
        var random = SimRandom(seed: 11)
        for _ in 0..<200 {
            var sequences = Array(Int64(1)...Int64(10 + random.below(30)))
            random.shuffle(&sequences)
            var persons: [Int64] = [], parents: [Parent] = []
            while !sequences.isEmpty {
                if random.chance(1, in: 4) { persons.append(sequences.removeLast()); continue }
                let own = sequences.removeLast()
                var splits: [Int64] = [], payers: [Int64] = []
                for _ in 0..<random.below(4) where !sequences.isEmpty { splits.append(sequences.removeLast()) }
                for _ in 0..<random.below(3) where !sequences.isEmpty { payers.append(sequences.removeLast()) }
                parents.append(Parent(id: "t\(parents.count)", seq: own, splitSeqs: splits, payerSeqs: payers))
            }
            samples.append(Self.select(persons, parents))
        }
        var pages = 0
        for select in samples {
            let query = Self.query(select)
            let top = (try SyncPullFunction.everyChange(after: 0, select: select)).last?.seq ?? 0
            for cursor in Int64(0)...(top + 1) {
                let tail = try SyncPullFunction.changes(after: cursor, select: select)
                for limit in [1, 2, 3, 5, 8, 200] {
                    let page = try SyncPullFunction.page(after: cursor, limit: limit, query: query)
                    XCTAssertEqual(page.changes.map(\.seq), tail.prefix(limit).map(\.seq), "cursor \(cursor), limit \(limit)")
                    XCTAssertEqual(page.changes.map(\.change), tail.prefix(limit).map(\.change), "cursor \(cursor), limit \(limit)")
                    XCTAssertEqual(page.more, tail.count > limit, "cursor \(cursor), limit \(limit)")
                    pages += 1
                }
            }
        }
        XCTAssertGreaterThan(pages, 20_000)
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
