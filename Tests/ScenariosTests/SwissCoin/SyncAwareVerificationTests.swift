import XCTest
import Foundation
import AppPorts
import SimValues
@testable import SwissCoin

/// The fixed `verifyBalances` when another device already syncs the account: it takes the
/// transactions a sync wrote from the server (so a restored device can complete), but never the
/// ones only migrations wrote (a corrupted upload is still refused), and a synced transaction must
/// be whole. And the children guard of steps 9-10 reads the transaction's revision.
final class SyncAwareVerificationTests: XCTestCase {
    let old = "old-me", auth = "auth-me", anna = "anna", ben = "ben"

    /// A client double for these tests: `calculate-balance` answers from `serverDatabase`,
    /// `sync_pull` returns `pulled` in one page, `sync_changes` holds a row when `synced`.
    final class SyncedAccountClient: CloudClient, @unchecked Sendable {
        var serverDatabase = LocalDatabase()
        var pulled: [JSONValue] = []
        var synced = true
        var transactionRows: [String: CloudRow] = [:]
        var invoked: [String] = []
        let userId: String
        init(userId: String) { self.userId = userId }

        func select(table: String, filters: [CloudFilter], orderBy: String?, limit: Int?) async throws -> [CloudRow] {
            switch table {
            case "sync_changes": return synced ? [["change_id": "c1"]] : []
            case "financial_transactions":
                guard let filter = filters.first, filter.op == .eq, let id = filter.value.stringValue else { return [] }
                return transactionRows[id].map { [$0] } ?? []
            default: return []
            }
        }
        func invoke(function: String, body: JSONValue) async throws -> JSONValue {
            invoked.append(function)
            if function == "sync_pull" { return ["changes": .array(pulled), "cursor": 99, "more": false] }
            let person = body["person_id"]?.stringValue ?? ""
            let balances = ExactBalance.allBalances(currentUserId: userId, in: serverDatabase, defaultCurrency: "CHF")[person] ?? [:]
            var fields: [String: JSONValue] = [:]
            for (code, minor) in balances { fields[code] = .string(MinorUnits.decimalString(minor, currency: code)) }
            return ["balances": .object(fields)]
        }
        func upsert(table: String, rows: [CloudRow], onConflict: String?, ignoreDuplicates: Bool) async throws -> [CloudRow] { rows }
        func insert(table: String, rows: [CloudRow]) async throws -> [CloudRow] { rows }
        func update(table: String, values: CloudRow, filters: [CloudFilter]) async throws -> [CloudRow] { [] }
        func delete(table: String, filters: [CloudFilter]) async throws -> [CloudRow] { [] }
        func upload(bucket: String, path: String, data: Data, upsert: Bool) async throws -> String { path }
        func signIn(email: String, password: String) async throws -> String { userId }
        func signOut() async throws {}
        func currentSession() async -> CloudSession? { CloudSession(userId: userId) }
    }

    func dinner(_ me: String, amount: Double, shares: [(String, Double)]) -> FinancialTransaction {
        FinancialTransaction(id: "t1", title: "Dinner", amount: amount, currency: "CHF", date: 1, payerId: me, createdById: me,
                             splits: shares.map { TransactionSplit(owedById: $0.0, amount: $0.1) },
                             payers: [TransactionPayer(paidById: me, amount: amount)])
    }

    func database(_ me: String, _ tx: FinancialTransaction) -> LocalDatabase {
        var db = LocalDatabase()
        db.persons = [Person(id: me, name: "Me"), Person(id: anna, name: "Anna"), Person(id: ben, name: "Ben")]
        db.transactions = [tx]
        return db
    }

    /// The server's copy of `tx` as `sync_pull` sends it.
    func pulledChange(_ tx: FinancialTransaction, revision: Int64) -> JSONValue {
        let splits: [JSONValue] = tx.splits.map { .object(["owed_by_id": .string($0.owedById ?? ""), "amount": .string(MinorUnits.decimalString(MinorUnits.from($0.amount, currency: "CHF"), currency: "CHF"))]) }
        let payers: [JSONValue] = tx.payers.map { .object(["paid_by_id": .string($0.paidById ?? ""), "amount": .string(MinorUnits.decimalString(MinorUnits.from($0.amount, currency: "CHF"), currency: "CHF"))]) }
        let row: CloudRow = [
            "id": "t1", "title": "Dinner", "amount": .string(MinorUnits.decimalString(MinorUnits.from(tx.amount, currency: "CHF"), currency: "CHF")),
            "currency": "CHF", "split_method": "equal", "payer_id": .string(auth), "created_by_id": .string(auth),
            "date": "1970-01-01", "revision": .int(revision), "deleted_at": .null,
        ]
        return ["table": "financial_transactions", "row": .object(row), "splits": .array(splits), "payers": .array(payers)]
    }

    /// The restored device holds the old dinner (30.00 shared by Anna and Ben); on the server
    /// another device's sync made it 40.00.
    func service(server: FinancialTransaction, pulledRevision: Int64, synced: Bool = true) throws -> (MigrationService, SyncedAccountClient) {
        let client = SyncedAccountClient(userId: auth)
        client.serverDatabase = database(auth, server)
        client.pulled = [pulledChange(server, revision: pulledRevision)]
        client.synced = synced
        let store = LocalStore(files: MemoryFiles())
        try store.save(database(old, dinner(old, amount: 30, shares: [(anna, 15), (ben, 15)])))
        let defaults = MemoryDefaults()
        defaults.set(.string(old), forKey: AppDefaultsKeys.currentUserId)
        defaults.set(.string("CHF"), forKey: AppDefaultsKeys.defaultCurrency)
        let migration = MigrationService(client: client, store: store, defaults: defaults, clock: FixedClock(), ids: CountingIDs(), variant: .fixed)
        migration.authUserId = auth
        migration.oldCurrentUserId = old
        return (migration, client)
    }

    func testATransactionASyncWroteIsTakenFromTheServerAndTheVerificationPasses() async throws {
        let (migration, client) = try service(server: dinner(auth, amount: 40, shares: [(anna, 20), (ben, 20)]), pulledRevision: 2)
        let mismatches = try await migration.verifyBalances()
        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(client.invoked.filter { $0 == "sync_pull" }.count, 1)
    }

    func testATransactionOnlyAMigrationWroteIsNeverTakenFromTheServer() async throws {
        // Revision 1: no sync wrote it, so a different server copy is a corrupted upload.
        let (migration, _) = try service(server: dinner(auth, amount: 40, shares: [(anna, 20), (ben, 20)]), pulledRevision: 1)
        do {
            _ = try await migration.verifyBalances()
            XCTFail("the verification took a migration's corrupted row from the server")
        } catch MigrationError.balanceMismatch(let mismatches) {
            XCTAssertEqual(Set(mismatches.map(\.personId)), [anna, ben])
        }
    }

    func testASyncedTransactionWhoseSplitsDoNotAddUpIsRefused() async throws {
        // A stale split re-added next to the sync's set: 20 + 20 + 15 of 40.00.
        let (migration, _) = try service(server: dinner(auth, amount: 40, shares: [(anna, 20), (ben, 20), (old, 15)]), pulledRevision: 2)
        do {
            _ = try await migration.verifyBalances()
            XCTFail("a synced transaction whose splits exceed its amount was accepted")
        } catch MigrationError.balanceMismatch(let mismatches) {
            XCTAssertTrue(mismatches.contains { $0.personId == "transaction t1 splits" && $0.local == 4_000 && $0.server == 5_500 }, "\(mismatches)")
        }
    }

    func testWithoutAnySyncOfTheAccountNothingIsPulledAndTheMismatchStands() async throws {
        let (migration, client) = try service(server: dinner(auth, amount: 40, shares: [(anna, 20), (ben, 20)]), pulledRevision: 2, synced: false)
        do {
            _ = try await migration.verifyBalances()
            XCTFail("expected a mismatch")
        } catch MigrationError.balanceMismatch {}
        XCTAssertFalse(client.invoked.contains("sync_pull"))
    }

    func testChildrenAreAddedOnlyWhileNoSyncWroteTheTransaction() async throws {
        let (migration, client) = try service(server: dinner(auth, amount: 30, shares: [(anna, 15), (ben, 15)]), pulledRevision: 1)
        client.transactionRows["t1"] = ["id": "t1", "revision": 1, "deleted_at": .null]
        let asMigrated = try await migration.mayAddChildren(of: "t1")
        XCTAssertTrue(asMigrated)
        client.transactionRows["t1"] = ["id": "t1", "revision": 2, "deleted_at": .null]
        let edited = try await migration.mayAddChildren(of: "t1")
        XCTAssertFalse(edited)
        client.transactionRows["t1"] = ["id": "t1", "revision": 1, "deleted_at": "2026-01-01T00:00:00Z"]
        let deleted = try await migration.mayAddChildren(of: "t1")
        XCTAssertFalse(deleted)
        let absent = try await migration.mayAddChildren(of: "t2")
        XCTAssertTrue(absent, "a transaction not on the server: the insert fails as before")
        let plan = MigrationService(client: client, store: LocalStore(files: MemoryFiles()), defaults: MemoryDefaults(), clock: FixedClock(),
                                    ids: CountingIDs(), variant: .asWritten)
        let planAdds = try await plan.mayAddChildren(of: "t1")
        XCTAssertTrue(planAdds, "the plan adds them regardless")
    }
}
