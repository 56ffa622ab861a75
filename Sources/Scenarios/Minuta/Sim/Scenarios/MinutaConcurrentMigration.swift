import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// Two devices migrate their own JSON copies of the same folder at the same time (sometimes
    /// offline), then edit; or only a newly set-up device migrates, while its copy of the folder
    /// is still downloading.
    static var concurrentMigration: MinutaScenario {
        MinutaScenario(
            name: "concurrent-migration",
            summary: "two devices migrate the same folder at once (offline windows), then edit; or a new device migrates a half-downloaded folder",
            faults: FaultPolicy(forced: [.partition: 300_000]),
            options: .init(providers: [.dropbox, .icloud, .gdrive]),
            coverageMarks: ["minuta: a new device migrates a half-downloaded folder"],
            script: { stage in
                if stage.draw(3) == 0 { await stage.lateDeviceMigrates(); return }
                let a = stage.addDevice("device-1", editor: "Ann")
                let b = stage.addDevice("device-2", editor: "Ann (Work)")
                stage.installLegacy(on: a)
                stage.attach(a)
                await stage.settle()
                stage.attach(b)
                await stage.settle()
                for device in [a, b] { stage.maybeOffline(device, within: .seconds(30)) }
                stage.launch(a)
                stage.launch(b)
                await stage.waitForLaunch(a)
                await stage.waitForLaunch(b)
                await stage.randomActions(a, count: 2)
                await stage.perform(b, .editRecord(id: stage.someRecordId(), .comment(stage.text(b, "comment"))))
                await stage.perform(b, .intentStartTimer(tagId: stage.someTagId()))
                await stage.barrier()
                await stage.randomActions(b, count: 2)
                await stage.barrier()
            })
        }
    }

    extension MinutaStage {
        /// The old phone uploaded the legacy folder and never runs the new app; the new device's app
        /// starts while its copy of the folder is still downloading.
        func lateDeviceMigrates() async {
            sim.sometimes("minuta: a new device migrates a half-downloaded folder")
            let old = addDevice("old-phone", editor: "Ann")
            let fresh = addDevice("device-2", editor: "Ann (Work)")
            retire(old)
            installLegacy(on: old)
            attach(old)
            await settle()
            attach(fresh)
            await pause(.milliseconds(Int64(draw(3_000))))
            launch(fresh)
            await waitForLaunch(fresh)
            await randomActions(fresh, count: 2)
            await barrier()
        }
    }
