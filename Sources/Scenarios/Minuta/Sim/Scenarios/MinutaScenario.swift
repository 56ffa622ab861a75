import AppPorts
import CRDT
import FakeCloud
import Minuta
import SimCore
import SimHarness

/// Minuta as the generic scenario sees it: its stage (the shared cloud folder, the devices, the
/// legacy dataset), its healing and its checks. Storage faults never: Minuta's files go through
/// the folder fake, which models its own failures.
enum MinutaRun: ScenarioApp {
    typealias Defect = MinutaDefect
    typealias Stage = MinutaStage
    typealias Action = MinutaEdit

    /// Per-scenario set-up: the providers the seed draws the folder's provider from, and whether
    /// the user never made a tag (the legacy store has no `tags.json` and no record a tag).
    struct Options: Sendable {
        var providers: [FolderProvider]
        var untaggedLegacy = false
    }

    static var name: String { MinutaApp.name }
    static var invariants: [String] { MinutaChecks.names }
    static var faultFamilies: [FaultFamily] {
        [.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .slowResponse, .partition, .kill, .buggify]
    }
    static var defaultOptions: Options { Options(providers: FolderProvider.allCases) }

    static func makeStage(_ sim: Simulator, variant: MinutaVariant, size: Int, options: Options) -> MinutaStage {
        var pick = sim.random.fork("minuta:provider")
        return MinutaStage(sim: sim, variant: variant, size: size, provider: options.providers[pick.below(options.providers.count)],
                           untaggedLegacy: options.untaggedLegacy)
    }

    static func healing(_ stage: MinutaStage) -> Healing<MinutaStage.DevicePlan> { stage.healingPlan }

    static func check(_ stage: MinutaStage, healing: HealingOutcome, reference: Void, history: History) -> [Violation] {
        MinutaChecks.run(MinutaWorld(stage: stage, healing: healing), history: history)
    }
}

/// A Minuta scenario: a script that sets up devices and drives the users, over Minuta's stage,
/// healing and checks.
typealias MinutaScenario = Scenario<MinutaRun>

/// Every Minuta invariant, in report order.
enum MinutaChecks {
    static let suite = CheckSuite<MinutaWorld>([
        MinutaConvergenceChecker(), MinutaNoLossChecker(), MinutaNoLostUpdateChecker(), MinutaNoResurrectionChecker(),
        MinutaFileLayoutChecker(), MinutaNoDuplicateChecker(), MinutaMergeLawsChecker(), MinutaNoSpuriousRefusalChecker(),
        MinutaDateRangeChecker(),
    ])

    static var names: [String] { suite.names }

    static func run(_ world: MinutaWorld, history: History) -> [Violation] { suite.run(world, history: history) }
}

extension MinutaStage {
    /// Two (or `count`) devices of one user sharing the folder, the legacy data synced to all of
    /// them, each app launched and its migration done; returns the devices.
    func twoMigratedDevices(offsets: [Int] = [0, 0], skews: [Int64] = [0, 0], killJobs: Int = 0) async -> [Device] {
        let devices = offsets.enumerated().map { index, offset in
            addDevice("device-\(index + 1)", editor: index == 0 ? "Ann" : "Ann (Work)", utcOffsetSeconds: offset,
                      clockSkewMilliseconds: index < skews.count ? skews[index] : 0)
        }
        installLegacy(on: devices[0])
        attach(devices[0])
        await settle()
        for device in devices.dropFirst() { attach(device) }
        await settle()
        for device in devices {
            if killJobs > 0 { await launchKillable(device, jobs: killJobs) } else { launch(device); await waitForLaunch(device) }
        }
        await barrier()
        return devices
    }

    /// A legacy record id drawn by the script.
    func someRecordId() -> String { dataset.records[draw(dataset.records.count)].id }

    /// A legacy tag id drawn by the script.
    func someTagId() -> String { dataset.tags[draw(dataset.tags.count)].id }

    /// A unique text for an edit made on `device`.
    func text(_ device: Device, _ what: String) -> String { "\(what) by \(device.name) #\(draw(1_000_000))" }
}
