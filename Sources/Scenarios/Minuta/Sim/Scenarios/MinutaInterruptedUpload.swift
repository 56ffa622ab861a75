import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// The app is killed at a random await point during the migration (up to three launches),
    /// relaunched; the user edits right away, and the app may be killed again before UserDefaults
    /// is flushed; Siri runs timers through the App Intents.
    static var interruptedUpload: MinutaScenario {
        MinutaScenario(
            name: "interrupted-upload",
            summary: "kill the app at random await points during migration (1-3 times) and right after edits; relaunch; App Intents run too",
            faults: FaultPolicy(forced: [.kill: 1_000_000]),
            coverageMarks: ["minuta: app killed at an await point"],
            script: { stage in
                let a = stage.addDevice("device-1", editor: "Ann")
                let b = stage.addDevice("device-2", editor: "Ann (Work)")
                stage.installLegacy(on: a)
                stage.attach(a)
                await stage.settle()
                stage.attach(b)
                await stage.settle()
                let jobs = (stage.dataset.tags.count + stage.dataset.records.count) * 12
                var killed = await stage.launchKillable(a, jobs: jobs)
                for _ in 0..<2 where killed { killed = await stage.launchKillable(a, jobs: jobs) }
                await stage.performKillable(a, .editRecord(id: stage.someRecordId(), .comment(stage.text(a, "comment"))), jobs: 30)
                await stage.perform(a, .intentStopTimer)
                await stage.perform(a, .intentStartTimer(tagId: stage.someTagId()))
                await stage.barrier()
                stage.launch(b)
                await stage.waitForLaunch(b)
                await stage.perform(b, stage.randomAction(b))
                await stage.barrier()
            })
        }
    }
