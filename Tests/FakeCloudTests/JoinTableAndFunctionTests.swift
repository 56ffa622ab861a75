import FakeCloud
import SimCore
import XCTest

/// SC-9's two server variants and an edge function reading through RLS.
final class JoinTableAndFunctionTests: XCTestCase {
    /// Groups, persons and a `members` join table with a surrogate `id default gen_random_uuid()`.
    private func backend(uniqueMembership: Bool) -> BackendDefinition {
        BackendDefinition { b in
            b.table("groups") { t in
                t.column("id", .uuid, .primaryKey)
                t.column("owner_id", .uuid, .notNull)
                t.ownerPolicy()
            }
            b.table("members") { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("group_id", .uuid, .notNull, .references("groups", onDelete: .cascade))
                t.column("person_id", .uuid, .notNull)
                if uniqueMembership { t.unique("group_id", "person_id") }
                t.parentPolicy(column: "group_id", parent: "groups")
            }
            b.table("expenses") { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("owner_id", .uuid, .notNull)
                t.column("amount", .numeric(12, 2), .notNull)
                t.ownerPolicy()
            }
            b.function("total") { call in
                do throws(PostgrestError) {
                    var cents: Int64 = 0
                    for row in try call.select("expenses") {
                        cents += try NumericValue.parse(row["amount"]!.stringValue!, precision: 12, scale: 2).units
                    }
                    return FunctionResult(body: ["cents": .int(cents)])
                } catch {
                    return FunctionResult(status: 400, body: error.body)
                }
            }
        }
    }

    private func resendMembership(uniqueMembership: Bool) -> (SupabaseTestBed, SupabaseResponse) {
        let bed = SupabaseTestBed(backend: backend(uniqueMembership: uniqueMembership))
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "groups", [["id": .string(IDs.parent), "owner_id": .string(a.id)]]).status, 201)
        let membership: Row = ["group_id": .string(IDs.parent), "person_id": .string(IDs.child)]
        XCTAssertEqual(bed.upsert(a.token, "members", [membership]).status, 201)
        return (bed, bed.upsert(a.token, "members", [membership]))
    }

    func testSurrogateKeyJoinTableWithoutUniqueConstraintDuplicatesResentRow() {
        let (bed, resent) = resendMembership(uniqueMembership: false)
        XCTAssertEqual(resent.status, 201)
        XCTAssertEqual(bed.server.admin.rows("members").count, 2)
    }

    func testSurrogateKeyJoinTableWithUniqueConstraintRejectsResentRowWith23505And409() {
        let (bed, resent) = resendMembership(uniqueMembership: true)
        XCTAssertEqual(resent.status, 409)
        XCTAssertEqual(resent.error?.code, "23505")
        XCTAssertEqual(resent.error?.message, "duplicate key value violates unique constraint \"members_group_id_person_id_key\"")
        XCTAssertEqual(bed.server.admin.rows("members").count, 1)
    }

    func testJoinRowUnderOtherUsersParentIsRejectedByParentPolicy() {
        let bed = SupabaseTestBed(backend: backend(uniqueMembership: false))
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        _ = bed.insert(a.token, "groups", [["id": .string(IDs.parent), "owner_id": .string(a.id)]])
        let response = bed.insert(b.token, "members", [["group_id": .string(IDs.parent), "person_id": .string(IDs.child)]])
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.error?.code, "42501")
    }

    func testEdgeFunctionSumsExactMinorUnitsOfCallerVisibleRowsOnly() {
        let bed = SupabaseTestBed(backend: backend(uniqueMembership: false))
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        _ = bed.insert(a.token, "expenses", [["owner_id": .string(a.id), "amount": .double(0.1)], ["owner_id": .string(a.id), "amount": .double(0.2)]])
        _ = bed.insert(b.token, "expenses", [["owner_id": .string(b.id), "amount": .double(100)]])
        let response = bed.send(SupabaseRequest(accessToken: a.token, .function(name: "total", body: [:])))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body["cents"], .int(30))
        let anonymous = bed.send(SupabaseRequest(accessToken: nil, .function(name: "total", body: [:])))
        XCTAssertEqual(anonymous.status, 401)
    }
}
