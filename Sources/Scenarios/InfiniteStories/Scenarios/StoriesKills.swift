import AppPorts
import SimCore
import SimHarness

/// Where a swept kill lands: a phase of the app's life drawn uniformly (sign-in, export, each
/// upload kind, verify, mark-synced, or the idle app after it finished, before UserDefaults
/// flushed: weighted as two phases, the kill must also beat the flush), then an await point
/// within it, bounded by the work the phase has for this dataset.
enum StoriesKill {
    static let phases = ["sign-in", "export", "upload.events", "upload.heroes", "upload.stories", "verify", "mark-synced", "idle", "idle"]

    static func draw(_ random: inout SimRandom, phases: [String] = StoriesKill.phases, jobs: (String) -> Int) -> KillPoint {
        let phase = phases[random.below(phases.count)]
        if phase == "idle" { return .idle(milliseconds: random.below(10_000)) }
        return .inPhase(phase, jobs: 1 + random.below(max(2, jobs(phase))))
    }
}

extension StoriesStage {
    /// Await points a phase has for this device's data (a bound for a kill's draw).
    func jobs(in phase: String, of device: Device) -> Int {
        let data = plan(device).dataset
        let pictures = data.stories.reduce(0) { $0 + $1.illustrations.count }
        switch phase {
        case "upload.events": return data.events.count * 8
        case "upload.heroes": return data.heroes.count * 10
        case "upload.stories": return (data.stories.count + pictures) * 10
        case "verify": return (data.entityCount + pictures) * 3
        case "mark-synced": return 6
        case "rollback": return (data.entityCount + pictures) * 4
        case "sign-in": return 6
        default: return 4
        }
    }

    /// Kills the device at swept points, up to `maxKills` times, relaunching 1-30 s after each.
    func killAtSweptPoints(_ device: Device, maxKills: Int, phases: [String] = StoriesKill.phases) async {
        let count = 1 + sim.faults.draw(.kill, below: max(1, maxKills))
        for _ in 0..<count {
            guard device.state == .running else { return }
            guard let point = kills.decide(device, draw: { random in
                StoriesKill.draw(&random, phases: phases) { self.jobs(in: $0, of: device) }
            }) else { return }
            guard await kills.kill(device, at: point) else { return }
            await pause(.seconds(Int64(1 + sim.faults.draw(.kill, below: 30))))
            device.relaunch()
        }
    }
}
