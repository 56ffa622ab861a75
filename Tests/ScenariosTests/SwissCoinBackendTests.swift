import FakeCloud
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import SimCore
import XCTest

/// Swiss Coin's declared backend: SC-9 variants and `calculate-balance`.
/// (Needs `.testTarget(name: "ScenariosTests", dependencies: ["SimCore", "FakeCloud", "Scenarios"])`.)
final class SwissCoinBackendTests: XCTestCase {
    private var requestNumber: UInt64 = 0

    private func send(_ server: SupabaseServer, _ token: String?, _ operation: SupabaseOperation) -> SupabaseResponse {
        requestNumber += 1
        let context = ServiceContext(now: .zero, caller: "phone", requestNumber: requestNumber, trace: Trace())
        return server.handle(SupabaseRequest(accessToken: token, operation), context: context)
    }

    private func signUp(_ server: SupabaseServer, _ email: String) -> (id: String, token: String) {
        let body = send(server, nil, .auth(.signUp(email: email, password: "secret-1"))).body
        return (body["user"]!["id"]!.stringValue!, body["access_token"]!.stringValue!)
    }

    private func upsert(_ server: SupabaseServer, _ token: String, _ table: String, _ row: Row) -> SupabaseResponse {
        send(server, token, .table(TableRequest(table: table, action: .upsert([row], onConflict: nil, ignoreDuplicates: false))))
    }

    func testCalculateBalanceSumsExactMinorUnitsAndIgnoresOtherAccountsRows() {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 1))
        let a = signUp(server, "a@example.com"), b = signUp(server, "b@example.com")
        let friend = "99999999-9999-4999-8999-999999999999"
        XCTAssertEqual(upsert(server, a.token, "persons", ["id": .string(a.id), "owner_id": .string(a.id), "name": "Me"]).status, 201)
        XCTAssertEqual(upsert(server, a.token, "persons", ["id": .string(friend), "owner_id": .string(a.id), "name": "F"]).status, 201)
        for (index, amount) in [0.1, 0.2].enumerated() {
            let tx = "0000000\(index)-0000-4000-8000-000000000000"
            XCTAssertEqual(upsert(server, a.token, "financial_transactions", ["id": .string(tx), "owner_id": .string(a.id), "title": "t", "amount": .double(amount * 2), "currency": "CHF", "payer_id": .string(a.id), "date": "2025-01-31T23:30:00Z"]).status, 201)
            XCTAssertEqual(upsert(server, a.token, "transaction_splits", ["transaction_id": .string(tx), "owed_by_id": .string(friend), "amount": .double(amount)]).status, 201)
        }
        // B cannot see A's data: B's balance with the same person id is empty.
        let response = send(server, a.token, .function(name: "calculate-balance", body: ["person_id": .string(friend)]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body["balances_minor"]?["CHF"], .int(30))
        XCTAssertEqual(response.body["primary_currency"], "CHF")
        XCTAssertEqual(response.body["is_settled"], false)
        let other = send(server, b.token, .function(name: "calculate-balance", body: ["person_id": .string(friend)]))
        XCTAssertEqual(other.body["is_settled"], true)
        XCTAssertEqual(server.admin.rows("financial_transactions").first?["date"], "2025-01-31")
    }

    func testGroupMembersSurrogateKeyDuplicatesOrConflictsDependingOnUniqueOption() {
        for unique in [false, true] {
            let server = SupabaseServer(backend: SwissCoinBackend.definition(.init(uniqueJoinRows: unique)), random: SimRandom(seed: 2))
            let a = signUp(server, "a@example.com")
            let group = "88888888-8888-4888-8888-888888888888"
            _ = upsert(server, a.token, "persons", ["id": .string(a.id), "owner_id": .string(a.id), "name": "Me"])
            _ = upsert(server, a.token, "user_groups", ["id": .string(group), "owner_id": .string(a.id), "name": "G"])
            let row: Row = ["group_id": .string(group), "person_id": .string(a.id)]
            XCTAssertEqual(upsert(server, a.token, "group_members", row).status, 201)
            let again = upsert(server, a.token, "group_members", row)
            XCTAssertEqual(again.status, unique ? 409 : 201)
            XCTAssertEqual(server.admin.rows("group_members").count, unique ? 1 : 2)
        }
    }

    func testSignUpCreatesProfileAndUpsertOnOtherAccountsPersonIsForbidden() {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 3))
        let a = signUp(server, "a@example.com"), b = signUp(server, "b@example.com")
        XCTAssertEqual(server.admin.rows("profiles").count, 2)
        let person = "77777777-7777-4777-8777-777777777777"
        _ = upsert(server, a.token, "persons", ["id": .string(person), "owner_id": .string(a.id), "name": "P"])
        let stolen = upsert(server, b.token, "persons", ["id": .string(person), "owner_id": .string(b.id), "name": "P"])
        XCTAssertEqual(stolen.status, 403)
        XCTAssertEqual(stolen.error?.code, "42501")
    }
}
