import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// One device works offline for a long time (app and Siri timers) while the other keeps
    /// working online; then it comes back, and both keep working while the folder syncs.
    static var offlineEditsThenSync: MinutaScenario {
        MinutaScenario(
            name: "offline-edits-then-sync",
            summary: "one device works offline for long (app and App Intents), the other online; reconnect and keep working during sync",
            options: .init(providers: [.dropbox, .icloud, .gdrive]),
            coverageMarks: ["minuta: timer started by an App Intent", "minuta: timer stopped by an App Intent", "minuta: conflict copies merged"],
            script: { stage in
                let devices = await stage.twoMigratedDevices()
                let (a, b) = (devices[0], devices[1])
                stage.goOffline(a, "long-offline")
                for _ in 0..<(3 + stage.draw(4)) {
                    await stage.perform(a, stage.randomAction(a))
                    if stage.draw(2) == 0 { await stage.perform(b, stage.randomAction(b)) }
                    await stage.pause(.seconds(Int64(5 + stage.draw(60))))
                }
                stage.setOffline(a, false)
                for _ in 0..<(2 + stage.draw(3)) {
                    stage.enqueue(a, stage.randomAction(a))
                    stage.enqueue(b, stage.randomAction(b))
                    await stage.pause(.seconds(Int64(1 + stage.draw(10))))
                }
                await stage.barrier()
                await stage.randomActions(b, count: 2)
                await stage.barrier()
            })
        }
    }
