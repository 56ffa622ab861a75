import AppleStandIns
import CryptoSavings
import SimCore
import SimHarness

/// An edit a kill cut off: the app's `perform` of it never returned, so the harness never saw it
/// confirmed. Its save may still have committed (the fixed app saves, then exports, and a kill in
/// the export leaves the objects on disk). The relaunched app shows those objects to the user,
/// who has no reason to think the edit failed, so from then on they are the user's as much as a
/// confirmed edit's: an account change must set them aside and report them, not drop them.
/// Without this, an edit whose journal note is missing (an app that notes edits after their
/// export) and which the next account change purges was never asked for by no-loss, which walks
/// confirmed objects only.
struct EditInFlight: Sendable {
    let action: SavingsAction
    /// The account the device's mirror was bound to when the action was handed over.
    let owner: String?
    /// The month (declared zone) when it was handed over: the ledger keys of a plan or an
    /// execution name it.
    let month: String
    /// The build of the app process it was handed to.
    let build: Int
    /// The store file's content when it was handed over (nil: no store yet). A save replaces
    /// the content, so the same object at the relaunch means the edit saved nothing.
    let storeBefore: FileContent?
}

extension CryptoStage {
    /// At the start of a launch: if the device's previous process died performing an edit, the
    /// store file was written since the edit was handed over (nothing else writes it while an
    /// edit runs), and it holds every object the edit makes or touches (its ledger keys, by
    /// natural key, in the view the app shows), records it as saved before the kill (the ledger
    /// then counts it as confirmed, with the owner and month it was handed over with).
    ///
    /// The store decides, not the phase the kill landed in, so the rule does not depend on how
    /// the app orders its save and export. A plan or an execution saved just after the month
    /// turned has keys of the new month and is missed (never a false alarm).
    func noteEditSavedBeforeKill(_ context: DeviceContext) {
        guard let edit = editsInFlight.removeValue(forKey: context.deviceName) else { return }
        let files = phone(context.deviceName).device.files
        guard let content = files.content(CryptoSavingsApplication.storePath), content !== edit.storeBefore else { return }
        let rows = files.read(CryptoSavingsApplication.storePath)
            .flatMap(StoreSnapshot.decode).map { Array($0.rows.values) } ?? []
        let view = SavingsView(rows: rows, variant: variant, month: edit.month)
        let held = Set(CryptoKeys.keyed(view, all: rows).map(\.naturalKey))
        let keys = ConfirmedObjects.keys(edit.action, month: edit.month)
        guard !keys.isEmpty, keys.allSatisfy(held.contains) else { return }
        observe(.savedBeforeKill(edit.action, owner: edit.owner, month: edit.month, build: edit.build), context)
        context.record("saved before the kill: \(edit.action)")
        context.sometimes("cryptosavings: an edit a kill cut off was saved")
    }
}
