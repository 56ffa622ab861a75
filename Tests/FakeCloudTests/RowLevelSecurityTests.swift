import FakeCloud
import SimCore
import XCTest

/// User B acting on user A's row under `owner_id = auth.uid()`, as verified on PostgreSQL 15.
final class RowLevelSecurityTests: XCTestCase {
    private func bedWithRowOfA() -> (SupabaseTestBed, a: (id: String, token: String), b: (id: String, token: String)) {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        let created = bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id), "name": "mine"]])
        XCTAssertEqual(created.status, 201)
        return (bed, (a.id, a.token), (b.id, b.token))
    }

    func testSelectByOtherUserSeesZeroRows() {
        let (bed, _, b) = bedWithRowOfA()
        let response = bed.select(b.token, "t", [.eq("id", .string(IDs.row1))])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.rows.count, 0)
    }

    func testUpdateByOtherUserSilentlyChangesZeroRows() {
        let (bed, a, b) = bedWithRowOfA()
        let response = bed.table(b.token, TableRequest(table: "t", action: .update(["name": "stolen"]), filters: [.eq("id", .string(IDs.row1))], returnRepresentation: true))
        XCTAssertEqual(response.status, 200)
        XCTAssertNil(response.error)
        XCTAssertEqual(response.rows.count, 0)
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["name"], "mine")
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["owner_id"], .string(a.id))
    }

    func testDeleteByOtherUserSilentlyDeletesZeroRows() {
        let (bed, _, b) = bedWithRowOfA()
        let response = bed.table(b.token, TableRequest(table: "t", action: .delete, filters: [.eq("id", .string(IDs.row1))]))
        XCTAssertEqual(response.status, 204)
        XCTAssertNil(response.error)
        XCTAssertEqual(bed.server.admin.rows("t").count, 1)
    }

    func testUpsertOnOtherUsersRowFailsWith42501UsingExpressionAnd403() {
        let (bed, a, b) = bedWithRowOfA()
        let response = bed.upsert(b.token, "t", [["id": .string(IDs.row1), "owner_id": .string(b.id), "name": "stolen"]])
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.error?.code, "42501")
        XCTAssertEqual(response.error?.message, "new row violates row-level security policy (USING expression) for table \"t\"")
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["owner_id"], .string(a.id))
    }

    func testPlainInsertWithOtherUsersPrimaryKeyFailsWith23505And409() {
        let (bed, _, b) = bedWithRowOfA()
        let response = bed.insert(b.token, "t", [["id": .string(IDs.row1), "owner_id": .string(b.id)]])
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(response.error?.code, "23505")
        XCTAssertEqual(response.error?.message, "duplicate key value violates unique constraint \"t_pkey\"")
    }

    func testUpsertIgnoreDuplicatesOnOtherUsersRowSucceedsWithZeroRows() {
        let (bed, _, b) = bedWithRowOfA()
        let response = bed.upsert(b.token, "t", [["id": .string(IDs.row1), "owner_id": .string(b.id)]], ignore: true)
        XCTAssertEqual(response.status, 201)
        XCTAssertNil(response.error)
        XCTAssertEqual(response.rows.count, 0)
    }

    func testInsertFailingWithCheckFailsWith42501And403() {
        let (bed, a, b) = bedWithRowOfA()
        let response = bed.insert(b.token, "t", [["id": .string(IDs.row2), "owner_id": .string(a.id)]])
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.error?.code, "42501")
        XCTAssertEqual(response.error?.message, "new row violates row-level security policy for table \"t\"")
    }

    func testAnonymousInsertDeniedBy42501IsHttp401() {
        let (bed, a, _) = bedWithRowOfA()
        let response = bed.insert(nil, "t", [["id": .string(IDs.row2), "owner_id": .string(a.id)]])
        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(response.error?.code, "42501")
    }

    func testUpsertWithoutRlsRewritesOwnerOfOtherUsersRow() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        _ = bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id)]])
        let response = bed.upsert(b.token, "t", [["id": .string(IDs.row1), "owner_id": .string(b.id)]])
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(bed.server.admin.row("t", key: IDs.row1)?["owner_id"], .string(b.id))
    }

    func testServiceRoleBypassesRls() {
        let (bed, _, _) = bedWithRowOfA()
        let response = bed.select("service-role-key", "t")
        XCTAssertEqual(response.rows.count, 1)
    }
}
