import FakeCloud
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// alice's phone and tablet share data. 0-1.2 s into a phone session of six edits (right after it when it is shorter) the user
    /// opens Settings and switches the phone to bob's Apple ID (in a quarter of the seeds only
    /// signs out, and signs in to bob's before the next session), while the app runs and exports.
    /// The mirroring's operations for alice fail from the switch on (`CloudKitRequest.mirrored`);
    /// the app learns of the switch at its next account check. In half the seeds where the app is
    /// running at the switch, a kill is armed for its next export (in the sweep, which may fire
    /// its own first): an edit saved just before is then on disk and not exported, and the
    /// relaunch finds the other Apple ID. Then bob's sessions; alice's tablet keeps editing. Kills
    /// over both lives.
    static let accountSwitchWhileRunning = CryptoSavingsScenario(
        name: "account-switch-while-running",
        summary: "the phone switches Apple ID in Settings while the app runs and saves edits; the other device stays on the first account",
        faults: CryptoStage.syncFaults,
        coverageMarks: ["cryptosavings: Apple ID changed while the app ran", "cryptosavings: unsynced edits set aside at an account change"],
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            // The session's launch and six saves take about a second of virtual time.
            let delay = stage.draw(1_201), signOutOnly = stage.draw(4) == 0, killInExport = stage.draw(2) == 0
            let account: CloudKitDeviceAccount = signOutOnly ? .noAccount : .available(user: "bob")
            var switched = !ScriptedStep.allows("account-switch", subject: "phone@while-running", in: stage.sim)
            stage.sim.schedule(after: .milliseconds(Int64(delay))) {
                guard !switched else { return }
                switched = true
                if phone.state == .running {
                    stage.sim.sometimes("cryptosavings: Apple ID changed while the app ran")
                    if killInExport, let point = stage.kills.scripted(phone, subject: "phone@export-after-switch",
                                                                      .inPhase("export", jobs: 1 + stage.draw(3))) {
                        stage.kills.armInSweep(phone, at: point)
                    }
                }
                stage.setAccount(phone, account)
            }
            await stage.session(phone, stage.edits(6))
            if !switched {  // the session ended first: the user switches right after closing the app
                switched = true
                stage.setAccount(phone, account)
            }
            await stage.session(tablet, stage.edits(2 + stage.draw(3)))
            if signOutOnly, stage.account(phone) == .noAccount { stage.setAccount(phone, .available(user: "bob")) }
            await stage.session(phone, [.sync] + stage.edits(2))
            await stage.session(tablet, [.sync])
            await stage.session(phone, [.sync])
        })
}
