import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// Alice edits offline, comes back online, and while the sync pass pushes her outbox her
    /// session ends. The seed picks how:
    /// - she signs out and Bob signs in on the same phone;
    /// - Bob signs in straight away (supabase-swift's `signIn` replaces the current session), so the
    ///   pass sees the account change between two pushes with no signed-out gap;
    /// - her sessions are revoked ("sign out of all devices" on the web): the phone's next request
    ///   is refused, the SDK ends the session, and a minute or so later she signs in again.
    /// In half the seeds of the first two the account changes right after one of the pass's pushes
    /// was acknowledged, with more still to push. In a quarter of the seeds the app is killed inside
    /// the account change (its sign-out, a sign-in or the store switch), phases too short for the
    /// whole-life sweep to land in often.
    /// Half the seeds also give access tokens a short life (20–120 s, a compressed day of use), so
    /// tokens expire and refresh during the migration and the pushes, under the same faults.
    /// Nothing of Alice's may be pushed under Bob, nothing she saved may be lost; Alice's phone
    /// and Bob's own phone keep working.
    static var signOutDuringSync: SwissCoinScenario {
        SwissCoinScenario(
            name: "sign-out-during-sync",
            summary: "sign-out, another account's sign-in, or a revoked session while a sync pass pushes the outbox (short-lived tokens in half the seeds)",
            faults: syncFaults,
            options: .init(tokenLifetime: { random in random.chance(1, in: 2) ? 20 + Int64(random.below(101)) : 3600 }),
            coverageMarks: syncKillMarks + ["swisscoin: kill in sign-in", "swisscoin: kill in sign-out", "swisscoin: the user acted mid-push", "swisscoin: kill in store-switch", "swisscoin: session revoked during a sync pass", "swisscoin: account switched during a sync pass"],
            script: { stage in
                stage.createAccount("alice")
                stage.createAccount("bob")
                let phone = stage.addDevice("device-1", owner: "alice")
                let bobs = stage.addDevice("device-2", owner: "bob")
                stage.sweepSyncKills([phone, bobs])
                var random = stage.sim.random.fork("sign-out-during-sync")
                let count = 8 + random.below(8)
                var steps = stage.editSteps(&random, device: "device-1", count: count, startMilliseconds: 1_000,
                                            spacingMilliseconds: 300, picks: (0..<6).map { _ in random.below(40) })
                // Back online at `online`; the session ends a little later, mid-push.
                let online = Int64(1_000 + count * 300 + 500)
                let switchAt = online + Int64(random.below(1_500))
                let ending = SessionEnding.allCases[random.below(SessionEnding.allCases.count)]
                let alice = stage.account("alice"), bob = stage.account("bob")
                // In half the seeds the account changes right after a push of the pass was
                // acknowledged, with more to push (its own fork: the other seeds keep their runs).
                var cue = stage.sim.random.fork("sign-out-during-sync:cue")
                let midPush = cue.chance(1, in: 2)
                switch ending {
                case .signOutThenBob:
                    steps.append(UserScript.Step(atMilliseconds: switchAt, action: .signOut, cue: midPush ? .whilePushing : .none))
                    steps.append(UserScript.Step(atMilliseconds: switchAt + Int64(random.below(400)),
                                                 action: .signIn(email: bob.email, password: bob.password)))
                case .bobSignsIn:
                    steps.append(UserScript.Step(atMilliseconds: switchAt + Int64(random.below(400)),
                                                 action: .signIn(email: bob.email, password: bob.password), cue: midPush ? .whilePushing : .none))
                case .revoked:
                    // Alice opens the app a minute or so later, finds herself signed out and signs in
                    // again (after any request cut off by going offline has timed out, so the phone's
                    // passes meet the revoked session first).
                    steps.append(UserScript.Step(atMilliseconds: switchAt + 65_000 + Int64(random.below(20_000)),
                                                 action: .signIn(email: alice.email, password: alice.password)))
                    steps.sort { $0.atMilliseconds < $1.atMilliseconds }
                }
                stage.sync.scripts[phone.name] = UserScript(account: alice.userId, steps: steps, syncIntervalMilliseconds: 300)
                stage.sync.scripts[bobs.name] = UserScript(steps: [])
                stage.launch(phone)
                stage.launch(bobs)
                guard await stage.withQuietNetwork({ await stage.waitForMigration(phone) }) else { return }
                let origin = await stage.waitForSession(of: phone)
                stage.goOffline(phone, "before-sync")
                await stage.pause(.nanoseconds(max(0, origin + online * 1_000_000 - stage.sim.now.nanoseconds)))
                stage.sim.network.setOffline(phone, false)
                stage.sim.record("scenario", "session ending: \(ending.rawValue)")
                // In a quarter of the seeds the app dies inside the account change itself.
                stage.killAtAccountChange(phone, phases: ending.phases, label: "sign-out-during-sync")
                if ending == .revoked {
                    await stage.pause(.nanoseconds(max(0, origin + switchAt * 1_000_000 - stage.sim.now.nanoseconds)))
                    stage.revokeSessions("alice")
                    stage.sim.sometimes("swisscoin: session revoked during a sync pass")
                } else {
                    stage.signedIn[phone.name] = "bob"  // where the phone's session ends up
                    stage.sim.sometimes("swisscoin: account switched during a sync pass")
                }
                await stage.kills.waitUntilDone(phone)
                // The checks follow the phone's real session: a sign-in that failed every try (slow
                // responses past the timeout) leaves it where it was, and a kill between Sign Out and
                // Bob's sign-in leaves the phone signed out (the reopened app skips steps whose time
                // passed), its store still Alice's.
                stage.signedIn[phone.name] = stage.sessionAccount(of: phone)
                await stage.kills.waitUntilDone(bobs)
            })
        }

        /// How Alice's session ends in `sign-out-during-sync`.
        enum SessionEnding: String, CaseIterable, Sendable {
            case signOutThenBob = "sign-out-then-bob"
            case bobSignsIn = "bob-signs-in"
            case revoked = "revoked"

            /// The app's phases this ending goes through (where `killAtAccountChange` may aim).
            var phases: [String] {
                switch self {
                case .signOutThenBob: SwissCoinStage.accountChangePhases
                case .bobSignsIn: ["sign-in", "store-switch"]
                case .revoked: ["sign-in"]
                }
            }
        }

        /// Alice migrates and keeps editing offline; with changes still unsynced she signs out and Bob
        /// signs in on the same phone (SC-4 sequence B: the device-wide completion flag says the
        /// migration is done, so whatever syncs next uses Alice's local store under Bob). In a
        /// quarter of the seeds the reopened app is killed right as it sets Alice's store aside.
        /// In half the seeds Alice's phone first ends a sync pass (her pull cursor has moved on)
        /// and her edits come 20 s into the session, so Bob's first pull on the phone shows
        /// whether it starts from the beginning of his account or from Alice's place.
        static var accountSwitchAfterSync: SwissCoinScenario {
        SwissCoinScenario(
            name: "account-switch-after-sync",
            summary: "after migrating, a user signs out with unsynced edits and another account signs in on the device",
            faults: syncFaults,
            coverageMarks: syncKillMarks + ["swisscoin: account switched with unsynced edits", "swisscoin: kill in store-switch",
                                            "swisscoin: synced before the account switch"],
            script: { stage in
                stage.createAccount("alice")
                stage.createAccount("bob")
                let phone = stage.addDevice("device-1", owner: "alice")
                let bobs = stage.addDevice("device-2", owner: "bob")
                stage.sweepSyncKills([phone, bobs])
                var random = stage.sim.random.fork("account-switch-after-sync")
                let count = 3 + random.below(5)
                // Its own fork: the seeds that do not wait keep their runs.
                var cue = stage.sim.random.fork("account-switch-after-sync:synced")
                let syncedFirst = cue.chance(1, in: 2)
                let editStart: Int64 = syncedFirst ? 20_000 : 1_000
                stage.sync.scripts[phone.name] = UserScript(account: stage.account("alice").userId, steps: stage.editSteps(
                    &random, device: "device-1", count: count, startMilliseconds: editStart, spacingMilliseconds: 700,
                    picks: (0..<4).map { _ in random.below(40) }))
                stage.sync.scripts[bobs.name] = UserScript(steps: [])
                stage.launch(phone)
                stage.launch(bobs)
                guard await stage.withQuietNetwork({ await stage.waitForMigration(phone) }) else { return }
                let origin = await stage.waitForSession(of: phone)
                if syncedFirst, await stage.waitForCleanPass(of: phone, polls: 150) {
                    stage.sim.sometimes("swisscoin: synced before the account switch")
                }
                stage.goOffline(phone, "unsynced-edits")
                if syncedFirst {  // until the edits, which come 20 s into the session, are done
                    let editsDone = origin + (editStart + Int64(count * 700) + 500) * 1_000_000
                    await stage.pause(.nanoseconds(max(0, editsDone - stage.sim.now.nanoseconds)))
                } else {
                    await stage.pause(.milliseconds(Int64(1_500 + count * 700)))
                }
                await stage.switchAccount(phone, to: "bob")
                // In a quarter of the seeds the reopened app dies as it sets Alice's store aside.
                stage.killAtAccountChange(phone, phases: ["store-switch"], label: "account-switch-after-sync")
                stage.sim.sometimes("swisscoin: account switched with unsynced edits")
                stage.sim.network.setOffline(phone, false)
                await stage.kills.waitUntilDone(phone)
                await stage.kills.waitUntilDone(bobs)
            })
        }
    }
