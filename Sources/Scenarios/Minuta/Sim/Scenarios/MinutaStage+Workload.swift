import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

extension MinutaStage {
    /// Legacy records whose start is in the same UTC month as `id`'s (other than `id`).
    func neighbours(of id: String) -> [String] {
        guard let record = dataset.records.first(where: { $0.id == id }) else { return [] }
        let month = Minuta.YearMonth(milliseconds: record.startTime, utcOffsetSeconds: 0)
        return dataset.records.filter { $0.id != id && Minuta.YearMonth(milliseconds: $0.startTime, utcOffsetSeconds: 0) == month }.map(\.id)
    }

    /// Two legacy records in one month document (or one record twice when none shares a month).
    func twoRecordsInOneMonth() -> (String, String) {
        let first = someRecordId()
        let others = neighbours(of: first)
        return (first, others.isEmpty ? first : others[draw(others.count)])
    }

    /// How far to shift a record's start so that it lands in the next (UTC) month.
    func shiftIntoNextMonth(_ id: String) -> Int64 { shift(id, monthsAhead: 1) }

    /// How far to shift a record's start so that it lands `monthsAhead` (UTC) months later, in
    /// the first two hours of that month.
    func shift(_ id: String, monthsAhead: Int) -> Int64 {
        precondition(monthsAhead > 0, "a move forward")
        guard let record = dataset.records.first(where: { $0.id == id }) else { return 0 }
        var month = Minuta.YearMonth(milliseconds: record.startTime, utcOffsetSeconds: 0)
        for _ in 0..<monthsAhead { month = month.next }
        let start = Minuta.CivilDate(year: month.year, month: month.month, day: 1).startMilliseconds(utcOffsetSeconds: 0)
        return start - record.startTime + Int64(1 + draw(120)) * MinutaDataset.minute
    }

    /// A new record in the middle of a month no record is in yet (March 2026, then April, …, by
    /// `round`): two devices that each add one while apart both create the month's file.
    func recordInNewMonth(_ device: Device, round: Int) -> Minuta.TimeRecord {
        let midMonths: [Int64] = [1_773_532_800_000, 1_776_211_200_000, 1_778_803_200_000]  // 2026-03-15, 04-15, 05-15 UTC
        precondition(round < midMonths.count, "a new month per round")
        let start = midMonths[round] + Int64(draw(8 * 60)) * MinutaDataset.minute
        return Minuta.TimeRecord(id: newId(), startTime: start, endTime: start + Int64(10 + draw(90)) * MinutaDataset.minute,
                                 tagId: someTagId(), comment: text(device, "new month"), images: [])
    }

    /// A new record at a seeded time near a month end, created on `device`.
    func newRecord(_ device: Device, nearBoundary: Bool = false) -> Minuta.TimeRecord {
        let base = nearBoundary ? MinutaDataset.monthStarts[draw(MinutaDataset.monthStarts.count)] - 14 * MinutaDataset.hour
            : 1_768_000_000_000
        let start = base + Int64(draw(28 * 60)) * MinutaDataset.minute
        return Minuta.TimeRecord(id: newId(), startTime: start, endTime: start + Int64(10 + draw(90)) * MinutaDataset.minute,
                                 tagId: someTagId(), comment: text(device, "new"), images: draw(2) == 0 ? ["img-\(newId().prefix(6)).jpg"] : [])
    }

    /// A legacy record in the devices' current (UTC) month, the month document timers and new
    /// records go to; any legacy record when none is.
    func currentMonthRecordId(_ device: Device) -> String {
        let now = Minuta.YearMonth(milliseconds: device.config.epochMilliseconds + sim.now.nanoseconds / 1_000_000, utcOffsetSeconds: 0)
        let ids = dataset.records.filter { Minuta.YearMonth(milliseconds: $0.startTime, utcOffsetSeconds: 0) == now }.map(\.id)
        return ids.isEmpty ? someRecordId() : ids[draw(ids.count)]
    }

    /// One user action drawn from everything a user does in the app (and with Siri), on `record`
    /// (drawn among the legacy records when nil) where it edits one.
    func randomAction(_ device: Device, record: String? = nil) -> MinutaAction {
        let id = record ?? someRecordId()
        switch draw(14) {
        case 0, 1: return .editRecord(id: id, .comment(text(device, "comment")))
        case 2:
            let tag = someTagId()  // drawn either way: a clear leaves the script's next draws as they were
            return .editRecord(id: id, .tag(drawClear() ? nil : tag))
        case 3: return .editRecord(id: id, .shiftStart(Int64(draw(60) - 30) * MinutaDataset.minute))
        case 4: return .editRecord(id: id, .addImage("img-\(device.name)-\(draw(1_000_000)).jpg"))
        case 5:
            let images = dataset.records.first { $0.id == id }!.images
            return images.isEmpty ? .refresh : .editRecord(id: id, .removeImage(images[draw(images.count)]))
        case 6: return .createRecord(newRecord(device, nearBoundary: draw(2) == 0))
        case 7: return .deleteRecord(id: id)
        case 8: return .createTag(Minuta.Tag(id: newId(), name: text(device, "tag"), createdAt: 1_768_435_200_000))
        case 9: return .editTag(id: someTagId(), .name(text(device, "name")))
        case 10: return .editTag(id: someTagId(), .archived(draw(2) == 0))
        case 11: return .intentStartTimer(tagId: someTagId())
        case 12: return .deleteTag(id: someTagId())
        default: return .intentStopTimer
        }
    }

    /// `count` random actions on `device`, a few seconds apart.
    func randomActions(_ device: Device, count: Int) async {
        for _ in 0..<count {
            await perform(device, randomAction(device))
            await pause(.seconds(Int64(1 + draw(20))))
        }
    }
}
