import AppPorts
import AppleStandIns
import FakeCloud
import SimCore
import Swiff
@testable import SwiffSim
import XCTest

/// Every Swiff checker, fed a world built by hand (stores written by the app through the fake) to
/// break exactly its invariant: the violation is reported, naming what broke.
final class SwiffCheckerTests: XCTestCase {
    typealias F = SwiffAppFixtures

    /// The store file of `build` holding the fixtures' data, and what a user expects of it.
    static func store(build: Int, variant: String = "fixed", edit: (@Sendable (ModelContext) throws -> Void)? = nil) throws -> [UInt8] {
        try F.run { device in
            try await F.install(device, build: build, variant: variant)
            if let edit {
                let container = try await ModelContainer.open(at: PersistenceService.storePath, schema: SwiffBuild(build, variant: try! SwiffVariant.parse(variant)).schema,
                                                              disk: StoreDisk(files: device.files))
                let context = container.makeContext()
                try edit(context)
                try context.save()
            }
            return device.files.read(PersistenceService.storePath)!
        }
    }

    static var expected: [LogicalKey: [String: String]] {
        var ledger = ExpectedStore()
        ledger.apply(.importAll(F.data), build: 3)
        return ledger.expected
    }

    func world(_ store: [UInt8], expected: [LogicalKey: [String: String]] = expected, backups: [String: [UInt8]] = [:]) -> SwiffWorld {
        SwiffWorld(phones: [SwiffWorld.Phone(name: "phone", expected: expected, store: store, backups: backups)])
    }

    func testACleanV3StoreSatisfiesEveryChecker() throws {
        XCTAssertEqual(SwiffChecks.run(world(try Self.store(build: 3)), history: History()), [])
    }

    func testCrashFreeOpenReportsACrashAFailedHealingLaunchAndAnUnopenableStoreWithoutADowngrade() {
        var w = world([])
        let launch = { (result: LaunchResult, downgraded: Bool, healing: Bool) in
            LaunchRecord(device: "phone", incarnation: 1, build: 2, result: result, downgraded: downgraded, healing: healing)
        }
        w.launches = [launch(.crashed("Could not create ModelContainer"), false, false), launch(.failed(code: 640, message: "disk full"), false, true),
                      launch(.failed(code: 134_504, message: "newer"), false, false), launch(.failed(code: 134_504, message: "newer"), true, false),
                      launch(.failed(code: 640, message: "disk full"), false, false)]
        let found = CrashFreeOpenChecker().check(w, history: History())
        XCTAssertEqual(found.map(\.invariant), ["crash-free-open"])
        XCTAssertEqual(found[0].entities.map(\.actual), ["fatalError: Could not create ModelContainer", "failed 640: disk full", "unknown model version: newer"])
    }

    func testNoLossFollowsRenamesAndReportsAMissingPersonAndAChangedField() throws {
        XCTAssertEqual(NoLossChecker().check(world(try Self.store(build: 1)), history: History()), [], "V1's phone is the expected phone; no profile image expected of V1")
        let store = try Self.store(build: 3) { context in
            context.delete(try context.fetch("PersonModel")[1].id)
            context.set(try context.fetch("GroupExpenseModel")[0].id, "amountCents", .int(1))
        }
        let found = NoLossChecker().check(world(store), history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "person 00000000" && $0.actual == "missing" && $0.expected == "present" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasSuffix(" amount") && $0.expected == "1000" && $0.actual == "1" }, "\(found)")
    }

    func testTransformAppliedReportsAnEmptyPhoneAZeroAmountAndADuplicatedId() throws {
        let store = try Self.store(build: 3, variant: "no-dedupe-before-unique") { context in
            context.set(try context.fetch("PersonModel")[0].id, "phoneNumber", "")
            context.set(try context.fetch("GroupExpenseModel")[0].id, "amountCents", .int(0))
        }
        var snapshot = StoreSnapshot.decode(store)!
        var copy = snapshot.rows(of: "SubscriptionModel")[0]
        copy.id = PersistentIdentifier(entityName: "SubscriptionModel", number: 999)
        snapshot.rows[copy.id] = copy
        let found = TransformAppliedChecker().check(world(snapshot.encoded()), history: History())
        XCTAssertEqual(found.map(\.invariant), ["transform-applied"])
        XCTAssertEqual(Set(found[0].entities.map(\.expected)), ["phoneNumber set", "amountCents ≠ 0", "one row per id"], "\(found)")
    }

    func testReferentialIntegrityReportsADanglingRelationshipAndIdsHeldByValueThatResolveNothing() throws {
        let store = try Self.store(build: 3) { context in
            context.set(try context.fetch("SharedSubscriptionModel")[0].id, "subscriptionID", .uuid("00000000-0000-4000-8000-000000000999"))
            context.insert("SettlementModel", ["id": .uuid("00000000-0000-4000-8000-000000000777"), "fromPersonID": .uuid(F.ann),
                                               "toPersonID": .uuid("00000000-0000-4000-8000-000000000888"), "amountCents": 5, "date": .date(0)])
        }
        var snapshot = StoreSnapshot.decode(store)!
        let expense = snapshot.rows(of: "GroupExpenseModel")[0].id
        snapshot.rows[expense]!.relationships["paidBy"] = [PersistentIdentifier(entityName: "PersonModel", number: 4_242)]
        let found = ReferentialIntegrityChecker().check(world(snapshot.encoded()), history: History())
        XCTAssertEqual(found.map(\.invariant), ["referential-integrity"])
        XCTAssertEqual(found[0].entities.count, 3, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasSuffix(".paidBy") && $0.expected == "PersonModel/4242 exists" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasSuffix("subscriptionID") }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasSuffix("toPersonID") }, "\(found)")
    }

    /// V3's `balanceCents` one cent off is reported; V1's stored `Double` one cent off is not (the
    /// old release's copy, which real stores hold drifted: the upgrade must derive, not convert).
    func testBalanceEqualityReportsABalanceCentsOneCentOffButNotADriftedV1Balance() throws {
        let v3 = try Self.store(build: 3) { context in context.set(try context.fetch("PersonModel")[0].id, "balanceCents", .int(-502)) }
        let found = BalanceEqualityChecker().check(world(v3), history: History())
        XCTAssertEqual(found.map(\.invariant), ["balance-equality"])
        XCTAssertEqual(found.first?.entities.map(\.expected), ["-501 (derived)"])
        XCTAssertEqual(found.first?.entities.map(\.actual), ["-502"])
        let v1 = try Self.store(build: 1) { context in context.set(try context.fetch("PersonModel")[0].id, "balance", .double(-5.02)) }
        XCTAssertEqual(BalanceEqualityChecker().check(world(v1), history: History()), [])
    }

    func testBackupRestorableWantsAByteCopyOfTheStoreAnUpgradeMigrated() throws {
        let v1 = try Self.store(build: 1), v3 = try Self.store(build: 3)
        var torn = world(v3, backups: ["Backups/latest.store": Array(v1.prefix(v1.count / 2))])
        torn.upgrades = [UpgradeRecord(device: "phone", from: 1, to: 3, store: v1)]
        let found = BackupRestorableChecker().check(torn, history: History())
        XCTAssertEqual(found.map(\.invariant), ["backup-restorable"])
        XCTAssertTrue(found[0].entities[0].actual.contains("unreadable: Backups/latest.store"), "\(found)")
        var kept = world(v3, backups: ["Backups/1-0-pre-migration.store": v1])
        kept.upgrades = torn.upgrades
        XCTAssertEqual(BackupRestorableChecker().check(kept, history: History()), [])
    }

    func testNoSilentRestoreReportsAnUnreportedRestoreThatDroppedARecordButNotAReportedOne() throws {
        let newer = try Self.store(build: 2) { context in
            context.insert("PersonModel", ["id": .uuid("00000000-0000-4000-8000-000000000D0D"), "name": "Dora", "phoneNumber": "+41 9"])
        }
        let older = try Self.store(build: 2)
        var w = world(older)
        w.restores = [RestoreEvent(device: "phone", incarnation: 4, source: "Backups/x.store", before: newer, restored: older)]
        let found = NoSilentRestoreChecker().check(w, history: History())
        XCTAssertEqual(found.map(\.invariant), ["no-silent-restore"])
        XCTAssertTrue(found[0].entities[0].actual.contains("1 records dropped"), "\(found)")
        w.reportedRestores = ["phone#4"]
        XCTAssertEqual(NoSilentRestoreChecker().check(w, history: History()), [])
    }

    /// An index as the app writes it (only the fields the checks read, plus the app's others).
    static func index(_ entries: [(path: String, taken: Int64, hash: String)]) -> [UInt8] {
        let list = entries.map { ["path": $0.path, "takenAtMillis": String($0.taken), "versionHash": $0.hash, "versionIdentifier": "3.0.0",
                                  "reason": "manual"] }
        let text = "[" + list.map { e in
            "{\"path\":\"\(e["path"]!)\",\"takenAtMillis\":\(e["takenAtMillis"]!),\"versionHash\":\"\(e["versionHash"]!)\",\"versionIdentifier\":\"3.0.0\",\"reason\":\"manual\"}"
        }.joined(separator: ",") + "]"
        return Array(text.utf8)
    }

    func testBackupIndexSoundReportsAListedBackupMissingTornOrOfAnotherVersion() throws {
        let v3 = try Self.store(build: 3), v2 = try Self.store(build: 2)
        let hash = StoreSnapshot.decode(v3)!.metadata.versionHash
        var phone = SwiffWorld.Phone(name: "phone", expected: Self.expected, store: v3,
                                     backups: ["Backups/a.store": v3, "Backups/b.store": Array(v3.prefix(v3.count / 2)), "Backups/c.store": v2],
                                     backupIndex: Self.index([("Backups/a.store", 1, hash), ("Backups/b.store", 2, hash), ("Backups/c.store", 3, hash),
                                                              ("Backups/gone.store", 4, hash)]))
        let found = BackupIndexSoundChecker().check(SwiffWorld(phones: [phone]), history: History())
        XCTAssertEqual(found.map(\.invariant), ["backup-index-sound"])
        XCTAssertEqual(found[0].entities.map(\.entity), ["Backups/b.store", "Backups/c.store", "Backups/gone.store"], "\(found)")
        phone.backupIndex = Self.index([("Backups/a.store", 1, hash)])
        XCTAssertEqual(BackupIndexSoundChecker().check(SwiffWorld(phones: [phone]), history: History()), [])
        phone.backupIndex = Array("[{".utf8)
        XCTAssertEqual(BackupIndexSoundChecker().check(SwiffWorld(phones: [phone]), history: History()).first?.entities.first?.actual, "unreadable")
    }

    func testBackupFreshWantsABackupLessThanSevenDaysOldAtTheHealingLaunch() throws {
        let day: Int64 = 86_400_000
        var w = SwiffWorld(phones: [SwiffWorld.Phone(name: "phone", expected: Self.expected, store: nil, backups: [:],
                                                     backupIndex: Self.index([("Backups/a.store", 2 * day, "h")]))])
        w.healingOpens = ["phone": 9 * day]
        let found = BackupFreshChecker().check(w, history: History())
        XCTAssertEqual(found.map(\.invariant), ["backup-fresh"])
        XCTAssertEqual(found[0].entities[0].actual, "168 hours before it")
        w.healingOpens = ["phone": 9 * day - 1]
        XCTAssertEqual(BackupFreshChecker().check(w, history: History()), [])
        w.phones[0].backupIndex = nil
        XCTAssertEqual(BackupFreshChecker().check(w, history: History()).first?.entities.first?.actual, "none listed")
    }

    func testRestoreUndoableWantsTheReplacedStoreInABackup() throws {
        let replaced = try Self.store(build: 3), backup = try Self.store(build: 2)
        var w = world(backup, backups: ["Backups/old.store": backup])
        w.restores = [RestoreEvent(device: "phone", incarnation: 3, source: "Backups/old.store", before: replaced, restored: backup)]
        w.reportedRestores = ["phone#3"]
        let found = RestoreUndoableChecker().check(w, history: History())
        XCTAssertEqual(found.map(\.invariant), ["restore-undoable"])
        w.phones[0].backups["Backups/before-restore.store"] = replaced
        XCTAssertEqual(RestoreUndoableChecker().check(w, history: History()), [])
    }

    func testRestoreHonouredReportsARefusedRestoreOfAVersionTheBuildKnows() throws {
        let v2 = try Self.store(build: 2), v3 = try Self.store(build: 3)
        var w = world(v3)
        w.refusedRestores = [RefusedRestore(device: "phone", build: 3, backup: v2, storageFaults: false),
                             RefusedRestore(device: "phone", build: 2, backup: v3, storageFaults: false),  // newer: refusing is right
                             RefusedRestore(device: "phone", build: 3, backup: v2, storageFaults: true)]   // the disk may be why
        let found = RestoreHonouredChecker().check(w, history: History())
        XCTAssertEqual(found.map(\.invariant), ["restore-honoured"])
        XCTAssertEqual(found[0].entities.map(\.location), ["phone build 3"])
        XCTAssertEqual(RestoreHonouredChecker.knownVersions(build: 2), ["1.0.0", "2.0.0"])
        XCTAssertTrue(RestoreHonouredChecker.knownVersions(build: 3).contains("2.1.0"))
    }

    func testFailedSaveAbsentReportsARecordWhoseSaveFailedButIsInTheStore() throws {
        let ghost = "00000000-0000-4000-8000-000000000E0E"
        let store = try Self.store(build: 3) { context in
            context.insert("PersonModel", ["id": .uuid(ghost), "name": "Eve", "phoneNumber": "+41 1"])
        }
        var w = world(store)
        w.failedSaves = [FailedSave(device: "phone", key: LogicalKey(kind: "person", id: ghost)),
                         FailedSave(device: "phone", key: LogicalKey(kind: "person", id: "00000000-0000-4000-8000-000000000F0F"))]
        let found = FailedSaveAbsentChecker().check(w, history: History())
        XCTAssertEqual(found.map(\.invariant), ["failed-save-absent"])
        XCTAssertEqual(found[0].entities.map(\.entity), ["person 00000000"])
        var expected = Self.expected
        expected[LogicalKey(kind: "person", id: ghost)] = ["name": "Eve"]
        w.phones[0] = SwiffWorld.Phone(name: "phone", expected: expected, store: store, backups: [:])
        XCTAssertEqual(FailedSaveAbsentChecker().check(w, history: History()), [], "added again later: expected")
    }
}
