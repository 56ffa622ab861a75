import FakeCloud
import SimCore
import XCTest

/// A statement's policy context must not outlive the statement: it holds a snapshot of every table
/// its policies read, so a context that kept itself alive (a reference cycle) leaked those rows on
/// every request, about 3 MB per Swiss Coin seed at the default size.
final class PolicyContextLifetimeTests: XCTestCase {
    final class Canary: Sendable {}

    func testWhatAPolicySubQueryReadIsFreedWithTheServer() {
        weak var watched: Canary?
        do {
            let canary = Canary()
            watched = canary
            let backend = BackendDefinition { b in
                b.table("parents") { t in
                    t.column("id", .uuid, .primaryKey)
                    t.column("owner_id", .uuid, .notNull)
                    t.policy("parents_owner", .all, using: { row, context in
                        withExtendedLifetime(canary) { row["owner_id"]?.stringValue == context.uid }
                    }, reads: [])
                }
                b.table("children") { t in
                    t.column("id", .uuid, .primaryKey)
                    t.column("parent_id", .uuid, .notNull)
                    t.parentPolicy(column: "parent_id", parent: "parents")
                }
            }
            let bed = SupabaseTestBed(backend: backend)
            let a = bed.signUp("a@example.com")
            XCTAssertEqual(bed.insert(a.token, "parents", [["id": .string(IDs.row1), "owner_id": .string(a.id)]]).status, 201)
            // The child's WITH CHECK looks the parent up through the statement's context.
            XCTAssertEqual(bed.insert(a.token, "children", [["id": .string(IDs.row2), "parent_id": .string(IDs.row1)]]).status, 201)
        }
        XCTAssertNil(watched, "a policy context (and the table snapshot it read) outlived its server")
    }
}
