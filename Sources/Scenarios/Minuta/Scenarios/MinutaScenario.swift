import AppPorts
import CRDT
import FakeCloud
import SimCore
import SimHarness

/// A Minuta scenario: which providers it may draw, which fault families it forces, and a script
/// that sets up devices and drives the user; healing and the checks are common to all.
struct MinutaScenario: AppScenario {
    let app = MinutaApp.name
    let name: String
    let summary: String
    let invariants = MinutaChecks.names
    /// Providers the seed draws from.
    var providers: [FolderProvider] = FolderProvider.allCases
    /// What the scenario does to the seed's swarm plan (storage faults never: Minuta's files go
    /// through the folder fake, which models its own failures).
    var faults = FaultPolicy()
    let script: @Sendable (MinutaStage) async -> Void

    func execute(in sim: Simulator, variant name: String, size: Int) throws -> [Violation] {
        let variant = try MinutaVariant.parse(name)
        faults.turningOff([.storage]).apply(to: sim.faults)
        var pick = sim.random.fork("minuta:provider")
        let stage = MinutaStage(sim: sim, variant: variant, size: size, provider: providers[pick.below(providers.count)])
        let script = self.script
        let healing = try sim.run { _ in
            await script(stage)
            return await stage.heal()
        }
        return MinutaChecks.run(MinutaWorld(stage: stage, healing: healing), history: sim.history)
    }
}

/// Every Minuta invariant, in report order.
enum MinutaChecks {
    static var names: [String] {
        ["convergence", "no-loss", "no-lost-update", "no-resurrection", "file-layout", "no-duplicate", "merge-laws"]
    }

    static func run(_ world: MinutaWorld, history: History) -> [Violation] {
        MinutaConvergenceChecker().check(world, history: history)
            + MinutaNoLossChecker().check(world, history: history)
            + MinutaNoLostUpdateChecker().check(world, history: history)
            + MinutaNoResurrectionChecker().check(world, history: history)
            + MinutaFileLayoutChecker().check(world, history: history)
            + MinutaNoDuplicateChecker().check(world, history: history)
            + MinutaMergeLawsChecker().check(world, history: history)
    }
}

extension MinutaStage {
    /// Two (or `count`) devices of one user sharing the folder, the legacy data synced to all of
    /// them, each app launched and its migration done; returns the devices.
    func twoMigratedDevices(offsets: [Int] = [0, 0], killJobs: Int = 0) async -> [Device] {
        let devices = offsets.enumerated().map { index, offset in
            addDevice("device-\(index + 1)", editor: index == 0 ? "Ann" : "Ann (Work)", utcOffsetSeconds: offset)
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
