import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// Devices in UTC+14 and UTC−12 migrate records close to month ends, create and edit more
    /// there, and move one into the next month.
    static var timeZoneAndMonthBoundary: MinutaScenario {
        MinutaScenario(
            name: "time-zone-and-month-boundary",
            summary: "devices in UTC+14 and UTC-12: migration, new records and edits at month ends, a record moved across the month",
            options: .init(providers: [.dropbox, .icloud, .gdrive]),
            script: { stage in
                let devices = await stage.twoMigratedDevices(offsets: [14 * 3600, -12 * 3600])
                let (a, b) = (devices[0], devices[1])
                let boundary = stage.dataset.records.filter { record in
                    MinutaDataset.monthStarts.contains { abs($0 - record.startTime) <= 14 * MinutaDataset.hour }
                }.map(\.id)
                let id = boundary.isEmpty ? stage.someRecordId() : boundary[stage.draw(boundary.count)]
                await stage.perform(b, .editRecord(id: id, .comment(stage.text(b, "comment"))))
                await stage.perform(a, .createRecord(stage.newRecord(a, nearBoundary: true)))
                await stage.perform(b, .createRecord(stage.newRecord(b, nearBoundary: true)))
                await stage.barrier()
                await stage.perform(a, .editRecord(id: id, .shiftStart(stage.shiftIntoNextMonth(id))))
                await stage.barrier()
                await stage.perform(b, .editRecord(id: id, .tag(stage.someTagId())))
                await stage.perform(b, .deleteRecord(id: boundary.last ?? stage.someRecordId()))
                await stage.barrier()
            })
        }
    }
