import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

extension MinutaScenario {
    /// Both devices edit the same documents offline, and each adds a record to a month no file
    /// exists for yet; back online the provider makes conflict copies (its own names; iCloud
    /// bounces only the new month's file to `name 2` and keeps the losing edits of existing files
    /// as hidden versions); each app merges them, and may be killed in the middle. Last, a copy
    /// made on an old base of a merged document (`staleBaseRound`), and an edit on top of a write
    /// that lost (`editOnLosingWriteRound`).
    static var conflictCopies: MinutaScenario {
        MinutaScenario(
            name: "conflict-copies",
            summary: "two devices edit one month and the tags offline and both start a new month; the provider makes conflict copies (iCloud: hidden versions too); apps merge them (killed mid-merge); a copy on an old base; an edit on top of a write that lost",
            faults: FaultPolicy(forced: [.kill: 500_000]),
            options: .init(providers: [.dropbox, .icloud, .gdrive]),
            coverageMarks: ["minuta: app killed at an await point", "minuta: conflict copies merged", "folder.conflict-copy.dropbox", "folder.conflict-copy.gdrive", "folder.conflict-copy.icloud",
                            "folder.icloud-conflict-version",
                            "minuta: an edit on top of a losing write"],
            script: { stage in
                let devices = await stage.twoMigratedDevices()
                for round in 0..<2 {
                    for device in devices { stage.goOffline(device, "round\(round)") }
                    let (first, second) = stage.twoRecordsInOneMonth()
                    await stage.perform(devices[0], .editRecord(id: first, .comment(stage.text(devices[0], "comment"))))
                    await stage.perform(devices[1], .editRecord(id: second, .comment(stage.text(devices[1], "comment"))))
                    await stage.perform(devices[0], .createTag(Minuta.Tag(id: stage.newId(), name: stage.text(devices[0], "tag"), createdAt: 1_768_435_200_000)))
                    await stage.perform(devices[1], .editTag(id: stage.someTagId(), .color("#00000\(round)")))
                    for device in devices { await stage.perform(device, .createRecord(stage.recordInNewMonth(device, round: round))) }
                    for device in devices { stage.setOffline(device, false) }
                    await stage.settle()
                    for device in devices { await stage.performKillable(device, .refresh, jobs: 40) }
                    await stage.barrier()
                }
                await stage.staleBaseRound(devices[0], devices[1])
                await stage.editOnLosingWriteRound(devices[0], devices[1], record: stage.someRecordId())
            })
        }
    }
