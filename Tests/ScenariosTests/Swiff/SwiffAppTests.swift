import AppPorts
import AppleStandIns
import FakeCloud
import SimCore
import Swiff
import XCTest

/// The Swiff app port against the SwiftData store fake: each release's schema, the upgrade paths
/// of the fixed app, and each defect's effect on a store.
final class SwiffAppTests: XCTestCase {
    typealias F = SwiffAppFixtures

    func testFixedUpgradesV1ToV3KeepingEveryFieldWithBalancesDerivedAndABackupOfTheV1Store() throws {
        let (v1, people, expenses, backups, settlementEntity) = try F.run { device in
            try await F.install(device, build: 1)
            let v1 = device.files.read(PersistenceService.storePath)!
            let app = F.app(device, build: 3)
            let result = await app.launch()
            XCTAssertEqual(result, .opened)
            let backups = app.backups.entries.map { device.files.read($0.path) }
            return (v1, F.rows(device, "PersonModel"), F.rows(device, "GroupExpenseModel"), backups, F.store(device)?.metadata.model.entity("SettlementModel"))
        }
        XCTAssertEqual(people.map { $0["phoneNumber"] }, ["+41 1", "+41 2", "+41 3"])
        XCTAssertEqual(expenses.map { $0["amountCents"] }, [.int(1_000), .int(2_501), .int(999)])
        // Ann paid 10.00, owes 3.34+8.34+3.33; Bob paid 25.01, owes 3.33+8.34+3.33; Cem paid 9.99, owes 3.33+8.33+3.33.
        XCTAssertEqual(people.map { $0["balanceCents"] }, F.balances)
        XCTAssertNotNil(settlementEntity)
        XCTAssertTrue(backups.contains(v1), "the pre-migration backup holds the V1 store byte for byte")
    }

    func testBuildTwoStoresPhoneNumberAndTheProfileImage() throws {
        let people = try F.run { device in
            try await F.install(device, build: 2)
            return F.rows(device, "PersonModel")
        }
        XCTAssertEqual(people.map { $0["phoneNumber"] }, ["+41 1", "+41 2", "+41 3"])
        XCTAssertEqual(people[0]["balance"], .double(-5.01))
    }

    func testSharedLiveModelsMakeTheV1StoreAnUnknownVersionForBuildTwo() throws {
        let result = try F.run { device in
            try await F.install(device, build: 1, variant: "shared-live-models")
            return await F.app(device, build: 2, variant: "shared-live-models").launch()
        }
        XCTAssertEqual(result, .failed(code: 134_504, message: "this data was written by a newer version of Swiff (1.0.0); update the app to open it"))
    }

    func testRenamedModelClassDropsEveryPersonAndTheirReferences() throws {
        let (people, expenses) = try F.run { device in
            try await F.install(device, build: 1, variant: "renamed-model-class")
            _ = await F.app(device, build: 2, variant: "renamed-model-class").launch()
            return (F.rows(device, "PersonModelV2"), F.rows(device, "GroupExpenseModel"))
        }
        XCTAssertEqual(people.count, 0)
        XCTAssertEqual(expenses.count, 3)
        XCTAssertTrue(expenses.allSatisfy { $0.targets("paidBy").isEmpty })
    }

    func testRenameInDidMigrateLosesThePhone() throws {
        let people = try F.run { device in
            try await F.install(device, build: 1, variant: "rename-in-did-migrate")
            _ = await F.app(device, build: 2, variant: "rename-in-did-migrate").launch()
            return F.rows(device, "PersonModel")
        }
        XCTAssertEqual(people.map { $0["phoneNumber"] }, ["", "", ""])
    }

    func testDuplicatesFailTheUniqueStepUnlessMergedFirst() throws {
        for (variant, opened) in [("fixed", true), ("no-dedupe-before-unique", false), ("transform-in-did-migrate", true)] {
            let (result, people, expenses) = try F.run { device in
                try await F.install(device, build: 2, variant: variant)
                // A sync bug copied Bob and expense 1, and pointed expense 2 at Bob's copy.
                let container = try await ModelContainer.open(at: PersistenceService.storePath, schema: SwiffSchemaV2.schema(try! SwiffVariant.parse(variant)),
                                                              disk: StoreDisk(files: device.files))
                let context = container.makeContext()
                let bob = try context.fetch("PersonModel")[1], first = try context.fetch("GroupExpenseModel")[0]
                let copy = context.insert("PersonModel", bob.attributes)
                context.insert("GroupExpenseModel", first.attributes)
                context.relate(try context.fetch("GroupExpenseModel")[1].id, "paidBy", to: [copy])
                try context.save()
                let result = await F.app(device, build: 3, variant: variant).launch()
                return (result, F.rows(device, "PersonModel"), F.rows(device, "GroupExpenseModel"))
            }
            XCTAssertEqual(result == .opened, opened, "\(variant): \(result)")
            guard opened else { continue }
            XCTAssertEqual(people.count, 3, variant)
            XCTAssertEqual(expenses.count, 3, variant)
            XCTAssertEqual(expenses[1].targets("paidBy"), [people[1].id], "\(variant): the reference moved to the kept Bob")
        }
    }

    func testFatalErrorOnADowngradeCrashesWhereFixedReportsAndKeepsTheStoreByteForByte() throws {
        for (variant, crashes) in [("fixed", false), ("fatal-error-on-open", true)] {
            let (result, before, after) = try F.run { device in
                try await F.install(device, build: 3, variant: variant)
                let before = device.files.read(PersistenceService.storePath)
                let result = await F.app(device, build: 2, variant: variant).launch()
                return (result, before, device.files.read(PersistenceService.storePath))
            }
            if case .crashed = result { XCTAssertTrue(crashes, variant) } else { XCTAssertFalse(crashes, "\(variant): \(result)") }
            XCTAssertEqual(before, after, variant)
        }
    }

    func testSilentRestoreReplacesANewerStoreWithAnOlderBackupAndOpensIt() throws {
        let (result, expenses, reported) = try F.run { device in
            try await F.install(device, build: 2, variant: "silent-restore")
            let upgraded = F.app(device, build: 3, variant: "silent-restore")
            _ = await upgraded.launch()
            try await upgraded.book!.addExpense(F.expense(9, amount: 500))
            let downgraded = F.app(device, build: 2, variant: "silent-restore")
            let result = await downgraded.launch()
            return (result, F.rows(device, "GroupExpenseModel"), downgraded.persistence.reportedRestores)
        }
        XCTAssertEqual(result, .opened)
        XCTAssertEqual(expenses.count, 3, "expense 9 is gone")
        XCTAssertEqual(reported, [])
    }

    func testARestoreOfABackupFromANewerVersionIsRefusedUnlessTheVersionIsIgnored() throws {
        for variant in ["fixed", "restore-ignores-version"] {
            let (refused, version) = try F.run { device in
                try await F.install(device, build: 3, variant: variant)
                let newer = try await F.app(device, build: 3, variant: variant).backups.createBackup(reason: "manual")
                device.files.write(PersistenceService.storePath, [])
                device.files.remove(PersistenceService.storePath)
                try await F.install(device, build: 2, variant: variant)
                let app = F.app(device, build: 2, variant: variant)
                var refused = false
                do { try await app.persistence.restore(from: newer.path) } catch { refused = true }
                return (refused, F.store(device)?.metadata.versionIdentifier)
            }
            XCTAssertEqual(refused, variant == "fixed", variant)
            XCTAssertEqual(version, variant == "fixed" ? "2.0.0" : "3.0.0", variant)
        }
    }

    func testIncrementalBalanceKilledBetweenItsTwoSavesDivergesWhereFixedCannot() throws {
        for variant in ["fixed", "stored-balance-incremental"] {
            let sim = Simulator(seed: 1, options: SimulatorOptions(policy: .fifo))
            let device = sim.addDevice("phone")
            let balances = try sim.run { _ in
                try await F.install(device, build: 3, variant: variant)
                device.launch { context in
                    let app = SwiffApplication(build: SwiffBuild(3, variant: try! SwiffVariant.parse(variant)),
                                               disk: StoreDisk(files: context), clock: F.FixedClock(), probe: KillOnEdit(device: device))
                    _ = await app.launch()
                    try? await app.book!.addExpense(F.expense(9, amount: 300))
                }
                await device.waitUntilStopped()
                XCTAssertEqual(device.state, .killed)
                XCTAssertEqual(F.rows(device, "GroupExpenseModel").count, 4, "\(variant): the expense is saved")
                return F.rows(device, "PersonModel").map { $0["balanceCents"] }
            }
            // Ann paid 3.00 of which everyone owes 1.00: Ann +2.00, Bob and Cem -1.00 each.
            let after: [StoreValue] = [.int(-501 + 200), .int(1_001 - 100), .int(-500 - 100)]
            if variant == "fixed" {
                XCTAssertEqual(balances, after, variant)
            } else {
                XCTAssertEqual(balances, F.balances, "the expense is saved, the balances are not")
            }
        }
    }
}

/// Kills the app one await point after it enters an edit: right after the expense's own save.
struct KillOnEdit: PhaseProbe, @unchecked Sendable {
    let device: Device
    func enter(_ phase: String) { if phase == "edit" { device.killAfter(jobs: 3) } }
}
