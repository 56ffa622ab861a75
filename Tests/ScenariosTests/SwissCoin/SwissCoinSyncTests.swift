import XCTest
import FakeCloud
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

/// The sync engine and its checkers: a `fixed` migration on alice's phone, a fresh tablet, both
/// syncing (the phone with `edits`), healed; then `tamper` runs inside the simulation.
final class SwissCoinSyncTests: XCTestCase {
    func world(edits: [UserScript.Step] = [], tamper: @escaping @Sendable (SwissCoinStage) -> Void = { _ in }) throws -> SwissCoinWorld {
        let sim = Simulator(seed: 5, options: SimulatorOptions(faultSource: .plan(.none)))
        let stage = SwissCoinStage(sim: sim, variant: .fixed, size: 0)
        try sim.run { sim in
            stage.createAccount("alice")
            let phone = stage.addDevice("device-1", owner: "alice")
            let tablet = stage.addFreshDevice("device-2", owner: "alice")
            stage.sync.scripts[phone.name] = UserScript(steps: edits)
            stage.sync.scripts[tablet.name] = UserScript(steps: [])
            stage.launch(phone)
            await stage.waitForMigration(phone)
            stage.launch(tablet)
            await phone.waitUntilStopped()
            await tablet.waitUntilStopped()
            _ = await stage.healingPlan.run(in: sim)
            tamper(stage)
        }
        return SwissCoinWorld(stage: stage)
    }

    func check<C: InvariantChecker>(_ checker: C, _ world: SwissCoinWorld) -> [Violation] where C.World == SwissCoinWorld {
        checker.check(world, history: History())
    }

    func testSyncedDevicesSatisfyEveryCheckerAndHoldTheServersData() throws {
        let edits = [UserScript.Step(atMilliseconds: 500, action: .retitle(pick: 2, title: "Renamed on the phone")),
                     UserScript.Step(atMilliseconds: 900, action: .changeAmount(pick: 3, percent: 150)),
                     UserScript.Step(atMilliseconds: 1_300, action: .create(title: "New", minor: 10_001, debtors: 2)),
                     UserScript.Step(atMilliseconds: 1_700, action: .delete(pick: 5))]
        let world = try self.world(edits: edits)
        XCTAssertEqual(world.ledger.acks.filter { $0.ack.outcome == "applied" }.count, 4, "every edit acknowledged")
        XCTAssertEqual(SwissCoinChecks.run(world, history: History()), [])
        let tablet = try XCTUnwrap(world.currentStore(world.plans[1].device))
        XCTAssertTrue(tablet.transactions.contains { $0.title == "Renamed on the phone" })
        XCTAssertTrue(tablet.transactions.contains { $0.title == "New" })
        // Settlements change balances: the tablet, which had no data of its own, pulled every one.
        let serverSettlements = world.admin.rows("settlements").compactMap { $0["id"]?.stringValue }
        XCTAssertFalse(serverSettlements.isEmpty, "the small dataset has settlements")
        XCTAssertEqual(Set(tablet.settlements.compactMap(\.id)), Set(serverSettlements))
        // Groups, subscriptions and their activity are pulled too: the tablet holds what the phone
        // migrated. Compared with the phone's data before the migration (the phone itself pulls its own
        // rows back, so comparing with its store would compare the decoder with itself).
        let phone = try XCTUnwrap(world.currentStore(world.plans[0].device))
        let before = world.plans[0].dataset.database
        XCTAssertFalse(before.groups.isEmpty || before.subscriptions.isEmpty || before.subscriptionPayments.isEmpty,
                       "the small dataset has groups, subscriptions and payments")
        XCTAssertEqual(tablet.groups.map(\.id), before.groups.map(\.id))
        XCTAssertEqual(tablet.groups.map(\.name), before.groups.map(\.name))
        XCTAssertEqual(tablet.groups.map(\.createdDate), before.groups.map(\.createdDate))
        XCTAssertEqual(tablet.groups.map(\.memberIds.count), before.groups.map(\.memberIds.count))
        XCTAssertEqual(tablet.subscriptions.map(\.id), before.subscriptions.map(\.id))
        XCTAssertEqual(tablet.subscriptions.map(\.currency), before.subscriptions.map(\.currency))
        XCTAssertEqual(tablet.subscriptions.map { MinorUnits.from($0.amount, currency: $0.currency ?? "CHF") },
                       before.subscriptions.map { MinorUnits.from($0.amount, currency: $0.currency ?? "CHF") })
        XCTAssertEqual(tablet.subscriptions.map(\.subscriberIds), phone.subscriptions.map(\.subscriberIds))
        XCTAssertEqual(tablet.reminders.map(\.id), phone.reminders.map(\.id))
        XCTAssertEqual(tablet.chatMessages.map(\.timestamp), before.chatMessages.map(\.timestamp))
        XCTAssertEqual(tablet.subscriptionPayments.map(\.id), phone.subscriptionPayments.map(\.id))
        XCTAssertEqual(tablet.subscriptionSettlements.map(\.id), phone.subscriptionSettlements.map(\.id))
        XCTAssertEqual(tablet.subscriptionReminders.map(\.createdDate), before.subscriptionReminders.map(\.createdDate))
    }

    func testConvergenceReportsATabletMissingPulledOnlyEntities() throws {
        let world = try self.world { stage in
            // A sync engine that pulled only persons, transactions and settlements (as this one
            // did before) leaves a new tablet without groups, members, currencies or reminders.
            let store = LocalStore(files: SetupFiles(device: stage.plans[1].device), cache: stage.storeCache(stage.plans[1].device))
            var db = try! store.load()
            // (Guarded: a tablet that pulled nothing must fail the assertions below, not crash.)
            if db.groups.count >= 2 {
                db.groups.removeFirst()
                db.groups[0].memberIds.removeLast()
            }
            if !db.subscriptions.isEmpty { db.subscriptions[0].currency = db.subscriptions[0].currency == "JPY" ? "CHF" : "JPY" }
            if !db.chatMessages.isEmpty { db.chatMessages[0].timestamp = (db.chatMessages[0].timestamp ?? 0) + 1 }
            db.subscriptionPayments.removeAll()
            try! store.save(db)
        }
        let found = check(ConvergenceChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["convergence"])
        let entities = found.first?.entities ?? []
        XCTAssertTrue(entities.allSatisfy { $0.location == "device-2 vs server (alice)" }, "\(found)")
        XCTAssertTrue(entities.contains { $0.entity.hasPrefix("group ") && $0.actual == "absent" }, "\(found)")
        XCTAssertTrue(entities.contains { $0.entity.hasPrefix("group ") && $0.actual.contains("members[") && $0.actual != $0.expected
            && $0.actual != "absent" }, "\(found)")
        func segment(_ text: String, _ column: String) -> String? {
            text.components(separatedBy: " | ").first { $0.hasPrefix(column + "=") }
        }
        XCTAssertTrue(entities.contains { $0.entity.hasPrefix("subscription ") && segment($0.actual, "currency") != nil
            && segment($0.actual, "currency") != segment($0.expected, "currency") }, "\(found)")
        XCTAssertTrue(entities.contains { $0.entity.hasPrefix("message ") && segment($0.actual, "timestamp") != nil
            && segment($0.actual, "timestamp") != segment($0.expected, "timestamp") }, "\(found)")
        XCTAssertTrue(entities.contains { $0.entity.hasPrefix("subscription payment ") && $0.actual == "absent" }, "\(found)")
    }

    func testReferentialIntegrityReportsATabletWhoseTransactionsNameGroupsItLacks() throws {
        let world = try self.world { stage in
            // What a new tablet held when sync pulled transactions but not groups or subscriptions.
            let store = LocalStore(files: SetupFiles(device: stage.plans[1].device), cache: stage.storeCache(stage.plans[1].device))
            var db = try! store.load()
            db.groups.removeAll()
            db.subscriptions.removeAll()
            try! store.save(db)
        }
        let found = check(ReferentialIntegrityChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["referential-integrity"])
        let entities = found.first?.entities ?? []
        XCTAssertTrue(entities.allSatisfy { $0.location == "device-2's store" && $0.actual == "none" }, "\(found)")
        XCTAssertTrue(entities.contains { $0.entity.hasPrefix("transaction ") && $0.entity.contains(" → group ") }, "\(found)")
        // The report shows the first eight; subscription payments, settlements and reminders follow.
        let tablet = try XCTUnwrap(world.currentStore(world.plans[1].device))
        XCTAssertTrue(ReferentialIntegrityChecker().localDiffs(tablet, "device-2").contains { $0.entity.contains(" → subscription ") })
    }

    func testBalanceEqualityReportsASyncedDeviceMissingASettlement() throws {
        let world = try self.world { stage in
            // The tablet loses a settlement between alice and someone else (as a sync engine that
            // never pulled settlements left it): it shows a debt that was paid.
            let alice = stage.account("alice").userId
            let store = LocalStore(files: SetupFiles(device: stage.plans[1].device), cache: stage.storeCache(stage.plans[1].device))
            var db = try! store.load()
            let index = db.settlements.firstIndex { $0.fromPersonId == alice || $0.toPersonId == alice }!
            db.settlements.remove(at: index)
            try! store.save(db)
        }
        let found = check(BalanceEqualityChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["balance-equality"])
        let entities = found.first?.entities ?? []
        XCTAssertFalse(entities.isEmpty)
        XCTAssertTrue(entities.allSatisfy { $0.location == "device-2's store vs server (alice)" }, "\(found)")
        XCTAssertTrue(entities.allSatisfy { $0.entity.hasPrefix("person ") }, "\(found)")
        let convergence = check(ConvergenceChecker(), world)
        XCTAssertTrue(convergence.first?.entities.contains { $0.entity.hasPrefix("settlement ") && $0.actual == "absent" } ?? false,
                      "\(convergence)")
    }

    func testConvergenceReportsAServerChangeNoDevicePulled() throws {
        let world = try self.world { stage in
            let tx = stage.server.admin.rows("financial_transactions")[0]
            stage.serviceRole(.update(["title": "Changed behind the devices' backs"]), table: "financial_transactions",
                              where: .eq("id", tx["id"]!))
        }
        let found = check(ConvergenceChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["convergence"])
        XCTAssertEqual(Set(found[0].entities.map(\.location)), ["device-1 vs server (alice)", "device-2 vs server (alice)"])
        XCTAssertTrue(found[0].entities[0].entity.hasPrefix("transaction "), "\(found)")
        XCTAssertTrue(found[0].entities[0].expected.hasPrefix("Changed behind"), "\(found)")
    }

    /// The fields a sync codec can get wrong without the codec noticing: the calendar day a
    /// device shows (computed by the checker, not the codec), a split's raw input, a group.
    func testConvergenceReportsAnotherDayALostRawInputAndALostGroup() throws {
        final class Picked: @unchecked Sendable { var shifted = "", zeroed = "", ungrouped = "" }
        let picked = Picked()
        let world = try self.world { stage in
            let store = LocalStore(files: SetupFiles(device: stage.plans[1].device), cache: stage.storeCache(stage.plans[1].device))
            var db = try! store.load()
            let day = db.transactions.firstIndex { $0.date != nil }!
            db.transactions[day].date! -= 86_400_000  // the day before, as a codec writing the UTC day west of UTC
            picked.shifted = db.transactions[day].id!
            let raw = db.transactions.firstIndex { $0.id != picked.shifted && $0.splits.contains { $0.rawAmount != 0 } }!
            for index in db.transactions[raw].splits.indices { db.transactions[raw].splits[index].rawAmount = 0 }
            picked.zeroed = db.transactions[raw].id!
            let grouped = db.transactions.firstIndex { ![picked.shifted, picked.zeroed].contains($0.id!) && $0.groupId != nil }!
            db.transactions[grouped].groupId = nil
            picked.ungrouped = db.transactions[grouped].id!
            try! store.save(db)
        }
        let (shifted, zeroed, ungrouped) = (picked.shifted, picked.zeroed, picked.ungrouped)
        let found = check(ConvergenceChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["convergence"])
        let entities = found.first?.entities ?? []
        XCTAssertEqual(Set(entities.map(\.entity)), ["transaction \(shifted)", "transaction \(zeroed)", "transaction \(ungrouped)"], "\(found)")
        XCTAssertTrue(entities.allSatisfy { $0.location == "device-2 vs server (alice)" }, "\(found)")
        let server = try XCTUnwrap(world.admin.rows("financial_transactions").first { $0["id"]?.stringValue == shifted })
        let serverDay = try XCTUnwrap(server["date"]?.stringValue)
        let dayDiff = try XCTUnwrap(entities.first { $0.entity == "transaction \(shifted)" })
        XCTAssertTrue(dayDiff.expected.contains(serverDay) && !dayDiff.actual.contains(serverDay), "\(dayDiff)")
        let rawDiff = try XCTUnwrap(entities.first { $0.entity == "transaction \(zeroed)" })
        XCTAssertTrue(rawDiff.actual.contains("/0") && rawDiff.expected != rawDiff.actual, "\(rawDiff)")
    }

    /// Convergence projects a device's persons and transactions from the model, not through the
    /// app's `SyncRowCodec` (a codec wrong in both directions would agree with itself). On healthy
    /// synced stores (the migrated phone, after contact, archive, amount and create edits, and the
    /// tablet that pulled everything) the projection is exactly what the fixed codec pushes.
    func testTheLocalProjectionIsWhatTheFixedCodecPushes() throws {
        let edits: [UserScript.Step] = [
            .init(atMilliseconds: 1_000, action: .editContact(pick: 1, phone: nil, colorHex: "#34C759")),
            .init(atMilliseconds: 1_200, action: .editContact(pick: 2, phone: "+41 79 555 1234", colorHex: "#007AFF")),
            .init(atMilliseconds: 1_400, action: .archivePerson(pick: 3, archived: true)),
            .init(atMilliseconds: 1_600, action: .changeAmount(pick: 4, percent: 137)),
            .init(atMilliseconds: 1_800, action: .create(title: "dinner", minor: 10_001, debtors: 3)),
        ]
        let world = try self.world(edits: edits)
        XCTAssertEqual(check(ConvergenceChecker(), world), [])
        var compared = 0
        for plan in world.plans {
            let db = try XCTUnwrap(world.currentStore(plan.device))
            let codec = SyncRowCodec(defaultCurrency: "CHF", offsetSeconds: db.timeZoneOffsetSeconds)
            let view = SyncedView.local(db, defaultCurrency: "CHF")
            for person in db.persons {
                XCTAssertEqual(view["person \(person.id!)"], SyncedView.personText(codec.fields(person, [.name, .contact, .archived])))
                compared += 1
            }
            for tx in db.transactions {
                var (row, splits, payers) = codec.fields(tx, [.text, .money])
                row["date"] = codec.createFields(tx).row["date"]
                row["group_id"] = tx.groupId.map(JSONValue.string) ?? .null
                XCTAssertEqual(view["transaction \(tx.id!)"], SyncedView.transactionText((row, splits ?? [], payers ?? []), "CHF"))
                compared += 1
            }
            XCTAssertTrue(db.persons.contains { $0.isArchived } && db.persons.contains { $0.colorHex == "#007AFF" }, plan.device.name)
        }
        XCTAssertGreaterThan(compared, 90)
    }

    func testConvergenceReportsAPendingOutbox() throws {
        let world = try self.world { stage in
            let store = LocalStore(files: SetupFiles(device: stage.plans[1].device), cache: stage.storeCache(stage.plans[1].device))
            var db = try! store.load()
            db.sync?.outbox.append(OutboxChange(changeId: "c", table: SyncTables.persons, entityId: "p", kind: .update, groups: ["name"]))
            try! store.save(db)
        }
        let found = check(ConvergenceChecker(), world)
        XCTAssertEqual(found.first?.entities.first?.entity, "outbox")
        XCTAssertEqual(found.first?.entities.first?.location, "device-2")
    }

    func testNoLostUpdateReportsAnAcknowledgedSyncEditOverwritten() throws {
        let edits = [UserScript.Step(atMilliseconds: 500, action: .retitle(pick: 1, title: "Acknowledged title"))]
        let world = try self.world(edits: edits) { stage in
            let id = UserEdits(ledger: OperationLedger(history: stage.sim.history)).acks[0].ack.change.entityId
            stage.serviceRole(.update(["title": "Someone else's stale copy"]), table: "financial_transactions", where: .eq("id", .string(id)))
        }
        let found = check(NoLostUpdateChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-lost-update"])
        let diff = try XCTUnwrap(found[0].entities.first)
        XCTAssertTrue(diff.entity.hasSuffix(" title"), "\(diff)")
        XCTAssertTrue(diff.expected.contains("Acknowledged title") && diff.expected.contains("acknowledged to device-1"), "\(diff)")
        XCTAssertTrue(diff.actual.contains("stale copy"), "\(diff)")
    }
}

/// `sync_push` and `sync_pull` called directly.
final class SwissCoinSyncFunctionTests: XCTestCase {
    var number: UInt64 = 0

    func send(_ server: SupabaseServer, _ token: String?, _ operation: SupabaseOperation) -> SupabaseResponse {
        number += 1
        return server.handle(SupabaseRequest(accessToken: token, operation),
                             context: ServiceContext(now: .zero, caller: "phone", requestNumber: number, trace: Trace()))
    }

    func testARetriedPushIsAnsweredFromTheRecordAndAStaleBaseConflicts() {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 1))
        let body = send(server, nil, .auth(.signUp(email: "a@example.com", password: "secret-1"))).body
        let token = body["access_token"]!.stringValue!, uid = body["user"]!["id"]!.stringValue!
        let person = "99999999-9999-4999-8999-999999999999"
        XCTAssertEqual(send(server, token, .table(TableRequest(table: "persons", action: .insert([
            ["id": .string(person), "owner_id": .string(uid), "name": "Ann"]])))).status, 201)
        let change: JSONValue = ["change_id": "11111111-1111-4111-8111-111111111111", "table": "persons", "id": .string(person),
                                 "kind": "update", "base_revision": 1, "fields": ["name": "Anna"]]
        let first = send(server, token, .function(name: "sync_push", body: change)).body
        XCTAssertEqual(first["outcome"], "applied")
        XCTAssertEqual(first["revision"], .int(2))
        let updates = server.admin.provenance.filter { $0.table == "persons" }.count
        // The response was lost; the device sends the same change again.
        XCTAssertEqual(send(server, token, .function(name: "sync_push", body: change)).body["revision"], .int(2))
        XCTAssertEqual(server.admin.provenance.filter { $0.table == "persons" }.count, updates, "not applied twice")
        // Another change based on revision 1 conflicts and writes nothing.
        var stale = change.objectValue!
        stale["change_id"] = "22222222-2222-4222-8222-222222222222"
        stale["fields"] = ["name": "Annie"]
        let conflict = send(server, token, .function(name: "sync_push", body: .object(stale))).body
        XCTAssertEqual(conflict["outcome"], "conflict")
        XCTAssertEqual(server.admin.row("persons", key: person)?["name"], "Anna")
        // Pulled since the cursor before the edit: the person comes back with its new revision.
        let pulled = send(server, token, .function(name: "sync_pull", body: ["cursor": 1])).body
        XCTAssertEqual(pulled["changes"]?.arrayValue?.count, 1)
        XCTAssertEqual(pulled["changes"]?.arrayValue?.first?["row"]?["revision"], .int(2))
    }
}
