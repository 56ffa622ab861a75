import AppPorts
import Notes
import SimCore
import SimHarness
import SimrunCLI

/// A phone writes notes while it syncs through the seed's faults (lost and duplicated requests,
/// 5xx, 429, slow answers, two offline windows) and up to two kills; then the network heals, the
/// app is relaunched and syncs until its outbox is empty. Checks that every note on the phone is
/// on the server with the same text (`no-loss`) and that the outbox emptied (`eventual-completion`).
public struct OfflineEditsThenSync: AppScenario {
    public let app = NotesSimulation.name
    public let name = "offline-edits-then-sync"
    public let summary = "a phone writes notes through faults, kills and offline windows, then syncs"
    public let invariants = ["no-loss", "eventual-completion"]
    public var coverageMarks: [String] { NotesMarks.all }

    public init() {}

    public func execute(in sim: Simulator, variant: String, size: Int) throws -> [Violation] {
        let variant = try Variant<NotesDefect>.parse(variant)
        let handle = sim.network.register(NotesBackend())
        let phone = sim.addDevice("phone")
        let noteCount = 4 + 8 * size
        try sim.run { sim in
            sim.network.schedulePartitions(for: phone, within: .seconds(60), windows: 2)
            phone.launch { context in await NotesSimulation.phone(context, handle, variant: variant, notes: noteCount) }
            for launch in 1...2 {
                // A kill is a fault of the kill family: the schedule names it, `shrink` can drop it.
                let kill = sim.faults.decide(.kill, subject: "phone@launch\(launch)") { IntegerDetail(1 + $0.below(noteCount * 6)) }
                if let kill { phone.killAfter(jobs: Int(kill.value)) }
                await phone.waitUntilStopped()
                guard phone.state == .killed else { break }
                if NotesSimulation.outbox(of: phone) > 0 { sim.sometimes(NotesMarks.killedWithPendingEdits) }
                phone.relaunch()
            }
            sim.beginHealing()  // faults off, the phone back online; a killed app relaunches
            await phone.waitUntilStopped()
            if phone.state == .exited {
                phone.relaunch()  // the user opens the app again on a healthy network
                await phone.waitUntilStopped()
            }
        }
        return NotesSimulation.check(phone: phone, server: sim.network.service(handle))
    }
}
