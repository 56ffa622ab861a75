import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// Devices in UTC+14 and UTC−12 migrate records close to month ends, create and edit more
    /// there, and move one into the next month; then one device moves a record into a month with
    /// no file yet and the other edits it while that move syncs in.
    static var timeZoneAndMonthBoundary: MinutaScenario {
        MinutaScenario(
            name: "time-zone-and-month-boundary",
            summary: "devices in UTC+14 and UTC-12: migration, new records and edits at month ends, a record moved across the month; an edit while a move into a new month file syncs in",
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
                let deleted = boundary.last ?? stage.someRecordId()
                await stage.perform(b, .deleteRecord(id: deleted))
                await stage.barrier()
                // A record moved into a month no device has a file for yet (a year on); the other
                // device refreshes and edits it while the folder brings the move in (on iCloud the
                // new month shows as a placeholder for a few seconds after the old month's change
                // arrived).
                let others = stage.dataset.records.map(\.id).filter { $0 != id && $0 != deleted }
                let moved = others.isEmpty ? id : others[stage.draw(others.count)]
                await stage.perform(a, .editRecord(id: moved, .shiftStart(stage.shift(moved, monthsAhead: 13))))
                await stage.pause(.milliseconds(Int64(stage.draw(8_000))))
                await stage.perform(b, .refresh)
                await stage.pause(.milliseconds(Int64(stage.draw(3_000))))
                await stage.perform(b, .editRecord(id: moved, .comment(stage.text(b, "comment"))))
                await stage.barrier()
            })
        }
    }
