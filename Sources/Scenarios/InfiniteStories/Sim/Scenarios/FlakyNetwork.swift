import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// 5xx, 429 with Retry-After, lost requests, slow responses and partitions, then healing.
    static let flakyNetwork = StoriesScenario(
        name: "flaky-network",
        summary: "5xx, 429 with Retry-After, lost requests, timeouts and partitions during the migration, then healing",
        faults: .flakyNetwork,
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.sim.network.schedulePartitions(for: device, within: .seconds(600), windows: 3)
            stage.launch(device)
            await device.waitUntilStopped()
        })
}
