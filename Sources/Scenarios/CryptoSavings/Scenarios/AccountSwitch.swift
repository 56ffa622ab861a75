import FakeCloud
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// alice's phone and tablet share data; the phone edits offline (unsynced), then the user
    /// signs out of iCloud and into bob's Apple ID (sometimes signed out for a while first),
    /// and keeps using the app as bob. alice's tablet keeps editing. Kills over both lives.
    static let accountSwitch = CryptoSavingsScenario(
        name: "account-switch",
        summary: "sign-out and a different Apple ID on a phone with unsynced edits; the other device stays on the first account",
        faults: CryptoStage.syncFaults,
        coverageMarks: ["cryptosavings: unsynced edits set aside at an account change"],
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            stage.goOffline(phone, "before-switch")
            await stage.session(phone, stage.edits(2 + stage.draw(3)))
            stage.goOnline(phone)
            if ScriptedStep.allows("sign-out", subject: "phone@switch", in: stage.sim) {
                stage.setAccount(phone, .noAccount)
                await stage.session(phone, stage.edits(1 + stage.draw(2)))
            }
            stage.setAccount(phone, .available(user: "bob"))
            await stage.session(phone, [.sync] + stage.edits(2))
            await stage.session(tablet, stage.edits(2 + stage.draw(3)))
            await stage.session(phone, [.sync])
        })
}
