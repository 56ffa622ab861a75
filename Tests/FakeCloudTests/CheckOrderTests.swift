import FakeCloud
import SimCore
import XCTest

/// A row breaking both NOT NULL and the RLS WITH CHECK: PostgreSQL checks the policy first
/// (ExecInsert / ExecUpdateAct run ExecWithCheckOptions before ExecConstraints), so the caller
/// sees 42501 (403, or 401 when anonymous), not 23502.
final class CheckOrderTests: XCTestCase {
    func testAnonymousInsertWithNullOwnerIs401Not23502() {
        let bed = SupabaseTestBed()
        let response = bed.insert(nil, "t", [["id": .string(IDs.row1), "name": "x"]])
        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(response.error?.code, "42501")
    }

    func testSignedInInsertWithNullOwnerIs403() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        let response = bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .null]])
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.error?.code, "42501")
    }

    func testUpdateSettingOwnerToNullIs403Not23502() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id)]]).status, 201)
        let response = bed.table(
            a.token, TableRequest(table: "t", action: .update(["owner_id": .null]), filters: [.eq("id", .string(IDs.row1))]))
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.error?.code, "42501")
    }

    func testWithoutRlsTheNullStillFailsWith23502() {
        let bed = SupabaseTestBed(backend: SupabaseTestBed.backend(rls: false))
        let response = bed.insert(nil, "t", [["id": .string(IDs.row1), "name": "x"]])
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.error?.code, "23502")
    }
}
