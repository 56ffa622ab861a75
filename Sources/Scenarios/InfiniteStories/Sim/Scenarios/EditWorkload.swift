import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// concurrent-edits-during-migration's user under flaky-network's fault rates, with duplicated
    /// deliveries forced (a copy of an older rename arriving after a newer one).
    static let editsUnderFaults = StoriesScenario(
        name: "edits-under-faults",
        summary: "the user creates and renames heroes during and after the migration while 5xx, 429, lost and duplicated requests come at real rates",
        faults: FaultPolicy(forced: [.serverError: 30_000, .rateLimit: 20_000, .requestLoss: 20_000, .slowResponse: 10_000, .duplicate: 30_000],
                            off: [.kill]),
        // Half the seeds: short-lived access tokens (10-60 s), so refreshes and the retried
        // request after a 401 meet the duplicated deliveries and slow responses above.
        options: StoriesRun.Options(tokenLifetime: { random in random.below(2) == 0 ? Int64(10 + random.below(51)) : 3_600 }),
        script: { stage in await stage.editWorkload(kills: false) })

    /// The same user with kills swept over every pass of the app's life: the first upload, the
    /// catch-up of later edits, verification and marking synced, in any launch; half of them as
    /// one of the first six responses of the pass arrives (the server applied it, the app never
    /// records it).
    static let editsWithKills = StoriesScenario(
        name: "edits-with-kills",
        summary: "the user creates and renames heroes during and after the migration; kills at any await point of any pass, and as responses arrive",
        faults: FaultPolicy(forced: [.kill: 1_000_000, .responseLoss: 20_000],
                            capped: [.requestLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000, .duplicate: 1_000, .slowResponse: 1_000,
                                     .partition: 0]),
        script: { stage in await stage.editWorkload(kills: true) })
}

extension StoriesStage {
    /// One device migrates while its user creates and renames heroes: for sure while heroes
    /// upload or a later pass catches up (a rename of one of two heroes, again and again) and
    /// while the app verifies (a new hero), and at seeded times up to half a minute apart (a new
    /// hero, a rename, or an undo of one of the two heroes' last rename).
    func editWorkload(kills: Bool) async {
        addAccount("alice")
        let device = addDevice("device-1", owner: "alice", label: "d1")
        var random = sim.random.fork("stories:script")
        let heroes = plan(device).dataset.heroes.count
        var edits = 0
        phaseWatchers[device.name] = { [unowned self] phase in
            edits += 1
            guard edits < 30 else { return }
            if phase == "upload.heroes" || phase == "catch-up" {
                append(device, .renameHero(pick: heroes - 1 - (edits % 2), name: "d1 renamed in \(phase) \(edits)"))
            } else if phase == "verify" {
                append(device, .createHero(name: "d1 made while verifying \(edits)"))
            }
        }
        if kills {
            self.kills.sweep(device, LifeSweep(phases: ["upload.heroes", "upload.stories", "catch-up", "verify", "mark-synced"],
                                               maxJobs: 30, maxKills: 2, maxResponses: 6))
        }
        keepOpen(device)
        launch(device)
        for index in 0..<(3 + random.below(5)) {
            await sim.sleep(for: .milliseconds(Int64(500 + random.below(25_000))))
            let action: UserAction
            switch random.below(3) {
            case 0: action = .createHero(name: "d1 new hero \(index)")
            case 1: action = .renameHero(pick: random.below(heroes), name: "d1 renamed hero \(index)")
            default: action = .undoRename(pick: heroes - 1 - random.below(2))  // the heroes renamed while they upload
            }
            append(device, action)
        }
        finish(device)
        if kills { await self.kills.waitUntilDone(device) } else { await device.waitUntilStopped() }
    }
}
