import AppPorts
import AppleStandIns
import CryptoSavings
@testable import CryptoSavingsSim
import FakeCloud
import SimCore
import SimHarness
import XCTest

/// Every CryptoSavings checker, fed a world built by hand (store rows as the app writes them) to
/// break exactly its invariant: the violation is reported, naming what broke; the consistent
/// world passes every checker.
final class CryptoSavingsCheckerTests: XCTestCase {
    static let goal = "00000000-0000-4000-8000-00000000000a"
    static let asset = "00000000-0000-4000-8000-00000000000b"
    static let tx = "00000000-0000-4000-8000-00000000000c"
    static let month = "2026-01"
    /// An instant in `month`: 2026-01-09T23:06:40Z.
    static let wall: Int64 = 1_768_000_000_000

    /// A consistent store: one BTC asset with a transaction of 5000 sat, one goal of 1 BTC due
    /// in 2026-10, 3000 sat allocated to it.
    static func rows(allocation: String = "3000", transactionAmount: String = "5000", extra: [ModelRow] = []) -> [ModelRow] {
        let goalID = PersistentIdentifier(entityName: "Goal", number: 1), assetID = PersistentIdentifier(entityName: "Asset", number: 2)
        return [
            ModelRow(id: goalID, attributes: ["id": .uuid(goal), "name": "Trip", "currency": "BTC", "targetUnits": "100000000",
                                              "deadline": .date(1_790_000_000_000)], relationships: [:]),
            ModelRow(id: assetID, attributes: ["id": .uuid(asset), "currency": "BTC"], relationships: [:]),
            ModelRow(id: PersistentIdentifier(entityName: "Transaction", number: 3), attributes: ["id": .uuid(tx), "amountUnits": .string(transactionAmount)],
                     relationships: ["asset": [assetID]]),
            ModelRow(id: PersistentIdentifier(entityName: "AssetAllocation", number: 4),
                     attributes: ["id": .uuid(DeterministicID.uuid(["allocation", asset, goal])), "amountUnits": .string(allocation)],
                     relationships: ["asset": [assetID], "goal": [goalID]]),
        ] + extra
    }

    static func device(_ name: String, account: String? = "alice", rows: [ModelRow], variant: CryptoSavingsVariant = .fixed,
                       setAside: [String: [String]] = [:]) -> CryptoWorld.DeviceView {
        let view = SavingsView(rows: rows, variant: variant, month: month)
        return CryptoWorld.DeviceView(name: name, account: account, month: month, wallMilliseconds: wall, view: view, keyed: CryptoKeys.keyed(view, all: rows), setAside: setAside)
    }

    static func cloud(_ user: String = "alice", rows: [ModelRow]) -> CryptoWorld.CloudView {
        let view = SavingsView(rows: rows, variant: .fixed, month: month)
        return CryptoWorld.CloudView(user: user, view: view, keyed: CryptoKeys.keyed(view, all: rows))
    }

    static func ledger(_ keys: [(String, String?)] = [("Goal \(goal)", "alice"), ("Transaction \(tx)", "alice")]) -> ConfirmedObjects {
        var ledger = ConfirmedObjects()
        for (key, owner) in keys { ledger.append(ConfirmedObjects.Entry(key: key, owner: owner, device: "phone")) }
        return ledger
    }

    static func world(devices: [CryptoWorld.DeviceView]? = nil, clouds: [CryptoWorld.CloudView]? = nil, ledger: ConfirmedObjects = ledger(),
                      healing: HealingOutcome = .healed) -> CryptoWorld {
        CryptoWorld(devices: devices ?? [device("phone", rows: rows()), device("tablet", rows: rows())],
                    clouds: Dictionary(uniqueKeysWithValues: (clouds ?? [cloud(rows: rows())]).map { ($0.user, $0) }),
                    confirmed: ledger, healing: healing, wipes: [])
    }

    static func violations(_ world: CryptoWorld, _ invariant: String) -> [Violation] {
        CryptoSavingsChecks.run(world, history: History()).filter { $0.invariant == invariant }
    }

    func testTheConsistentWorldPassesEveryChecker() {
        XCTAssertEqual(CryptoSavingsChecks.run(Self.world(), history: History()), [])
    }

    func testNoLossReportsAConfirmedObjectMissingFromTheCloudAndADevice() {
        let world = Self.world(ledger: Self.ledger([("Goal \(Self.goal)", "alice"), ("Transaction 99999999-0000-4000-8000-000000000000", "alice")]))
        let found = Self.violations(world, "no-loss")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].entities[0].location.contains("iCloud(alice)"), "\(found)")
    }

    func testNoLossCountsAnEditSetAsideAtAnAccountChangeAsReportedNotLost() {
        let key = "Transaction 99999999-0000-4000-8000-000000000000"
        let setAside = Self.device("phone", account: "bob", rows: [], setAside: ["alice": [key]])
        var world = Self.world(devices: [setAside, Self.device("tablet", rows: Self.rows())], ledger: Self.ledger([(key, "alice")]))
        XCTAssertEqual(Self.violations(world, "no-loss"), [], "set aside and reported")
        world.devices[0].setAside = [:]
        XCTAssertEqual(Self.violations(world, "no-loss").count, 1, "dropped silently")
    }

    /// The allocation set to 3000 on the phone, then to `later` on the tablet in `laterEpoch`.
    /// With `uncertain`, an export conflict on the tablet follows its edit.
    static func allocationEdits(later: String, laterEpoch: Int, uncertain: Bool = false) -> ConfirmedObjects {
        var ledger = ledger()
        func allocate(_ id: Int, _ device: String, _ amount: String, epoch: Int) -> LedgerEntry<CryptoEvent> {
            let action = SavingsAction.allocate(assetID: asset, goalID: goal, amount: Units(amount)!, historyID: "h\(id)", freshID: "f\(id)")
            return LedgerEntry(id: id, device: device, action: .action(action, owner: "alice", month: month, build: 2), epoch: epoch, status: .ok)
        }
        var entries = [allocate(0, "phone", "3000", epoch: 0), allocate(1, "tablet", later, epoch: laterEpoch)]
        if uncertain { entries.append(LedgerEntry(id: 2, device: "tablet", action: .serverWins, epoch: laterEpoch, status: .ok)) }
        ledger.lastValues = ConfirmedObjects.lastValues(OperationLedger(entries: entries))
        return ledger
    }

    /// The ledger is the run's history folded in recorded order: a confirmed action is an entry
    /// (in the month it was confirmed in), an unconfirmed or cut-off one only an attempt, a mirror
    /// binding adopts the device's local-only objects recorded before it (not the ones after, even
    /// at the same instant), and an export conflict makes the device's value edits uncertain.
    func testTheLedgerIsFoldedFromTheHistoryInRecordedOrder() {
        let history = History()
        func hand(_ action: SavingsAction, _ device: String, owner: String?, epoch: Int = 0) -> Int {
            let event = CryptoEvent.action(action, owner: owner, month: "2026-01", build: 2)
            return history.invoke(process: device, name: event.operationName, payload: LedgerPayload(event, epoch: epoch), at: 0)
        }
        func observe(_ event: CryptoEvent, _ device: String) {
            history.observe(process: device, event.operationName, event, at: 0)
        }
        let goal = hand(.addGoal(id: "g1", name: "Trip", currency: "BTC", target: Units(100), deadlineMillis: 0), "phone", owner: nil)
        history.complete(goal, .ok, result: "2026-02", at: 0)  // confirmed after the month turned
        observe(.mirrored(user: "alice"), "phone")  // adopts the goal
        let tx = hand(.addTransaction(id: "t1", assetID: "a1", amount: Units(5000)), "phone", owner: nil)
        observe(.mirrored(user: "alice"), "phone")  // recorded before the confirmation: does not adopt it
        history.complete(tx, .ok, result: "2026-02", at: 0)
        let allocation = hand(.allocate(assetID: "a1", goalID: "g1", amount: Units(3000), historyID: "h1", freshID: "f1"), "tablet", owner: "alice")
        history.complete(allocation, .ok, result: "2026-01", at: 0)
        observe(.serverWins, "tablet")
        history.complete(hand(.sync, "phone", owner: "alice"), .ok, at: 0)  // a sync confirms no object
        _ = hand(.addGoal(id: "g2", name: "Car", currency: "BTC", target: Units(7), deadlineMillis: 0), "tablet", owner: "alice")
        history.interruptAll(process: "tablet", at: 1)  // the kill cuts the second goal off

        let ledger = ConfirmedObjects(ledger: OperationLedger(history: history))
        XCTAssertEqual(ledger.entries.map { "\($0.key) \($0.owner ?? "-") \($0.device)" },
                       ["Goal g1 alice phone", "Transaction t1 - phone", "AssetAllocation a1/g1 alice tablet", "AllocationHistory h1 alice tablet"])
        XCTAssertEqual(ledger.attempts.map(\.key), ["Goal g1", "Transaction t1", "AssetAllocation a1/g1", "AllocationHistory h1", "Goal g2"])
        XCTAssertEqual(ledger.transactionAmounts, ["t1": Units(5000)])
        XCTAssertEqual(ledger.lastValues.map { "\($0.key) \($0.value) \($0.device)" }, ["Goal g1 Trip | 100 phone"],
                       "the allocation's edit may be among those the export conflict dropped; the second goal was never confirmed")
    }

    /// An edit a kill cut off after its save committed is confirmed by the relaunch's look at the
    /// store (`savedBeforeKill`): it is an entry with the owner and month it was handed over
    /// with, so an account change that then drops it without setting it aside is silent loss.
    func testAnEditSavedBeforeAKillIsAnEntryNoLossAsksFor() {
        let history = History()
        let action = SavingsAction.addTransaction(id: "t9", assetID: Self.asset, amount: Units(700))
        let handed = CryptoEvent.action(action, owner: "alice", month: Self.month, build: 2)
        _ = history.invoke(process: "phone", name: handed.operationName, payload: LedgerPayload(handed, epoch: 0), at: 0)
        history.interruptAll(process: "phone", at: 1)  // killed in its export: never confirmed
        XCTAssertEqual(ConfirmedObjects(ledger: OperationLedger(history: history)).entries, [], "cut off: only an attempt")
        let saved = CryptoEvent.savedBeforeKill(action, owner: "alice", month: Self.month, build: 2)
        history.observe(process: "phone", saved.operationName, saved, at: 2)

        let ledger = ConfirmedObjects(ledger: OperationLedger(history: history))
        XCTAssertEqual(ledger.entries, [ConfirmedObjects.Entry(key: "Transaction t9", owner: "alice", device: "phone")])
        XCTAssertEqual(ledger.transactionAmounts, ["t9": Units(700)])
        XCTAssertEqual(ledger.exactlyStored, ["t9"], "made by build 2: its exact amount is judged")
        let v1 = CryptoEvent.savedBeforeKill(.addTransaction(id: "t1", assetID: Self.asset, amount: Units(5)), owner: nil,
                                                    month: Self.month, build: 1)
        history.observe(process: "phone", v1.operationName, v1, at: 3)
        XCTAssertEqual(ConfirmedObjects(ledger: OperationLedger(history: history)).exactlyStored, ["t9"], "build 1 kept only a Double")
        // The relaunch found bob's Apple ID and purged the store: nothing holds the transaction.
        var world = Self.world(devices: [Self.device("phone", account: "bob", rows: []), Self.device("tablet", rows: Self.rows())],
                               ledger: ledger)
        XCTAssertEqual(Self.violations(world, "no-loss").count, 1, "purged without a note: silent loss")
        world.devices[0].setAside = ["alice": ["Transaction t9"]]
        XCTAssertEqual(Self.violations(world, "no-loss"), [], "set aside and reported")
    }

    /// The relaunch counts the killed edit as saved only when the store was written since the
    /// edit was handed over and holds every object the edit makes; either way the edit is no
    /// longer in flight.
    func testARelaunchCountsAKilledEditAsSavedOnlyWhenTheStoreHoldsItsObjects() throws {
        for (stored, written) in [(true, true), (false, true), (true, false)] {
            let sim = Simulator(seed: 1)
            let stage = CryptoStage(sim: sim, variant: .fixed, size: 0, config: CloudKitServerConfig())
            let phone = stage.addDevice("phone", user: "alice")
            var snapshot = StoreSnapshot(schema: CryptoSchemas.v2, options: StoreFakeOptions())
            for row in Self.rows() where stored || row.id.entityName != "Transaction" { snapshot.rows[row.id] = row }
            phone.files.write(CryptoSavingsApplication.storePath, snapshot.encoded())
            let action = SavingsAction.addTransaction(id: Self.tx, assetID: Self.asset, amount: Units(5000))
            // Not written since: the store held the object before the edit was handed over.
            let before = written ? nil : phone.files.content(CryptoSavingsApplication.storePath)
            stage.editsInFlight["phone"] = EditInFlight(action: action, owner: "alice", month: Self.month, build: 2, storeBefore: before)
            try sim.run { _ in
                phone.launch { context in stage.noteEditSavedBeforeKill(context) }
                await phone.waitUntilStopped()
            }
            XCTAssertEqual(ConfirmedObjects(ledger: stage.ledger).entries.map(\.key), stored && written ? ["Transaction \(Self.tx)"] : [],
                           "stored: \(stored), written: \(written)")
            XCTAssertNil(stage.editsInFlight["phone"])
        }
    }

    func testNoLostUpdateReportsAnOlderValueShownWhereTheLastEditShouldStand() {
        let found = Self.violations(Self.world(ledger: Self.allocationEdits(later: "4000", laterEpoch: 1)), "no-lost-update")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].entities.map(\.location), ["iCloud(alice)", "phone", "tablet"], "\(found)")
        XCTAssertTrue(found[0].entities[0].expected.hasPrefix("4000"), "\(found)")
        XCTAssertEqual(found[0].entities[0].actual, "3000")
    }

    func testNoLostUpdateLetsConcurrentEditsAndDroppedOrCurrentValuesPass() {
        XCTAssertEqual(Self.violations(Self.world(ledger: Self.allocationEdits(later: "4000", laterEpoch: 0)), "no-lost-update"), [],
                       "two devices in one epoch: concurrent, either may win")
        XCTAssertEqual(Self.violations(Self.world(ledger: Self.allocationEdits(later: "4000", laterEpoch: 1, uncertain: true)), "no-lost-update"), [],
                       "an export conflict may have dropped it")
        XCTAssertEqual(Self.violations(Self.world(ledger: Self.allocationEdits(later: "3000", laterEpoch: 1)), "no-lost-update"), [],
                       "the last value is shown")
    }

    func testNoDuplicateReportsTwoShownAllocationsOfOneAssetAndGoal() {
        let second = ModelRow(id: PersistentIdentifier(entityName: "AssetAllocation", number: 9),
                              attributes: ["id": .uuid("99999999-0000-4000-8000-000000000009"), "amountUnits": "1"],
                              relationships: ["asset": [PersistentIdentifier(entityName: "Asset", number: 2)], "goal": [PersistentIdentifier(entityName: "Goal", number: 1)]])
        let world = Self.world(devices: [Self.device("phone", rows: Self.rows(extra: [second]))])
        let found = Self.violations(world, "no-duplicate")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].entities.contains { $0.entity.contains("AssetAllocation by natural key") }, "\(found)")
    }

    func testConvergenceReportsDevicesOfOneAccountShowingDifferentAllocations() {
        let world = Self.world(devices: [Self.device("phone", rows: Self.rows()), Self.device("tablet", rows: Self.rows(allocation: "4000"))])
        XCTAssertEqual(Self.violations(world, "convergence").count, 1)
    }

    func testBalanceEqualityReportsADeviceBalanceThatDiffersFromTheCloudsRecords() {
        let world = Self.world(devices: [Self.device("phone", rows: Self.rows(transactionAmount: "5001"))])
        let found = Self.violations(world, "balance-equality")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].entities[0].expected, "5000")
    }

    func testDerivedEqualsRecomputedReportsAStoredPlanShownInsteadOfTheRecomputation() {
        let plan = ModelRow(id: PersistentIdentifier(entityName: "MonthlyPlan", number: 8),
                            attributes: ["id": .uuid("99999999-0000-4000-8000-000000000008"), "goalId": .uuid(Self.goal), "monthLabel": .string(Self.month),
                                         "remainingUnits": "7", "requiredUnits": "1", "monthsRemaining": 7], relationships: [:])
        let stale = Self.device("phone", rows: Self.rows(extra: [plan]), variant: try! .parse("trusts-synced-derived-values"))
        let found = Self.violations(Self.world(devices: [stale]), "derived-equals-recomputed")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].entities[0].expected, "allocated 3000 remaining 99997000 required 11110778 over 9")
    }

    /// The months come from the device's clock and the goal's deadline through the checker's own
    /// calendar, not the app's labels: a view whose month count is off (computed for a month a
    /// year early, as an app that ignored the year could) is reported; a deadline in a later year
    /// is counted across the year.
    func testDerivedEqualsRecomputedCountsMonthsWithItsOwnCalendar() {
        let yearEarly = SavingsView(rows: Self.rows(), variant: .fixed, month: "2025-01")
        var device = Self.device("phone", rows: Self.rows())
        device.view = yearEarly
        let found = Self.violations(Self.world(devices: [device]), "derived-equals-recomputed")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].entities[0].expected, "allocated 3000 remaining 99997000 required 11110778 over 9")
        XCTAssertEqual(found[0].entities[0].actual, "allocated 3000 remaining 99997000 required 4761762 over 21")

        // Due 2027-03-01T00:00Z: January 2026 through March 2027 is 15 months.
        var nextYear = Self.rows()
        nextYear[0] = ModelRow(id: nextYear[0].id, attributes: nextYear[0].attributes.merging(["deadline": .date(1_803_859_200_000)]) { $1 },
                               relationships: [:])
        let line = Self.device("phone", rows: nextYear)
        XCTAssertEqual(line.view.goals[Self.goal]?.monthsRemaining, 15)
        XCTAssertEqual(Self.violations(Self.world(devices: [line]), "derived-equals-recomputed"), [])
    }

    /// Each asset's balance is also the sum of its shown transactions, added by the checker: an
    /// ETH transaction stored only as the plan's `Double` shows the nearest `Double`, not the
    /// amount the user typed.
    func testBalanceEqualityAddsAnAssetsTransactionsItself() {
        let typed = "123456789012345678901"  // 123.456789012345678901 ETH in wei
        var rows = Self.rows()
        rows[1] = ModelRow(id: rows[1].id, attributes: ["id": .uuid(Self.asset), "currency": "ETH"], relationships: [:])
        // As the store holds a row written with only the Double: the exact column at V2's default "".
        rows[2] = ModelRow(id: rows[2].id, attributes: ["id": .uuid(Self.tx), "amount": .double(123.456789012345678901), "amountUnits": ""],
                           relationships: rows[2].relationships)
        var ledger = Self.ledger()
        ledger.acknowledge(.addTransaction(id: Self.tx, assetID: Self.asset, amount: Units(typed)!), device: "phone", owner: "alice", month: Self.month,
                          build: 1)
        let device = Self.device("phone", rows: rows)
        XCTAssertNotEqual(device.view.assetBalances[Self.asset]?.text, typed)
        let found = Self.violations(Self.world(devices: [device], clouds: [Self.cloud(rows: rows)], ledger: ledger), "balance-equality")
        let sums = found.flatMap(\.entities).filter { $0.location == "phone (sum of its transactions)" }
        XCTAssertEqual(sums.map(\.expected), [typed], "\(found)")
        // The exact column, when the row has it, is what counts.
        rows[2] = ModelRow(id: rows[2].id, attributes: ["id": .uuid(Self.tx), "amountUnits": .string(typed)], relationships: rows[2].relationships)
        XCTAssertEqual(Self.violations(Self.world(devices: [Self.device("phone", rows: rows)], clouds: [Self.cloud(rows: rows)], ledger: ledger),
                                       "balance-equality"), [])
    }

    /// A transaction a build-2 app confirmed shows the typed amount exactly wherever it is shown:
    /// an exact column rewritten the same way on the device and in iCloud (so both balance
    /// comparisons agree) is reported in both places; build 1's rows are not judged.
    func testBalanceEqualityReportsAnExactAmountThatIsNotWhatTheUserTyped() {
        let typed = "123456789012345678901", rounded = "123456789012345680000"  // wei, and the Double's 17 digits
        var rows = Self.rows()
        rows[1] = ModelRow(id: rows[1].id, attributes: ["id": .uuid(Self.asset), "currency": "ETH"], relationships: [:])
        rows[2] = ModelRow(id: rows[2].id, attributes: ["id": .uuid(Self.tx), "amountUnits": .string(rounded)], relationships: rows[2].relationships)
        let world = { (build: Int) -> CryptoWorld in
            var ledger = Self.ledger()
            ledger.acknowledge(.addTransaction(id: Self.tx, assetID: Self.asset, amount: Units(typed)!), device: "phone", owner: "alice",
                               month: Self.month, build: build)
            return Self.world(devices: [Self.device("phone", rows: rows)], clouds: [Self.cloud(rows: rows)], ledger: ledger)
        }
        let found = Self.violations(world(2), "balance-equality").flatMap(\.entities)
        XCTAssertEqual(found.map(\.location), ["phone", "iCloud(alice)"], "\(found)")
        XCTAssertEqual(found.map(\.actual), [rounded, rounded])
        XCTAssertEqual(Self.violations(world(1), "balance-equality"), [], "build 1 stored only a Double")
        rows[2] = ModelRow(id: rows[2].id, attributes: ["id": .uuid(Self.tx), "amountUnits": .string(typed)], relationships: rows[2].relationships)
        XCTAssertEqual(Self.violations(world(2), "balance-equality"), [])
        // A row written with only the plan's Double (the exact column at V2's default "") is not judged here.
        rows[2] = ModelRow(id: rows[2].id, attributes: ["id": .uuid(Self.tx), "amount": .double(123.45), "amountUnits": ""],
                           relationships: rows[2].relationships)
        XCTAssertEqual(Self.violations(world(2), "balance-equality").flatMap(\.entities).filter { $0.entity.hasSuffix(" amount") }, [])
    }

    func testReferentialIntegrityReportsATransactionWithoutItsAsset() {
        let orphan = ModelRow(id: PersistentIdentifier(entityName: "Transaction", number: 7),
                              attributes: ["id": .uuid("99999999-0000-4000-8000-000000000007"), "amountUnits": "1"], relationships: [:])
        let found = Self.violations(Self.world(devices: [Self.device("phone", rows: Self.rows(extra: [orphan]))]), "referential-integrity")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].entities[0].entity.hasPrefix("Transaction 99999999 → Asset"), "\(found)")
    }

    /// One goal uploaded twice (two records, one stable id): dedupe shows the newer copy and hides
    /// the one the allocation's relationship names; the app reads the relationship by stable id,
    /// so the allocation still belongs to a shown goal.
    func testReferentialIntegrityReadsARelationshipToAHiddenCopyByItsStableID() {
        let copy = ModelRow(id: PersistentIdentifier(entityName: "Goal", number: 8),
                            attributes: ["id": .uuid(Self.goal), "name": "Trip", "currency": "BTC", "targetUnits": "100000000",
                                         "deadline": .date(1_790_000_000_000), "lastModifiedDate": .date(Self.wall)], relationships: [:])
        let device = Self.device("phone", rows: Self.rows(extra: [copy]))
        XCTAssertEqual(device.view.losers.map(\.id), [PersistentIdentifier(entityName: "Goal", number: 1)], "the allocation's goal is the hidden copy")
        XCTAssertEqual(Self.violations(Self.world(devices: [device]), "referential-integrity"), [])
    }

    func testNoCrossAccountLeakReportsAnotherAccountsObjectInTheCloudAndOnADevice() {
        let bobs = Self.device("phone", account: "bob", rows: Self.rows())
        let world = Self.world(devices: [bobs], clouds: [Self.cloud(rows: Self.rows()), Self.cloud("bob", rows: Self.rows())])
        let found = Self.violations(world, "no-cross-account-leak")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].entities.contains { $0.location == "iCloud(bob)" } && found[0].entities.contains { $0.location == "phone as bob" }, "\(found)")
    }

    func testEventualCompletionReportsAShownObjectThatNeverReachedTheCloud() {
        let world = Self.world(clouds: [Self.cloud(rows: Array(Self.rows().dropLast()))])
        let found = Self.violations(world, "eventual-completion")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].kind, .liveness)
        XCTAssertTrue(found[0].entities.allSatisfy { $0.entity.hasPrefix("AssetAllocation") && $0.actual == "never uploaded" })
    }

    func testQuiescenceReportsSyncTrafficThatNeverStopped() {
        let world = Self.world(healing: HealingOutcome(pending: ["traffic: phone still moved 3 records in healing round 6"]))
        XCTAssertEqual(Self.violations(world, "quiescence").count, 1)
        XCTAssertEqual(Self.violations(world, "eventual-completion"), [], "traffic is quiescence's, not completion's")
    }
}
