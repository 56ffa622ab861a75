import AppPorts
import SimCore
import SimHarness

/// Where a swept kill lands: a phase of the app's life, each alike (sign-in, export, each upload
/// kind, verify, mark-synced), or the idle app after it finished, before UserDefaults flushed
/// (weighted as two phases: the kill must also beat the flush); then an await point within the
/// phase, bounded by the work it has for this dataset (`jobs`).
enum StoriesKill {
    static let phases = ["sign-in", "export", "upload.events", "upload.heroes", "upload.stories", "verify", "mark-synced"]

    static func table(jobs: (String) -> Int) -> KillPhases {
        KillPhases(phases.map { KillPhases.Phase($0, maxJobs: max(2, jobs($0))) }, idleWeight: 2, idleMilliseconds: 10_000)
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

    /// Kills the device at swept points, 1…`maxKills` times, relaunching 1-30 s after each.
    func killAtSweptPoints(_ device: Device, maxKills: Int) async {
        await kills.killRepeatedly(device, atMost: maxKills, at: StoriesKill.table { self.jobs(in: $0, of: device) })
    }
}
