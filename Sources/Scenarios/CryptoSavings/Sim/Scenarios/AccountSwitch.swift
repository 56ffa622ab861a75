import FakeCloud
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// alice's phone and tablet share data; the phone edits offline (unsynced; in half the seeds
    /// her iCloud storage is full, so the phone's export back online fails for those records),
    /// then the user signs out of iCloud and into bob's Apple ID (in half the seeds signed out for
    /// a while first, in the other half straight into bob's), and keeps using the app as bob.
    /// alice's tablet keeps editing. Kills over both lives, and in half the seeds a kill in the
    /// import right after the switch.
    static let accountSwitch = CryptoSavingsScenario(
        name: "account-switch",
        summary: "sign-out and a different Apple ID on a phone with unsynced edits; the other device stays on the first account",
        faults: CryptoStage.syncFaults,
        coverageMarks: ["cryptosavings: unsynced edits set aside at an account change", "cryptosavings: iCloud storage full before an account change",
                        "cryptosavings: killed in the import after an account change"],
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            // Half the seeds: alice's iCloud storage is full, so the phone's exports fail item by
            // item (quotaExceeded) and its edits stay unsynced until the switch.
            let full = stage.draw(2) == 0
            let quota = stage.server.config.quotaBytes
            if full { stage.server.setQuota(stage.server.admin.storedBytes(user: "alice")) }
            stage.goOffline(phone, "before-switch")
            await stage.session(phone, stage.edits(2 + stage.draw(3)))
            stage.goOnline(phone)
            if full {
                await stage.session(phone, [.sync])
                stage.sim.sometimes("cryptosavings: iCloud storage full before an account change")
            }
            if stage.draw(2) == 0, ScriptedStep.allows("sign-out", subject: "phone@switch", in: stage.sim) {
                stage.setAccount(phone, .noAccount)
                await stage.session(phone, stage.edits(1 + stage.draw(2)))
            }
            stage.setAccount(phone, .available(user: "bob"))
            // Half the seeds: the app is killed 1-3 await points into the import that follows the
            // account check (after the purge of alice's data, before the sync ends); unsynced edits
            // must have been set aside by then. A scheduled kill: `shrink` can drop it.
            let killAfterSwitch = stage.draw(2) == 0
            if killAfterSwitch, let point = stage.kills.scripted(phone, subject: "phone@after-switch", .inPhase("import", jobs: 1 + stage.draw(3))) {
                stage.kills.arm(phone, at: point)
            }
            await stage.session(phone, [.sync] + stage.edits(2))
            stage.kills.disarm(phone)
            if killAfterSwitch, phone.state == .killed, stage.kills.phase(of: phone) == "import" {
                stage.sim.sometimes("cryptosavings: killed in the import after an account change")
            }
            if full { stage.server.setQuota(quota) }  // alice frees space
            await stage.session(tablet, stage.edits(2 + stage.draw(3)))
            await stage.session(phone, [.sync])
            // Half the seeds: the phone goes back to alice's Apple ID, edits offline again and
            // switches to bob's a second time: a second set-aside for alice on the same device,
            // which must keep the first one's notes.
            if stage.draw(2) == 0 {
                stage.setAccount(phone, .available(user: "alice"))
                await stage.session(phone, [.sync])
                stage.goOffline(phone, "before-second-switch")
                await stage.session(phone, stage.edits(2 + stage.draw(3)))
                stage.goOnline(phone)
                stage.setAccount(phone, .available(user: "bob"))
                stage.sim.sometimes("cryptosavings: a second switch away from the same account")
                await stage.session(phone, [.sync] + stage.edits(1))
                await stage.session(phone, [.sync])
            }
        })
}
