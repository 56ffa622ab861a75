import SimCore
import SimHarness

extension NotesStage {
    /// The notes app's part of healing (the harness runs it: faults off, the network whole, a
    /// killed app relaunched): the user reopens the app on each device until its outbox is empty,
    /// at most three times; a device still holding changes then is pending, with how many.
    var healingPlan: Healing<Device> {
        var healing = Healing(members: devices, device: { $0 })
        healing.reopens = 3
        healing.unsettled = { device in
            let pending = self.outbox(on: device).count
            return pending == 0 ? nil : "\(pending) changes still in the outbox"
        }
        return healing
    }
}
