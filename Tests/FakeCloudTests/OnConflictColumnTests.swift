import XCTest
@testable import FakeCloud
import SimCore

/// The client's `on_conflict` list: each name loses the whitespace around it (tab and Unicode
/// space separators, as `CharacterSet.whitespaces`), whether or not the plain-ASCII shortcut
/// applies; and the server arbitrates on a constraint named in any column order.
final class OnConflictColumnTests: XCTestCase {
    func testNamesAreTrimmedOfSpacesTabsAndUnicodeSpaceSeparators() {
        let names = "id, code ,\towner_id\u{00A0},\u{2003}x".split(separator: ",").map(SimSupabaseClient.trimmedColumn)
        XCTAssertEqual(names, ["id", "code", "owner_id", "x"])
        XCTAssertEqual(SimSupabaseClient.trimmedColumn("naïve"[...]), "naïve")
        XCTAssertEqual(SimSupabaseClient.trimmedColumn("é"[...]), "é", "a name ending in a non-ASCII letter keeps it")
    }

    func testAnUpsertArbitratesOnAUniqueConstraintNamedInAnyOrder() {
        let bed = SupabaseTestBed(backend: BackendDefinition { b in
            b.table("t", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("a", .text, .notNull)
                t.column("b", .text, .notNull)
                t.column("v", .text)
                t.unique("a", "b")
            }
        })
        XCTAssertEqual(bed.insert(nil, "t", [["id": .string(IDs.parent), "a": "x", "b": "y", "v": "old"]]).status, 201)
        // Named backwards and with a column twice: the same set of columns, so the same constraint.
        let merged = bed.upsert(nil, "t", [["id": .string(IDs.parent), "a": "x", "b": "y", "v": "new"]], onConflict: ["b", "a", "b"])
        XCTAssertTrue(merged.isSuccess, "\(merged)")
        XCTAssertEqual(bed.server.admin.rows("t").map { $0["v"] }, ["new"])
        XCTAssertEqual(bed.upsert(nil, "t", [["id": .string(IDs.child), "a": "z", "b": "z"]], onConflict: ["a"]).error?.code, "42P10")
        XCTAssertEqual(bed.upsert(nil, "t", [["id": .string(IDs.parent), "a": "q", "b": "q", "v": "pk"]], onConflict: ["id"]).status / 100, 2)
        XCTAssertEqual(bed.server.admin.rows("t").map { $0["v"] }, ["pk"])
    }
}
