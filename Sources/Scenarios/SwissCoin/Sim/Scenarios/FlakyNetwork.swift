import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// 5xx, 429, lost requests, slow responses and partitions during the migration, then healing.
    static var flakyNetwork: SwissCoinScenario {
        SwissCoinScenario(
            name: "flaky-network",
            summary: "5xx, 429 with Retry-After, lost requests, timeouts and partitions during migration, then healing",
            faults: .flakyNetwork,
            script: { stage in
                stage.createAccount("alice")
                let device = stage.addDevice("device-1", owner: "alice")
                stage.sim.network.schedulePartitions(for: device, within: .seconds(600), windows: 3)
                stage.launch(device)
                await device.waitUntilStopped()
            })
        }
    }
