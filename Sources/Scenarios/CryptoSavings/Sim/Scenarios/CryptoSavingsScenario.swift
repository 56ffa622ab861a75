import AppPorts
import AppleStandIns
import CryptoSavings
import FakeCloud
import SimCore
import SimHarness

/// CryptoSavings as the generic scenario sees it: its stage (the fake CloudKit and the users'
/// devices), its healing and its checks.
enum CryptoSavingsRun: ScenarioApp {
    typealias Defect = CryptoSavingsDefect
    typealias Stage = CryptoStage
    typealias Action = CryptoEvent

    /// Per-scenario set-up: the server's settings, with the change-feed page size drawn from the
    /// seed (small pages split a device's records across fetches: relationships arrive before
    /// their targets).
    struct Options: Sendable {
        var config = CloudKitServerConfig()
        var pageSizes = [1, 2, 3, 5, 200]
        /// Byte sizes divided by this (the server's record and request limits, the mirror's
        /// asset threshold, the scenario's blobs): the platform's ratios at a fraction of the
        /// bytes, so a seed that fills a record stays cheap.
        var sizeScale = 1
    }

    static var name: String { CryptoSavingsApp.name }
    static var invariants: [String] { CryptoSavingsChecks.names }
    /// Every family: the app writes through a faulty disk only where a scenario turns
    /// storage faults on.
    static var faultFamilies: [FaultFamily] {
        [.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .slowResponse, .partition, .kill, .buggify, .storage]
    }
    static var defaultOptions: Options { Options() }

    static func makeStage(_ sim: Simulator, variant: CryptoSavingsVariant, size: Int, options: Options) -> CryptoStage {
        var random = sim.random.fork("cryptosavings:server")
        var config = options.config
        config.changesPageSize = options.pageSizes[random.below(options.pageSizes.count)]
        config.maxRecordBytes /= options.sizeScale
        config.maxRequestBytes /= options.sizeScale
        let stage = CryptoStage(sim: sim, variant: variant, size: size, config: config)
        stage.assetThresholdBytes = CloudKitMirrorOptions().assetThresholdBytes / options.sizeScale
        return stage
    }

    static func healing(_ stage: CryptoStage) -> Healing<Device> { stage.healingPlan }

    static func check(_ stage: CryptoStage, healing: HealingOutcome, reference: Void, history: History) -> [Violation] {
        CryptoSavingsChecks.run(CryptoWorld(stage: stage, healing: healing), history: history)
    }
}

/// A CryptoSavings scenario: a script over the stage; healing and the checks are common.
typealias CryptoSavingsScenario = Scenario<CryptoSavingsRun>

/// Every CryptoSavings invariant, in report order.
enum CryptoSavingsChecks {
    static let suite = CheckSuite<CryptoWorld>([
        NoLossChecker(), NoLostUpdateChecker(), NoDuplicateChecker(), ConvergenceChecker(), BalanceEqualityChecker(), DerivedEqualsRecomputedChecker(),
        ReferentialIntegrityChecker(), NoCrossAccountLeakChecker(), EventualCompletionChecker(), QuiescenceChecker(),
    ])

    static var names: [String] { suite.names }

    static func run(_ world: CryptoWorld, history: History) -> [Violation] { suite.run(world, history: history) }
}

extension CryptoStage {
    /// The fault families a syncing scenario draws from: the network's, kills over the whole
    /// life; storage off (only the upgrade scenario writes through a faulty disk).
    static let syncFaults = FaultPolicy(off: [.storage], capped: [.requestLoss: 100_000, .responseLoss: 100_000, .partition: 200_000])

    /// alice's phone with the initial data, synced, and her tablet that imported it.
    func alicesPhoneAndTablet() async -> (Device, Device) {
        let phone = addDevice("phone", user: "alice")
        let tablet = addDevice("tablet", user: "alice")
        kills.sweep(phone, CryptoKill.life)
        kills.sweep(tablet, CryptoKill.life)
        await session(phone, initialActions())
        await session(tablet, [.sync])
        return (phone, tablet)
    }
}
