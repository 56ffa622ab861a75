import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// Building blocks of the sync scenarios: fresh devices, waiting for a migration, and seeded edit
/// scripts whose targets overlap across devices (the same pick indexes), so edits conflict.
extension SwissCoinStage {
    /// A new phone of `owner` with no local data: nothing to migrate; it fills from the server.
    @discardableResult
    func addFreshDevice(_ name: String, owner: String, utcOffsetSeconds: Int = 0) -> Device {
        let empty = LocalDatabase(timeZoneOffsetSeconds: utcOffsetSeconds)
        let data = SwissCoinDataset(database: empty, currentUserId: "", defaultCurrency: "CHF")
        var config = DeviceConfig()
        config.utcOffsetSeconds = utcOffsetSeconds
        config.timeZoneName = "UTC\(utcOffsetSeconds >= 0 ? "+" : "")\(utcOffsetSeconds / 3600)"
        let device = addDevice(name, config: config)
        try! LocalStore(files: SetupFiles(device: device), cache: storeCache(device)).save(empty)
        SetupDefaults(device: device).set(.string("CHF"), forKey: AppDefaultsKeys.defaultCurrency)
        _ = SetupDefaults(device: device).synchronize()
        addPlan(DevicePlan(device: device, owner: owner, dataset: data))
        signIn(device, as: owner)
        return device
    }

    /// Waits (virtual time) until `device` announced a completed migration; when the app gave up
    /// (its user tapped Retry enough), the user opens it again, up to `reopens` times. Returns
    /// whether it completed. (The fixed migration's verification fails while another device's
    /// edits move the server on, until it sees them as syncs of the account: see the README.)
    @discardableResult
    func waitForMigration(_ device: Device, reopens: Int = 30, limit: Int? = nil) async -> Bool {
        await !waitForMigrations([device], reopens: reopens, limit: limit).isEmpty
    }

    /// Waits until each device announced a completed migration, reopening the apps that stopped
    /// without one together (one device's upload changes the balances the other verifies, so
    /// waiting for them one at a time with the other closed could never end). Returns those
    /// that completed.
    func waitForMigrations(_ devices: [Device], reopens: Int = 60, limit: Int? = nil) async -> [Device] {
        let limit = limit ?? migrationWaitPolls
        func done(_ device: Device) -> Bool { (reports.byDevice[device.name]?.completedRuns ?? 0) > 0 }
        var reopened = 0
        for _ in 0..<limit {
            let pending = devices.filter { !done($0) }
            if pending.isEmpty { return devices }
            if pending.allSatisfy({ $0.state != .running }) {
                guard reopened < reopens else { return devices.filter(done) }
                reopened += 1
                for device in pending { device.relaunch() }
            }
            await pause(.milliseconds(100))
        }
        let what = devices.count == 1 ? "the migration" : "the migrations"
        sim.noteBoundHit("waited \(limit / 10) s for \(what) on \(devices.map(\.name).joined(separator: ", "))")
        return devices.filter(done)
    }

    /// How many 100 ms polls a wait for a migration may take (nil `limit`): 10,000 s of virtual
    /// time per unit of the size knob. A migration sends about one request per row, so its
    /// attempts take longer the larger the dataset (about 3,900 s each at `--size 8`, where a
    /// fixed bound of 10,000 s was hit by two kills and a failed attempt: seed 6 of
    /// `restored-device-migrates-during-sync`). Only runs that would hit the bound see it move.
    var migrationWaitPolls: Int { 100_000 * max(1, size) }

    /// Runs `body` with every request fault family off (the first migration, which must finish
    /// before other devices edit), then puts the run's rates back.
    func withQuietNetwork<T>(_ body: () async -> T) async -> T {
        await QuietNetwork.run(sim, body)
    }

    /// The phases of a syncing app's life a kill may land in: every await point of a push, a
    /// pull, an edit, a sign-in or sign-out from the script, a store switch.
    static let syncLife = LifeSweep(phases: ["sync.push", "sync.pull", "edit", "sign-in", "sign-out", "store-switch"],
                                    maxJobs: 40, maxKills: 2, depth: .mixed)

    /// Kills the devices' apps at seeded points of their whole life (see `syncLife`); the user
    /// reopens a killed app 1-30 s later.
    func sweepSyncKills(_ devices: [Device]) {
        for device in devices { kills.sweep(device, Self.syncLife) }
    }

    /// The phases of an account change: short (a few await points each) and once a run, so the
    /// sweep rarely kills inside them.
    static let accountChangePhases = ["sign-out", "sign-in", "store-switch"]

    /// In a quarter of the seeds (`label`'s own stream: the other seeds keep their runs), the app on
    /// `device` is killed 1–4 await points into one of `phases` if its current launch (or, while it
    /// waits to be reopened, its next) enters it — a scripted kill of the fault schedule (`shrink`
    /// drops it) that the sweep counts as its own while it has kills left (the user reopens the
    /// app; see `KillInjector.armInSweep`). Returns the phase it waits for.
    @discardableResult
    func killAtAccountChange(_ device: Device, phases: [String], label: String) -> String? {
        precondition(!phases.isEmpty, "a phase to kill in")
        var random = sim.random.fork("\(label):account-change-kill")
        guard random.chance(1, in: 4) else { return nil }
        let aimed = KillPoint.inPhase(phases[random.below(phases.count)], jobs: 1 + random.below(4))
        guard let point = kills.scripted(device, subject: "\(device.name)@account-change", aimed) else { return nil }
        kills.armInSweep(device, at: point)
        return point.phase
    }


    /// Waits until the device's first session after its migration began; returns that instant (ns).
    func waitForSession(of device: Device, limit: Int = 6_000) async -> Int64 {
        _ = await BoundedWait.until("its first session after the migration", in: sim, device: device, polls: limit) {
            sync.origins[device.name] != nil
        }
        return sync.origins[device.name] ?? sim.now.nanoseconds
    }

    /// Waits up to `polls` × 100 ms for `device` to end a sync pass without an error (its pull
    /// reached the server's newest change). A user who keeps the app open a while, not an
    /// expectation: when no pass succeeds in time the script goes on, and no bound is noted.
    @discardableResult
    func waitForCleanPass(of device: Device, polls: Int) async -> Bool {
        await BoundedWait.until("a clean sync pass", in: sim, device: device, polls: polls, notesBound: false) {
            sync.cleanPasses[device.name, default: 0] > 0
        }
    }

    /// The colours a contact's detail screen offers.
    static let contactColors = ["#FF3B30", "#FF9500", "#34C759", "#007AFF", "#AF52DE", "#8E8E93"]

    /// `count` seeded edits, `spacing` apart from `start` (ms after the session began), aimed at
    /// entity indexes drawn from `picks`: retitles, amounts, renames, a contact's details (number
    /// and colour, or archived), creates and deletes. With `resplits` (off by default), a
    /// transaction's debtors may change too. With `editsWhilePulling`, after about one edit in four
    /// of an existing entity the user edits that entity (after a delete: the next one) again while
    /// the pull of the pass that pushes the first edit is in flight (`againWhilePulling`); the
    /// steps after it wait for it.
    func editSteps(_ random: inout SimRandom, device: String, count: Int, startMilliseconds: Int64,
                   spacingMilliseconds: Int64, picks: [Int], creates: Bool = true, deletes: Bool = true,
                   resplits: Bool = false, editsWhilePulling: Bool = false) -> [UserScript.Step] {
        var steps: [UserScript.Step] = []
        for index in 0..<count {
            let pick = picks[random.below(picks.count)]
            var kinds = ["retitle", "amount", "rename", "person"]
            if resplits { kinds.append("resplit") }
            if creates { kinds.append("create") }
            if deletes && random.chance(1, in: 4) { kinds.append("delete") }
            let action: UserScript.Action
            switch kinds[random.below(kinds.count)] {
            case "retitle": action = .retitle(pick: pick, title: "\(device) title \(index + 1)")
            case "amount": action = .changeAmount(pick: pick, percent: 50 + random.below(100))
            case "rename": action = .renamePerson(pick: pick, name: "\(device) name \(index + 1)")
            case "person":
                // A contact's details: a new number (or none) and colour, or archived / back.
                if random.chance(1, in: 2) {
                    let phone = random.chance(1, in: 5) ? nil : "+41 79 \(100 + random.below(900)) \(1000 + random.below(9000))"
                    action = .editContact(pick: pick, phone: phone, colorHex: Self.contactColors[random.below(Self.contactColors.count)])
                } else {
                    action = .archivePerson(pick: pick, archived: random.chance(2, in: 3))
                }
            case "resplit": action = .resplit(pick: pick, debtor: random.below(4))
            case "create": action = .create(title: "\(device) new \(index + 1)", minor: Int64(100 + random.below(90_000)), debtors: 1 + random.below(3))
            default: action = .delete(pick: pick)
            }
            steps.append(UserScript.Step(atMilliseconds: startMilliseconds + Int64(index) * spacingMilliseconds, action: action))
        }
        guard editsWhilePulling else { return steps }
        var cues = random.fork("pull-cues:\(device):\(startMilliseconds)")  // its own stream: the edits above stay as drawn
        return steps.enumerated().flatMap { index, step in
            guard cues.chance(1, in: 4), let again = Self.againWhilePulling(step.action, &cues, device: device, index: index)
            else { return [step] }
            return [step, UserScript.Step(atMilliseconds: step.atMilliseconds, action: again, cue: .whilePulling)]
        }
    }

    /// Another edit of the entity `action` edited (same table, same pick; any of its field groups),
    /// for a step cued `whilePulling`: the pass that pushes `action` pulls its own change back, and
    /// the edit made meanwhile is still pending when that page lands. After a delete, a retitle of
    /// the transaction now at that pick (the page brings the delete). Nil for creates.
    static func againWhilePulling(_ action: UserScript.Action, _ random: inout SimRandom, device: String,
                                  index: Int) -> UserScript.Action? {
        switch action {
        case .renamePerson(let pick, _), .editContact(let pick, _, _), .archivePerson(let pick, _):
            switch random.below(3) {
            case 0: return .renamePerson(pick: pick, name: "\(device) name \(index + 1) again")
            case 1: return .editContact(pick: pick, phone: "+41 78 \(100 + random.below(900)) \(1000 + random.below(9000))",
                                        colorHex: contactColors[random.below(contactColors.count)])
            default: return .archivePerson(pick: pick, archived: random.chance(1, in: 2))
            }
        case .retitle(let pick, _), .changeAmount(let pick, _), .resplit(let pick, _):
            return random.chance(1, in: 2) ? .retitle(pick: pick, title: "\(device) title \(index + 1) again")
                                           : .changeAmount(pick: pick, percent: 50 + random.below(100))
        case .delete(let pick):
            return .retitle(pick: pick, title: "\(device) title \(index + 1) after a delete")
        case .create, .signOut, .signIn:
            return nil
        }
    }
}
