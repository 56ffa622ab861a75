import AppPorts
import CRDT
import FakeCloud
import Minuta
import SimCore
import SimHarness

extension MinutaScenario {
    /// A user of the old app who never made a tag: the folder holds record files and no
    /// `tags.json` (the old app writes it when a tag is saved). One device migrates (killed at an
    /// await point in half the seeds), the user edits a record and makes a first tag and starts a
    /// timer with it; a second device joins and edits. Every legacy record must reach both apps.
    static var legacyStoreWithoutTags: MinutaScenario {
        MinutaScenario(
            name: "legacy-store-without-tags",
            summary: "the old app's folder has records and no tags.json (no tag ever made); one device migrates, the user makes a first tag, a second device joins",
            options: .init(providers: FolderProvider.allCases, untaggedLegacy: true),
            script: { stage in
                let a = stage.addDevice("device-1", editor: "Ann")
                let b = stage.addDevice("device-2", editor: "Ann (Work)")
                stage.installLegacy(on: a)
                stage.attach(a)
                await stage.settle()
                stage.attach(b)
                await stage.settle()
                if stage.draw(2) == 0 {
                    _ = await stage.launchKillable(a, jobs: stage.dataset.records.count * 12)  // reopened if killed
                } else {
                    stage.launch(a)
                    await stage.waitForLaunch(a)
                }
                await stage.perform(a, .editRecord(id: stage.someRecordId(), .comment(stage.text(a, "comment"))))
                let tag = Minuta.Tag(id: stage.newId(), name: stage.text(a, "first tag"), createdAt: 1_768_435_200_000)
                await stage.perform(a, .createTag(tag))
                await stage.perform(a, .intentStartTimer(tagId: tag.id))
                await stage.barrier()
                stage.launch(b)
                await stage.waitForLaunch(b)
                await stage.perform(b, .editRecord(id: stage.someRecordId(), .comment(stage.text(b, "comment"))))
                await stage.barrier()
            })
    }
}
