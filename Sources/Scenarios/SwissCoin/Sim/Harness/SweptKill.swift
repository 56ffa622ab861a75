import AppPorts
import SimCore
import SimHarness

/// Where a swept migration kill lands: inside migration step `step` (1…16), `jobs` await points
/// after the step starts (phase `step<n>`); or, idle, on the app `milliseconds` after it exited
/// (the user swipes the app away while UserDefaults has not flushed yet).
///
/// Drawing the step first, uniformly, instead of an await point over the whole migration, gives
/// every step (and the window between the completion flag and its lazy flush) the same weight:
/// the outcome of a retry depends on which step was interrupted (bug zoo SC-2, SC-4, SC-6).
enum MigrationKill {
    static let idleStep = 17

    /// Every step alike, and the idle window weighted as three steps (the kill must also beat the
    /// flush); a kill lands within three times the rows a step sends (`rows`); `UserDefaults`
    /// flushes within 10 s.
    static func table(rows: (Int) -> Int) -> KillPhases {
        KillPhases((1..<idleStep).map { KillPhases.Phase(phase($0), maxJobs: max(2, rows($0) * 3)) }, idleWeight: 3, idleMilliseconds: 10_000)
    }

    /// The phase name of migration step `step`.
    static func phase(_ step: Int) -> String { "step\(step)" }

    /// What a campaign of swept migration kills must reach: a kill in every step, and the idle kill.
    static var coverageMarks: [String] {
        (1..<idleStep).map { "swisscoin: kill in \(phase($0))" } + ["swisscoin: idle app killed"]
    }
}

extension SwissCoinStage {
    /// Rows migration step `step` sends for this device's dataset (await-point bound for a kill).
    func rows(inStep step: Int, of device: Device) -> Int {
        guard let db = plans.first(where: { $0.device.name == device.name })?.dataset.database else { return 10 }
        switch step {
        case 3: return db.persons.count * 2
        case 4: return db.groups.count * 2
        case 5: return db.groups.reduce(0) { $0 + $1.memberIds.count }
        case 6: return db.subscriptions.count
        case 7: return db.subscriptions.reduce(0) { $0 + $1.subscriberIds.count }
        case 8: return db.transactions.count
        case 9: return db.transactions.reduce(0) { $0 + $1.splits.count }
        case 10: return db.transactions.reduce(0) { $0 + $1.payers.count }
        case 11: return db.settlements.count
        case 12: return db.reminders.count
        case 13: return db.chatMessages.count
        case 14: return db.subscriptionPayments.count
        case 15: return db.subscriptionSettlements.count
        case 16: return db.subscriptionReminders.count + 4  // and verification, identity, flag
        default: return 2
        }
    }

    /// Kills the device at swept points (a step and an await point in it, or the idle app before
    /// its defaults flush), up to `maxKills` times, relaunching 1–30 s after each kill.
    func killAtSweptPoints(_ device: Device, maxKills: Int) async {
        await kills.killRepeatedly(device, atMost: maxKills, at: MigrationKill.table { self.rows(inStep: $0, of: device) })
    }
}
