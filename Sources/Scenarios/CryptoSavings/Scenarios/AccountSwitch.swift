import FakeCloud
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// alice's phone and tablet share data; the phone edits offline (unsynced; in half the seeds
    /// her iCloud storage is full, so the phone's export back online fails for those records),
    /// then the user signs out of iCloud and into bob's Apple ID (in half the seeds signed out for
    /// a while first, in the other half straight into bob's), and keeps using the app as bob.
    /// alice's tablet keeps editing. Kills over both lives.
    static let accountSwitch = CryptoSavingsScenario(
        name: "account-switch",
        summary: "sign-out and a different Apple ID on a phone with unsynced edits; the other device stays on the first account",
        faults: CryptoStage.syncFaults,
        coverageMarks: ["cryptosavings: unsynced edits set aside at an account change", "cryptosavings: iCloud storage full before an account change"],
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
            await stage.session(phone, [.sync] + stage.edits(2))
            if full { stage.server.setQuota(quota) }  // alice frees space
            await stage.session(tablet, stage.edits(2 + stage.draw(3)))
            await stage.session(phone, [.sync])
        })
}
