import FakeCloud
import SimCore
import XCTest

/// A column index (`TableBuilder.index`) changes only speed: every query through it returns the
/// rows a scan returns, in the same order, through inserts, updates that move a row to another
/// value, deletes (positions shift) and undone statements.
final class ColumnIndexTests: XCTestCase {
    static func backend(indexed: Bool) -> BackendDefinition {
        BackendDefinition { b in
            b.table("items", rowLevelSecurity: true) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("owner_id", .uuid, .notNull)
                t.column("kind", .text)
                t.column("parent_id", .uuid, .references("items", onDelete: .cascade))
                t.column("rank", .bigint)
                t.ownerPolicy()
                if indexed { t.index("kind"); t.index("parent_id"); t.index("rank") }
            }
        }
    }

    func testQueriesThroughTheIndexEqualAScanThroughRandomWrites() {
        let plain = SupabaseTestBed(backend: Self.backend(indexed: false))
        let indexed = SupabaseTestBed(backend: Self.backend(indexed: true))
        // Only written to: its indexes are built when the first write filtering on `kind` comes, after
        // several inserts, and queried at the end (an index is built when a statement first needs it).
        let late = SupabaseTestBed(backend: Self.backend(indexed: true))
        let owner = [plain.signUp("a@example.com"), indexed.signUp("a@example.com"), late.signUp("a@example.com")]
        XCTAssertEqual(owner[0].id, owner[1].id, "same seed, same user")
        var random = SimRandom(seed: 42)
        var ids: [String] = []
        let kinds: [JSONValue] = ["a", "b", "c", .null]
        for step in 0..<400 {
            let kind = kinds[random.below(kinds.count)]
            let request: TableRequest
            switch random.below(5) {
            case 0, 1:
                let id = random.uuidString().lowercased()
                ids.append(id)
                let parent: JSONValue = ids.count > 1 && random.chance(1, in: 2) ? .string(ids[random.below(ids.count - 1)]) : .null
                let rank: JSONValue = random.chance(1, in: 8) ? .null : .int(Int64(random.below(60)) - 20)
                var rows: [Row] = [["id": .string(id), "owner_id": .string(owner[0].id), "kind": kind, "parent_id": parent, "rank": rank]]
                // Sometimes a second row whose parent is missing: 23503, the whole insert undone.
                if random.chance(1, in: 6) {
                    rows.append(["id": .string(random.uuidString().lowercased()), "owner_id": .string(owner[0].id),
                                 "parent_id": .string(random.uuidString().lowercased())])
                }
                request = TableRequest(table: "items", action: .insert(rows))
            case 2 where !ids.isEmpty:
                request = TableRequest(table: "items", action: .update(["kind": kind, "rank": .int(Int64(random.below(60)) - 20)]),
                                       filters: [.eq("id", .string(ids[random.below(ids.count)]))])
            case 3 where !ids.isEmpty:
                request = TableRequest(table: "items", action: .delete, filters: [.eq("id", .string(ids[random.below(ids.count)]))])
            default:
                request = TableRequest(table: "items", action: .update(["kind": kind]), filters: [.eq("kind", kinds[random.below(3)])])
            }
            let statuses = [plain.table(owner[0].token, request).status, indexed.table(owner[1].token, request).status]
            XCTAssertEqual(statuses[0], statuses[1], "step \(step)")
            XCTAssertEqual(late.table(owner[2].token, request).status, statuses[0], "step \(step)")
            let recent = ids.suffix(4).map(JSONValue.string)
            let lookups: [RowFilter] = [.eq("kind", "a"), .eq("kind", "b"), .eq("kind", "zzz"), .eq("kind", .null),
                                        .in("kind", ["c", "a", .null, "c"]), .in("id", recent.reversed() + recent.prefix(1)),
                                        .in("parent_id", recent), .in("kind", []), .gt("rank", .int(10)), .gte("rank", "-3"),
                                        .lt("rank", .int(0)), .lte("rank", .int(39)), .gt("rank", .null),
                                        .gt("rank", .int(Int64.max)), .lt("rank", .int(Int64.min))]
            for filter in lookups + ids.suffix(3).map({ .eq("parent_id", .string($0)) }) {
                let answers = [plain, indexed].enumerated().map { slot, bed in
                    bed.table(owner[slot].token, TableRequest(table: "items", action: .select, filters: [filter, .isNotNull("id")]))
                }
                XCTAssertEqual(answers[0].status, 200)
                XCTAssertEqual(answers[0].body, answers[1].body, "step \(step), \(filter)")
            }
        }
        let rows = plain.table(owner[0].token, TableRequest(table: "items", action: .select)).body.arrayValue ?? []
        XCTAssertGreaterThan(rows.count, 50, "the walk left rows to compare")
        for filter: RowFilter in [.eq("kind", "a"), .in("kind", ["b", "c"]), .gt("rank", .int(5)), .lte("rank", .int(-1))]
            + ids.suffix(5).map({ .eq("parent_id", .string($0)) }) {
            let request = TableRequest(table: "items", action: .select, filters: [filter])
            XCTAssertEqual(plain.table(owner[0].token, request).body, late.table(owner[2].token, request).body, "\(filter)")
        }
    }

    /// `WHERE rank > x ORDER BY rank LIMIT n` through the ordered index stops after n rows; it
    /// returns what a scan, a stable sort and a cut return: ties in stored order, NULL ranks left
    /// out, rows of another owner hidden by RLS, with offsets, other filters, empty ranges.
    func testAnOrderedIndexScanWithALimitEqualsSortingAScan() {
        let plain = SupabaseTestBed(backend: Self.backend(indexed: false))
        let indexed = SupabaseTestBed(backend: Self.backend(indexed: true))
        let users = [("a@example.com", 0), ("b@example.com", 1)].map { email, _ in [plain.signUp(email), indexed.signUp(email)] }
        var random = SimRandom(seed: 7)
        var ids: [String] = []
        var compared = 0
        for step in 0..<300 {
            let user = users[random.below(2)]
            let request: TableRequest
            if ids.isEmpty || random.chance(2, in: 3) {
                let id = random.uuidString().lowercased()
                ids.append(id)
                let rank: JSONValue = random.chance(1, in: 8) ? .null : .int(Int64(random.below(30)))  // many ties
                request = TableRequest(table: "items", action: .insert([["id": .string(id), "owner_id": .string(user[0].id),
                                                                         "kind": random.chance(1, in: 2) ? "a" : "b", "rank": rank]]))
            } else {
                request = TableRequest(table: "items", action: .update(["rank": .int(Int64(random.below(30)))]),
                                       filters: [.eq("id", .string(ids[random.below(ids.count)]))])
            }
            XCTAssertEqual(plain.table(user[0].token, request).status, indexed.table(user[1].token, request).status, "step \(step)")
            let bound = JSONValue.int(Int64(random.below(34)) - 2)
            let ranges: [RowFilter] = [.gt("rank", bound), .gte("rank", bound), .lt("rank", bound), .lte("rank", bound), .gt("rank", .null)]
            let extra: [RowFilter] = random.chance(1, in: 3) ? [.eq("kind", "a")] : []
            let query = TableRequest(table: "items", action: .select, filters: extra + [ranges[random.below(ranges.count)]],
                                     order: [OrderTerm("rank")], limit: random.below(6),
                                     offset: random.chance(1, in: 3) ? random.below(4) : nil)
            let reader = users[random.below(2)]
            let answers = [plain.table(reader[0].token, query), indexed.table(reader[1].token, query)]
            XCTAssertEqual(answers[0].status, 200)
            XCTAssertEqual(answers[0].body, answers[1].body, "step \(step), \(query.filters) limit \(query.limit!) offset \(query.offset ?? 0)")
            compared += answers[0].body.arrayValue?.count ?? 0
        }
        XCTAssertGreaterThan(compared, 300, "the queries returned rows to compare")
    }

    func testTheScriptCreatesTheIndex() {
        let statements = PostgresSchemaScript(backend: Self.backend(indexed: true)).statements
        XCTAssertTrue(statements.contains(#"create index on public."items" ("kind")"#), "\(statements)")
    }
}
