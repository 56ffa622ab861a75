import AppPorts
import CRDT
import FakeCloud
import SimCore
import SimHarness

/// Rounds that several scenarios end with: the whole-life cases an independent review found no
/// scenario exercised (`Scripts/mutants/minuta-sync.py`).
extension MinutaStage {
    /// From a stale screen: `a` changes something, the folder syncs, then `b` edits the same entity
    /// from what its screen still shows (no refresh between). One case per call: a record moved
    /// into the next month, then commented on; an image added on each; a tag deleted, then renamed;
    /// a record deleted, then commented on. Then, in half the calls where the record is still there
    /// (drawn from its own stream), `b` comments on it, the folder syncs, and `a` moves it into the
    /// next month from its stale screen.
    func staleScreenRound(_ a: Device, _ b: Device, record id: String) async {
        sim.sometimes("minuta: an edit from a stale screen")
        let moveAfterComment = drawStaleMove()
        let choice = draw(4)
        switch choice {
        case 0:
            await perform(a, .editRecord(id: id, .shiftStart(shiftIntoNextMonth(id))))
            await settle()
            await perform(b, .editRecord(id: id, .comment(text(b, "comment"))))
        case 1:
            await perform(b, .editRecord(id: id, .addImage("img-b-\(draw(1_000_000)).jpg")))
            await settle()
            await perform(a, .editRecord(id: id, .addImage("img-a-\(draw(1_000_000)).jpg")))
        case 2:
            let tag = someTagId()
            await perform(a, .deleteTag(id: tag))
            await settle()
            await perform(b, .editTag(id: tag, .name(text(b, "name"))))
        default:
            await perform(a, .deleteRecord(id: id))
            await settle()
            await perform(b, .editRecord(id: id, .comment(text(b, "comment"))))
        }
        await settle()
        guard moveAfterComment, choice != 3 else { return }
        sim.sometimes("minuta: a record moved from a stale screen")
        await perform(b, .editRecord(id: id, .comment(text(b, "comment"))))
        await settle()
        await perform(a, .editRecord(id: id, .shiftStart(shiftIntoNextMonth(id))))
        await settle()
    }

    /// Both devices offline change where one record lives or clear a field: `a` moves it into the
    /// next month and `b` into the month after; or both move it into the next month, then `a`
    /// deletes it; or both set its tag, then one clears it.
    func concurrentMovesRound(_ a: Device, _ b: Device, record id: String) async {
        for device in [a, b] { goOffline(device, "moves") }
        switch draw(3) {
        case 0:
            sim.sometimes("minuta: one record moved into two months at once")
            await perform(a, .editRecord(id: id, .shiftStart(shiftIntoNextMonth(id))))
            await perform(b, .editRecord(id: id, .shiftStart(shift(id, monthsAhead: 2))))
            await barrier()
        case 1:
            await perform(a, .editRecord(id: id, .shiftStart(shiftIntoNextMonth(id))))
            await perform(b, .editRecord(id: id, .shiftStart(shiftIntoNextMonth(id))))
            await barrier()
            await perform(a, .deleteRecord(id: id))
            await barrier()
        default:
            sim.sometimes("minuta: a conflicted field cleared")
            let tags = dataset.tags.map(\.id)
            await perform(a, .editRecord(id: id, .tag(tags[0])))
            await perform(b, .editRecord(id: id, .tag(tags[tags.count > 1 ? 1 : 0])))
            await barrier()
            await perform(draw(2) == 0 ? a : b, .editRecord(id: id, .tag(nil)))
            await barrier()
        }
    }

    /// A conflict copy on an old base: `a`'s edit uploads and `a` goes offline; `b`'s edit of the
    /// same month becomes a conflict copy that `b` merges (the month's document now has two
    /// heads); then `a` edits again on its old base and uploads.
    func staleBaseRound(_ a: Device, _ b: Device) async {
        let (first, second) = twoRecordsInOneMonth()
        // Scripted offline windows (faults of the schedule: `shrink` can drop the ones a failure
        // does not need).
        goOffline(a, "stale-base")
        goOffline(b, "stale-base")
        await perform(a, .editRecord(id: first, .comment(text(a, "comment"))))
        await perform(b, .editRecord(id: second, .comment(text(b, "comment"))))
        setOffline(a, false)
        await pause(.seconds(30))
        goOffline(a, "stale-base-again")
        setOffline(b, false)
        await pause(.seconds(30))
        await perform(b, .refresh)
        await pause(.seconds(30))
        await perform(a, .editRecord(id: first, .comment(text(a, "comment"))))
        setOffline(a, false)
        await pause(.seconds(30))
        await barrier()
    }

    /// Siri starts a timer on `from`, and once the folder has brought it to `to`, Siri stops it
    /// there: with `from`'s clock ahead, `to`'s clock reads a time before the timer's start.
    func handOffTimerRound(from: Device, to: Device) async {
        await perform(from, .intentStartTimer(tagId: someTagId()))
        await barrier()
        let started = views[from.name]?.records.filter { $0.endTime == nil }.map(\.startTime).max()
        if let started, started > WallClockDate.milliseconds(to.config, at: sim.now) {
            sim.sometimes("minuta: a timer stopped on a device whose clock is behind its start")
        }
        await perform(to, .intentStopTimer)
        await barrier()
    }

    /// The app edits a running timer (its comment or tag) while Siri stops it, within 40 ms, in
    /// either order (App Intents beside the app).
    func timerEditRound(_ device: Device) async {
        await perform(device, .intentStartTimer(tagId: someTagId()))
        await perform(device, .refresh)
        guard let running = views[device.name]?.records.first(where: { $0.endTime == nil }) else { return }
        sim.sometimes("minuta: a running timer edited while Siri stops it")
        let edit: MinutaAction = draw(2) == 0 ? .editRecord(id: running.id, .comment(text(device, "comment")))
            : .editRecord(id: running.id, .tag(someTagId()))
        let order: [MinutaAction] = draw(2) == 0 ? [.intentStopTimer, edit] : [edit, .intentStopTimer]
        enqueue(device, order[0])
        await pause(.milliseconds(Int64(draw(40))))
        enqueue(device, order[1])
        await drain(device)
        await barrier()
    }

    /// An edit on top of a losing write: `a`, offline, comments on a record three times; `b` then
    /// changes its tag and uploads first. `a`'s save is the earlier one, so when `a` comes back its
    /// upload loses: on iCloud it becomes a hidden conflict version (elsewhere a conflict copy) and
    /// `a`'s file takes `b`'s bytes. Before any refresh, `a` comments again: that edit must be made
    /// on top of `a`'s earlier ones, or the CRDT may let an earlier comment win the merge.
    func editOnLosingWriteRound(_ a: Device, _ b: Device, record id: String) async {
        goOffline(a, "losing-write")
        for _ in 0..<3 { await perform(a, .editRecord(id: id, .comment(text(a, "comment")))) }
        await pause(.seconds(1))
        await perform(b, .editRecord(id: id, .tag(someTagId())))
        await pause(.seconds(30))
        let conflicts = folder.conflicts
        setOffline(a, false)
        await pause(.seconds(30))
        if folder.conflicts > conflicts { sim.sometimes("minuta: an edit on top of a losing write") }
        await perform(a, .editRecord(id: id, .comment(text(a, "comment"))))
        await barrier()
    }
}
