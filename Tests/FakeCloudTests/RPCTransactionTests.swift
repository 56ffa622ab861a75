import FakeCloud
import SimCore
import XCTest

/// A Postgres function called through `rpc` is one transaction; an Edge Function is not.
final class RPCTransactionTests: XCTestCase {
    /// Inserts the row, then fails: the insert stays only when the function is not atomic.
    static func backend(atomic: Bool) -> BackendDefinition {
        BackendDefinition { b in
            b.table("notes", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("change_seq", .bigint, .notNull, .stampedOnWrite(.sequence))
            }
            let run: @Sendable (FunctionCall) -> FunctionResult = { call in
                _ = try? call.query(TableRequest(table: "notes", action: .insert([["id": .string(IDs.row1)]])))
                return FunctionResult(status: 409, body: ["error": "refused after writing"])
            }
            if atomic { b.rpcFunction("write-then-fail", run) } else { b.function("write-then-fail", run) }
        }
    }

    func testAFailingRPCFunctionUndoesItsWritesButAnEdgeFunctionDoesNot() {
        for atomic in [true, false] {
            let bed = SupabaseTestBed(backend: Self.backend(atomic: atomic))
            let user = bed.signUp("a@example.com")
            let response = bed.send(SupabaseRequest(accessToken: user.token, .function(name: "write-then-fail", body: [:])))
            XCTAssertEqual(response.status, 409)
            XCTAssertEqual(bed.server.admin.rows("notes").count, atomic ? 0 : 1, "atomic=\(atomic)")
            XCTAssertEqual(bed.server.admin.provenance.filter { $0.table == "notes" }.count, atomic ? 0 : 1)
            // The sequence value the undone insert drew is not given out again.
            XCTAssertEqual(bed.insert(nil, "notes", [["id": .string(IDs.row2)]]).status, 201)
            XCTAssertEqual(bed.server.admin.row("notes", key: IDs.row2)?["change_seq"], .int(2))
        }
    }
}
