import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// The same record or tag edited on two offline devices: different fields, the same field,
    /// image adds, delete versus edit, or the start moved into the next month; then sync. Last,
    /// both move one record or clear a conflicted field (`concurrentMovesRound`).
    static var conflictingEdits: MinutaScenario {
        MinutaScenario(
            name: "conflicting-edits",
            summary: "same record or tag on two offline devices: different fields, same field, image adds, delete vs edit, move across a month; both move one record",
            options: .init(providers: [.dropbox, .icloud, .gdrive]),
            coverageMarks: ["minuta: concurrent edits of different fields", "minuta: concurrent edits of the same field", "minuta: concurrent image adds", "minuta: delete versus edit", "minuta: start moved across a month while edited elsewhere"],
            script: { stage in
                let devices = await stage.twoMigratedDevices()
                let (a, b) = (devices[0], devices[1])
                for round in 0..<2 {
                    for device in devices { stage.goOffline(device, "round\(round)") }
                    let id = stage.someRecordId()
                    let (first, second) = stage.conflictingPair(id, a, b)
                    await stage.perform(a, first)
                    await stage.perform(b, second)
                    let tag = stage.someTagId()
                    await stage.perform(a, .editTag(id: tag, .name(stage.text(a, "name"))))
                    await stage.perform(b, stage.draw(2) == 0 ? .editTag(id: tag, .name(stage.text(b, "name"))) : .editTag(id: tag, .color("#ABCDEF")))
                    for device in devices { stage.setOffline(device, false) }
                    await stage.barrier()
                }
                let live = stage.views[a.name]?.records.map(\.id).sorted() ?? []
                await stage.concurrentMovesRound(a, b, record: live.isEmpty ? stage.someRecordId() : live[stage.draw(live.count)])
            })
        }
    }

    extension MinutaStage {
        /// One of the conflicting-edit cases, drawn by the seed, for record `id` on devices a and b.
        func conflictingPair(_ id: String, _ a: Device, _ b: Device) -> (MinutaAction, MinutaAction) {
            switch draw(6) {
            case 0:
                sim.sometimes("minuta: concurrent edits of different fields")
                return (.editRecord(id: id, .comment(text(a, "comment"))), .editRecord(id: id, .tag(someTagId())))
            case 1:
                sim.sometimes("minuta: concurrent edits of the same field")
                return (.editRecord(id: id, .comment(text(a, "comment"))), .editRecord(id: id, .comment(text(b, "comment"))))
            case 2:
                sim.sometimes("minuta: concurrent image adds")
                return (.editRecord(id: id, .addImage("img-a-\(draw(1_000_000)).jpg")), .editRecord(id: id, .addImage("img-b-\(draw(1_000_000)).jpg")))
            case 3:
                return (.editRecord(id: id, .addImage("img-a-\(draw(1_000_000)).jpg")), .editRecord(id: id, .comment(text(b, "comment"))))
            case 4:
                sim.sometimes("minuta: delete versus edit")
                return (.deleteRecord(id: id), .editRecord(id: id, .comment(text(b, "comment"))))
            default:
                sim.sometimes("minuta: start moved across a month while edited elsewhere")
                return (.editRecord(id: id, .shiftStart(shiftIntoNextMonth(id))), .editRecord(id: id, .comment(text(b, "comment"))))
            }
        }
    }
