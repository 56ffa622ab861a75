import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin

final class SwissCoinMigrationTests: XCTestCase {
    let old = "old-me", auth = "auth-user", anna = "anna"

    /// A store where the old "me" id sits in every field the seed remaps (l.125-138).
    func everyReferenceDatabase() -> LocalDatabase {
        var db = LocalDatabase(timeZoneOffsetSeconds: 36_000)
        db.persons = [Person(id: old, name: "Me", photoData: Data([1, 2])), Person(id: anna, name: "Anna")]
        db.groups = [UserGroup(id: "g1", name: "Trip", memberIds: [old, anna])]
        db.subscriptions = [Subscription(id: "s1", name: "Netflix", amount: 18, currency: "CHF",
                                         startDate: 1_740_751_200_000, subscriberIds: [old, anna])]
        db.transactions = [FinancialTransaction(id: "t1", title: "Pizza", amount: 10, currency: "CHF", date: 1, payerId: old,
                                                createdById: old, splits: [old, anna, old].map { TransactionSplit(owedById: $0, amount: 10.0 / 3) },
                                                payers: [TransactionPayer(paidById: old, amount: 6), TransactionPayer(paidById: anna, amount: 4)])]
        db.settlements = [Settlement(id: "st1", amount: 2, currency: "CHF", date: 2, fromPersonId: anna, toPersonId: old),
                          Settlement(id: "st2", amount: 1, currency: "CHF", date: 3, fromPersonId: old, toPersonId: anna)]
        db.reminders = [Reminder(id: "r1", createdDate: 4, amount: 3, toPersonId: old)]
        db.chatMessages = [ChatMessage(id: "m1", content: "hi", timestamp: 5, withPersonId: old)]
        db.subscriptionPayments = [SubscriptionPayment(id: "sp1", subscriptionId: "s1", payerId: old, amount: 18, date: 6,
                                                       billingPeriodStart: 1_740_751_200_000, billingPeriodEnd: 1_740_751_200_000)]
        db.subscriptionSettlements = [SubscriptionSettlement(id: "ss1", subscriptionId: "s1", fromPersonId: old, toPersonId: old,
                                                             amount: 9, date: 7)]
        db.subscriptionReminders = [SubscriptionReminder(id: "sr1", subscriptionId: "s1", toPersonId: old, amount: 9, createdDate: 8)]
        return db
    }

    struct Device {
        let client: RecordingCloudClient
        let files = MemoryFiles()
        let defaults = MemoryDefaults()
        let ids = CountingIDs()
        let store: LocalStore
        init(userId: String) {
            client = RecordingCloudClient(userId: userId)
            store = LocalStore(files: files)
        }
        func service(_ variant: SwissCoinVariant) -> MigrationService {
            MigrationService(client: client, store: store, defaults: defaults, clock: FixedClock(), ids: ids, variant: variant)
        }
    }

    func makeDevice(_ database: LocalDatabase? = nil) throws -> Device {
        let device = Device(userId: auth)
        try device.store.save(database ?? everyReferenceDatabase())
        device.defaults.set(.string(old), forKey: AppDefaultsKeys.currentUserId)
        device.defaults.set(.string("CHF"), forKey: AppDefaultsKeys.defaultCurrency)
        // The recording double answers calculate-balance with the right exact balances.
        let balances = ExactBalance.allBalances(currentUserId: old, in: try device.store.load(), defaultCurrency: "CHF")
        device.client.balances = balances.mapValues { $0.mapValues { MinorUnits.decimalString($0, currency: "CHF") } }
        return device
    }

    func testSixteenStepsInOrderAndUploadsInForeignKeyOrder() async throws {
        for variant in [SwissCoinVariant.fixed, .asWritten] {
            let device = try makeDevice()
            let service = device.service(variant)
            await service.runMigration()
            XCTAssertNil(service.errorMessage, "\(variant)")
            XCTAssertEqual(service.stepsStarted, Array(1...16))
            var tables: [String] = []
            for call in device.client.upserts where tables.last != call.table { tables.append(call.table) }
            XCTAssertEqual(tables, MigrationService.stepTables.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }, "\(variant)")
            XCTAssertEqual(service.entityCounts["Splits"], 3)
            XCTAssertEqual(service.currentStep, "Migration complete!")
        }
    }

    func testRemapCoversEveryFieldTheSeedLists() async throws {
        let personFields = ["payer_id", "created_by_id", "owed_by_id", "paid_by_id", "from_person_id", "to_person_id",
                            "with_person_id", "person_id"]
        for variant in [SwissCoinVariant.fixed, .asWritten] {
            let device = try makeDevice()
            await device.service(variant).runMigration()
            var remapped: Set<String> = []
            for call in device.client.calls where call.kind == "upsert" {
                for row in call.rows {
                    XCTAssertFalse(row.values.contains(.string(old)), "\(variant) \(call.table) leaks the old id: \(row)")
                    for field in personFields where row[field] == .string(auth) { remapped.insert("\(call.table).\(field)") }
                }
            }
            XCTAssertEqual(remapped, [
                "financial_transactions.payer_id", "financial_transactions.created_by_id", "transaction_splits.owed_by_id",
                "transaction_payers.paid_by_id", "settlements.from_person_id", "settlements.to_person_id",
                "chat_messages.with_person_id", "reminders.to_person_id", "subscription_payments.payer_id",
                "subscription_settlements.from_person_id", "subscription_settlements.to_person_id",
                "subscription_reminders.to_person_id", "group_members.person_id", "subscription_subscribers.person_id",
            ], "\(variant)")
        }
    }

    func testLocalIdentityRewriteLeavesNoOldId() throws {
        let rewritten = IdentityRemap.apply(from: old, to: auth, in: everyReferenceDatabase())
        let text = String(decoding: try LocalStore.encode(rewritten), as: UTF8.self)
        XCTAssertFalse(text.contains("\"\(old)\""))
        XCTAssertTrue(text.contains("\"\(auth)\""))
    }

    func splitIds(_ device: Device) -> [JSONValue] {
        device.client.upserts.filter { $0.table == "transaction_splits" }.flatMap { $0.rows.compactMap { $0["id"] } }
    }

    func testFixedSplitIdsAreStableAcrossRunsWhileSeedDrawsNewOnes() async throws {
        let first = try makeDevice(), second = try makeDevice()
        await first.service(.fixed).runMigration()
        await second.service(.fixed).runMigration()
        XCTAssertEqual(splitIds(first), splitIds(second))
        XCTAssertEqual(Set(splitIds(first)).count, 3, "two splits of one debtor still get distinct ids")

        let seedDevice = try makeDevice()
        let seed = seedDevice.service(try SwissCoinVariant.parse("split-fresh-uuid"))
        await seed.runMigration()
        let firstRun = splitIds(seedDevice)
        seedDevice.defaults.set(nil, forKey: AppDefaultsKeys.migrationCompleted(account: auth))
        await seed.runMigration()
        let secondRun = Array(splitIds(seedDevice).dropFirst(firstRun.count))
        XCTAssertEqual(firstRun.count, secondRun.count)
        XCTAssertTrue(Set(firstRun).isDisjoint(with: secondRun))
    }

    func testFixedFlagIsPerAccountAndFlushedWhileSeedIsGlobalAndOnlyInMemory() async throws {
        let fixed = try makeDevice()
        await fixed.service(.fixed).runMigration()
        XCTAssertEqual(fixed.defaults.durable[AppDefaultsKeys.migrationCompleted(account: auth)], .bool(true))
        XCTAssertNil(fixed.defaults.memory[AppDefaultsKeys.migrationCompleted])
        XCTAssertEqual(fixed.defaults.durable[AppDefaultsKeys.currentUserId], .string(auth), "local identity rewritten")
        XCTAssertEqual(try fixed.store.load().ownerAccountId, auth)

        let seed = try makeDevice()
        await seed.service(.asWritten).runMigration()
        XCTAssertEqual(seed.defaults.memory[AppDefaultsKeys.migrationCompleted], .bool(true))
        XCTAssertNil(seed.defaults.durable[AppDefaultsKeys.migrationCompleted], "never synchronized")
        XCTAssertEqual(seed.defaults.memory[AppDefaultsKeys.currentUserId], .string(old), "identity never rewritten")
    }

    func testFixedRefusesAStoreClaimedByAnotherAccount() async throws {
        var db = everyReferenceDatabase()
        db.ownerAccountId = "someone-else"
        let device = try makeDevice(db)
        let service = device.service(.fixed)
        let shouldRun = await service.shouldRunMigration()
        XCTAssertFalse(shouldRun)
        await service.runMigration()
        XCTAssertEqual(service.lastError as? MigrationError, .storeBelongsToAnotherAccount(owner: "someone-else", current: auth))
        XCTAssertTrue(device.client.upserts.isEmpty)
    }

    func testSeedSendsDoublesAndInstantsFixedSendsExactMoneyAndCalendarDays() async throws {
        let fixed = try makeDevice(), seed = try makeDevice()
        await fixed.service(.fixed).runMigration()
        await seed.service(.asWritten).runMigration()
        func row(_ device: Device, _ table: String) -> CloudRow { device.client.upserts.first { $0.table == table }!.rows[0] }
        XCTAssertEqual(row(fixed, "transaction_splits")["amount"], .string("3.34"))
        XCTAssertEqual(row(seed, "transaction_splits")["amount"], .double(10.0 / 3))
        XCTAssertEqual(row(fixed, "subscriptions")["start_date"], .string("2025-03-01"))
        XCTAssertEqual(row(seed, "subscriptions")["start_date"], .string("2025-02-28T14:00:00.000Z"))
        XCTAssertEqual(fixed.client.upserts.first { $0.table == "group_members" }?.onConflict, "group_id,person_id")
        XCTAssertNil(seed.client.upserts.first { $0.table == "group_members" }?.onConflict)
        XCTAssertTrue(fixed.client.calls.contains { $0.kind == "upload" && $0.ignoreDuplicates }, "fixed uploads with upsert")
    }

    func testFixedReportsSkippedEntitiesSeedDropsThemSilently() async throws {
        var db = everyReferenceDatabase()
        db.reminders.append(Reminder(id: "r2", createdDate: 9, amount: 1, toPersonId: nil))
        let fixed = try makeDevice(db), seed = try makeDevice(db)
        let fixedService = fixed.service(.fixed), seedService = seed.service(.asWritten)
        await fixedService.runMigration()
        await seedService.runMigration()
        XCTAssertEqual(fixedService.skippedEntities, [SkippedEntity(table: "reminders", localId: "r2", reason: "reminder without id or person")])
        XCTAssertEqual(fixed.defaults.durable[AppDefaultsKeys.migrationSkipped(account: auth)], .int(1))
        XCTAssertTrue(seedService.skippedEntities.isEmpty)
        XCTAssertNil(seedService.errorMessage)
    }

    func testFixedVerificationChecksEveryPersonExactlyAndFailsOnMismatch() async throws {
        let device = try makeDevice()
        device.client.balances = [anna: ["CHF": "1.00"]]  // wrong on purpose
        let service = device.service(.fixed)
        await service.runMigration()
        guard case .balanceMismatch(let mismatches)? = service.lastError as? MigrationError else {
            return XCTFail("expected a balance mismatch, got \(String(describing: service.lastError))")
        }
        XCTAssertEqual(mismatches.map(\.personId), [anna])
        XCTAssertNil(device.defaults.memory[AppDefaultsKeys.migrationCompleted(account: auth)], "no flag after a failed verification")
        let invoked = device.client.calls.filter { $0.kind == "invoke" }.map { $0.rows[0]["person_id"] }
        XCTAssertEqual(invoked, [.string(anna)], "every person except me, by server id")
    }
}
