import FakeCloud
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim
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

    /// `calculate-balance` reads only the rows involving the person (through the foreign-key
    /// indexes); its answers must equal the balances computed over every row the caller can see.
    func testCalculateBalanceFromThePersonsRowsEqualsTheBalanceOverEveryRow() {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 3))
        let a = signUp(server, "a@example.com"), b = signUp(server, "b@example.com")
        var random = SimRandom(seed: 11)
        func id() -> String { random.uuidString().lowercased() }
        func money() -> JSONValue { .string(String(format: "%d.%02d", random.below(90), random.below(100))) }
        var people = [a.id]
        for _ in 0..<6 { people.append(id()) }
        for person in people { XCTAssertEqual(upsert(server, a.token, "persons", ["id": .string(person), "owner_id": .string(a.id), "name": "P"]).status, 201) }
        let currencies: [JSONValue] = ["CHF", "EUR", .null]
        for index in 0..<40 {
            let tx = id()
            var row: Row = ["id": .string(tx), "owner_id": .string(a.id), "title": "t", "amount": money(),
                            "currency": currencies[random.below(3)], "payer_id": .string(people[random.below(people.count)])]
            if index % 9 == 4 { row["deleted_at"] = "2025-02-01T00:00:00Z" }
            XCTAssertEqual(upsert(server, a.token, "financial_transactions", row).status, 201)
            for _ in 0..<random.below(4) {
                XCTAssertEqual(upsert(server, a.token, "transaction_splits", ["transaction_id": .string(tx), "owed_by_id": .string(people[random.below(people.count)]), "amount": money()]).status, 201)
            }
            for _ in 0..<random.below(3) {
                XCTAssertEqual(upsert(server, a.token, "transaction_payers", ["transaction_id": .string(tx), "paid_by_id": .string(people[random.below(people.count)]), "amount": money()]).status, 201)
            }
        }
        for _ in 0..<10 {
            let from = people[random.below(people.count)], to = random.chance(1, in: 8) ? from : people[random.below(people.count)]
            XCTAssertEqual(upsert(server, a.token, "settlements", ["id": .string(id()), "owner_id": .string(a.id), "amount": money(),
                                                                   "currency": currencies[random.below(3)], "from_person_id": .string(from), "to_person_id": .string(to)]).status, 201)
        }
        // b's rows name the same people: never counted for a.
        XCTAssertEqual(upsert(server, b.token, "financial_transactions", ["id": .string(id()), "owner_id": .string(b.id), "title": "t", "amount": "5.00", "payer_id": .string(people[1])]).status, 201)
        let admin = server.admin
        let visible = ServerRows(
            transactions: admin.rows("financial_transactions").filter { $0["owner_id"] == .string(a.id) && ($0["deleted_at"] ?? .null).isNull },
            splits: admin.rows("transaction_splits"), payers: admin.rows("transaction_payers"),
            settlements: admin.rows("settlements"), persons: [])
        let expected = ExactBalance.balancesWithEveryone(currentUserId: a.id, in: visible.database(defaultCurrency: "CHF"),
                                                         defaultCurrency: "CHF", reconcile: false)
        XCTAssertGreaterThan(expected.count, 3, "the data owes something to several people")
        // The first call after a change a can see reads the person's rows; the second at the first
        // state computes every balance (nothing learned yet); later states read person by person
        // until those calls read as many rows as that: every answer must give the same numbers.
        XCTAssertTrue(SkiRental.rents(call: 1, spent: 0, price: nil))
        XCTAssertFalse(SkiRental.rents(call: 2, spent: 5, price: nil), "nothing learned: buy")
        XCTAssertTrue(SkiRental.rents(call: 2, spent: 5, price: 6))
        XCTAssertFalse(SkiRental.rents(call: 3, spent: 6, price: 6), "the rent reached the price")
        for (index, person) in (people + ["not-a-uuid"]).enumerated() {
            let touch = TableRequest(table: "settlements", action: .update(["note": .string("n\(index)")]), filters: [.isNotNull("id")])
            XCTAssertEqual(send(server, a.token, .table(touch)).status, 204)
            for path in ["the person's rows"] + Array(repeating: "a later call", count: 12) {
                let response = send(server, a.token, .function(name: "calculate-balance", body: ["person_id": .string(person)]))
                XCTAssertEqual(response.status, 200)
                let minor = (response.body["balances_minor"]?.objectValue ?? [:]).mapValues { $0.intValue ?? 0 }
                XCTAssertEqual(minor, expected[person] ?? [:], "person \(person), from \(path)")
            }
        }
    }

    /// `sync_pull` computes the changes after a cursor from the rows changed after it (through the
    /// change-sequence index) once anything changed since the first pull: at every cursor that
    /// must equal the changes computed from whole tables, as another account writes alongside.
    func testSyncPullChangesFromWhatChangedEqualTheChangesFromWholeTables() throws {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 5))
        let a = signUp(server, "a@example.com"), b = signUp(server, "b@example.com")
        var random = SimRandom(seed: 17)
        func id() -> String { random.uuidString().lowercased() }
        var people: [String] = [], transactions: [String] = [], groups: [String] = []
        for step in 0..<160 {
            let writer = random.chance(1, in: 4) ? b : a
            let row: (String, Row)
            switch random.below(7) {
            case let kind where kind == 0 || (kind == 1 && (people.count < 2 || random.chance(1, in: 3))):
                let person = id()
                if writer.id == a.id { people.append(person) }
                row = ("persons", ["id": .string(person), "owner_id": .string(writer.id), "name": .string("p\(step)")])
            case 2 where !people.isEmpty:
                let tx = transactions.isEmpty || random.chance(1, in: 2) ? id() : transactions[random.below(transactions.count)]
                if !transactions.contains(tx) { transactions.append(tx) }
                row = ("financial_transactions", ["id": .string(tx), "owner_id": .string(a.id), "title": .string("t\(step)"), "amount": "3.00"])
            case 3 where !transactions.isEmpty && !people.isEmpty:
                row = ("transaction_splits", ["transaction_id": .string(transactions[random.below(transactions.count)]),
                                              "owed_by_id": .string(people[random.below(people.count)]), "amount": "1.00"])
            case 4 where !transactions.isEmpty && !people.isEmpty:
                row = ("transaction_payers", ["transaction_id": .string(transactions[random.below(transactions.count)]),
                                              "paid_by_id": .string(people[random.below(people.count)]), "amount": "3.00"])
            case 5:
                let group = id()
                groups.append(group)
                row = ("user_groups", ["id": .string(group), "owner_id": .string(a.id), "name": "g"])
            case 6 where !groups.isEmpty && !people.isEmpty:
                row = ("group_members", ["group_id": .string(groups[random.below(groups.count)]), "person_id": .string(people[random.below(people.count)])])
            default:
                row = ("persons", ["id": .string(id()), "owner_id": .string(b.id), "name": "other"])
            }
            let token = ["persons"].contains(row.0) ? writer.token : a.token
            _ = upsert(server, token, row.0, row.1)
        }
        let select = { [self] (table: String, filters: [RowFilter]) throws -> [Row] in
            let response = send(server, a.token, .table(TableRequest(table: table, action: .select, filters: filters)))
            XCTAssertEqual(response.status, 200, "\(table) \(filters)")
            return (response.body.arrayValue ?? []).compactMap(\.objectValue)
        }
        let all = try SyncPullFunction.everyChange(after: 0, select: select)
        XCTAssertGreaterThan(all.count, 60, "the writes left changes to pull")
        XCTAssertTrue(all.contains { $0.change["splits"]?.arrayValue?.isEmpty == false }, "a transaction with its splits")
        for cursor in [Int64(0), 1] + all.map(\.seq).enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) + [all.last!.seq] {
            let fromChanged = try SyncPullFunction.changes(after: cursor, select: select)
            let fromWhole = try SyncPullFunction.everyChange(after: cursor, select: select)
            XCTAssertEqual(fromChanged.map(\.seq), fromWhole.map(\.seq), "cursor \(cursor)")
            XCTAssertEqual(fromChanged.map(\.change), fromWhole.map(\.change), "cursor \(cursor)")
        }
    }

    /// `sync_pull` pages after a cursor once rows changed since the first pull: rented (read in
    /// change order) or bought (every change after the cursor, kept for the later pages at that
    /// state, `SkiRental`); every page must be the head of the changes after its cursor, at the
    /// state it was asked in, whichever way it was computed.
    func testSyncPullPagesAfterAChangeAreTheHeadOfTheChangesAfterTheirCursor() throws {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 7))
        let a = signUp(server, "a@example.com")
        var random = SimRandom(seed: 23)
        func id() -> String { random.uuidString().lowercased() }
        var people: [String] = []
        for step in 0..<12 {
            let person = id()
            people.append(person)
            XCTAssertEqual(upsert(server, a.token, "persons", ["id": .string(person), "owner_id": .string(a.id), "name": .string("p\(step)")]).status, 201)
        }
        func addTransaction(_ step: Int) {
            let tx = id()
            XCTAssertEqual(upsert(server, a.token, "financial_transactions", ["id": .string(tx), "owner_id": .string(a.id), "title": .string("t\(step)"), "amount": "3.00"]).status, 201)
            XCTAssertEqual(upsert(server, a.token, "transaction_splits", ["transaction_id": .string(tx), "owed_by_id": .string(people[random.below(people.count)]), "amount": "3.00"]).status, 201)
        }
        for step in 0..<60 { addTransaction(step) }
        // The rows in stored form, as a function reads them (one account: RLS hides nothing).
        let select = { (table: String, filters: [RowFilter]) throws -> [Row] in
            server.admin.rows(table).filter { row in
                filters.allSatisfy { filter in
                    switch filter {
                    case .gt(let column, let bound): return (row[column]?.intValue ?? 0) > (bound.intValue ?? 0)
                    case .in(let column, let values): return values.contains(row[column] ?? .null)
                    default: preconditionFailure("only change_seq > cursor and in (…) are used")
                    }
                }
            }
        }
        let limit = 7
        var cursor: Int64 = 0
        var pages = 0
        while true {
            // A write the caller sees before some pages (a new state: rent again), none before others.
            if pages == 1 || pages % 5 == 3 { addTransaction(100 + pages) }
            let expected = try SyncPullFunction.everyChange(after: cursor, select: select)
            let response = send(server, a.token, .function(name: "sync_pull", body: ["cursor": .int(cursor), "limit": .int(Int64(limit))]))
            XCTAssertEqual(response.status, 200)
            let changes = response.body["changes"]?.arrayValue ?? []
            XCTAssertEqual(changes, expected.prefix(limit).map(\.change), "page \(pages) after cursor \(cursor)")
            XCTAssertEqual(response.body["more"]?.boolValue, expected.count > limit, "page \(pages)")
            pages += 1
            guard response.body["more"]?.boolValue == true, let next = response.body["cursor"]?.intValue else { break }
            cursor = next
        }
        XCTAssertGreaterThan(pages, 8, "enough pages after a change to rent, buy and slice")
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
