import AppPorts
import FakeCloud
import SimCore
import Swiff
@testable import SwiffSim
import XCTest

/// The generated V1/V2 stores hold stored balances that drifted from their expenses (as the old
/// release's incremental updates left them), so a migration that converts the stored `Double`
/// instead of deriving `balanceCents` from the expenses is reported by balance-equality.
final class SwiffBalanceDriftTests: XCTestCase {
    typealias F = SwiffAppFixtures

    /// The stage a scenario builds for `seed` (dataset and drift drawn as in every run).
    static func stage(seed: UInt64, size: Int = 0, variant: String = "fixed") -> SwiffStage {
        let sim = Simulator(seed: seed, options: SimulatorOptions(policy: .fifo))
        return SwiffStage(sim: sim, variant: try! SwiffVariant.parse(variant), size: size)
    }

    func testEveryDatasetHoldsADriftedMinorityWhoseStoredBalanceDiffersFromTheExpenses() {
        var drifted = 0, candidates = 0
        var causes: Set<String> = []
        for seed in UInt64(1)...40 {
            for size in [0, 1] {
                let stage = Self.stage(seed: seed, size: size)
                let effects = SwiffBalanceDrift.expenseEffects(stage.dataset)
                XCTAssertFalse(stage.drift.entries.isEmpty, "seed \(seed) size \(size): at least one drifted person")
                for entry in stage.drift.entries {
                    XCTAssertNotEqual(entry.storedCents, entry.derivedCents, "seed \(seed)")
                    XCTAssertEqual(entry.derivedCents, effects[entry.personID]?.reduce(0, +), "seed \(seed): derived as the app derives")
                    causes.insert(entry.cause.rawValue)
                }
                if size == 1 { (drifted, candidates) = (drifted + stage.drift.entries.count, candidates + effects.count) }
            }
        }
        XCTAssertEqual(causes, ["rounding", "lost-update", "deleted-expense"])
        XCTAssertTrue(candidates / 8 < drifted && drifted < candidates / 2, "about one in four: \(drifted) of \(candidates)")
    }

    func testTheDriftIsItsOwnStreamSoTheRestOfTheDatasetIsUnchanged() {
        let sim = Simulator(seed: 7)
        var data = sim.random.fork("swiff:dataset")
        XCTAssertEqual(Self.stage(seed: 7).dataset, SwiffDataset.generate(&data, size: 0))
        XCTAssertEqual(Self.stage(seed: 7).drift, Self.stage(seed: 7).drift, "same seed, same drift")
    }

    /// The V1 store a scenario sets up, upgraded by build 3 of `variant` (no faults): what
    /// balance-equality finds, and the drift the store held.
    func upgradedSetUp(seed: UInt64, variant: String) throws -> (found: [Violation], drift: SwiffBalanceDrift, v1: [String: Int64]) {
        let stage = Self.stage(seed: seed)
        let (store, v1) = try stage.sim.run { _ in
            let device = await stage.setUp("phone", build: 1)
            let v1 = LogicalStore(bytes: device.files.read(PersistenceService.storePath))!
            let balances = Dictionary(uniqueKeysWithValues: v1.snapshot.rows(of: "PersonModel").map {
                ($0["id"]!.uuidValue!, Money.cents($0["balance"])!)
            })
            let app = F.app(device, build: 3, variant: variant)
            let result = await app.launch()
            XCTAssertEqual(result, .opened, variant)
            return (device.files.read(PersistenceService.storePath)!, balances)
        }
        let world = SwiffWorld(phones: [SwiffWorld.Phone(name: "phone", expected: [:], store: store, backups: [:])])
        return (BalanceEqualityChecker().check(world, history: History()), stage.drift, v1)
    }

    func testTheSetUpStoreHoldsTheDriftAndTheFixedUpgradeDerivesItAway() throws {
        for seed in UInt64(1)...5 {
            let (found, drift, v1) = try upgradedSetUp(seed: seed, variant: "fixed")
            for entry in drift.entries {
                XCTAssertEqual(v1[entry.personID], entry.storedCents, "seed \(seed): the V1 store holds the drifted balance")
            }
            XCTAssertEqual(found, [], "seed \(seed): the fixed upgrade derives every balanceCents from the expenses")
        }
    }

    /// `transform-in-did-migrate` converts the stored balance (the seed's capture-and-copy): with
    /// a drifted store and no kill at all, balance-equality names exactly the drifted people.
    func testAMigrationCopyingStoredBalancesIsReportedForExactlyTheDriftedPeople() throws {
        for seed in UInt64(1)...5 {
            let (found, drift, _) = try upgradedSetUp(seed: seed, variant: "transform-in-did-migrate")
            XCTAssertEqual(found.map(\.invariant), ["balance-equality"], "seed \(seed)")
            let reported = Set(found.flatMap(\.entities).map { "\($0.entity) \($0.expected) \($0.actual)" })
            let drifted = Set(drift.entries.map {
                "person \($0.personID.prefix(8)) balanceCents \($0.derivedCents) (derived) \($0.storedCents)"
            })
            XCTAssertEqual(reported, drifted, "seed \(seed)")
        }
    }
}
