import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

extension MinutaScenario {
    /// Nothing concurrent: one device's change syncs to the other normally, then the other saves
    /// from what it has in memory (its cached document, its tag list, its copy of the record);
    /// last, an edit from a stale screen (`staleScreenRound`).
    static var sharedFolderOverwrite: MinutaScenario {
        MinutaScenario(
            name: "shared-folder-overwrite",
            summary: "a synced change is overwritten by the other device's next save from memory (cached document, stale list, stale screen)",
            coverageMarks: ["minuta: an edit from a stale screen"],
            script: { stage in
                let devices = await stage.twoMigratedDevices()
                let (a, b) = (devices[0], devices[1])
                let (first, second) = stage.twoRecordsInOneMonth()
                await stage.perform(b, .editRecord(id: first, .comment(stage.text(b, "comment"))))
                await stage.settle()
                await stage.perform(a, .editRecord(id: second, .comment(stage.text(a, "comment"))))
                await stage.settle()
                await stage.perform(a, .editRecord(id: first, .tag(stage.someTagId())))
                await stage.settle()
                await stage.perform(b, .createTag(Minuta.Tag(id: stage.newId(), name: stage.text(b, "tag"), createdAt: 1_768_435_200_000)))
                await stage.settle()
                await stage.perform(a, .editTag(id: stage.someTagId(), .color("#123456")))
                await stage.settle()
                await stage.staleScreenRound(a, b, record: stage.someRecordId())
            })
        }
    }
