import CryptoSavings
import SimHarness

/// The action of CryptoSavings' operation ledger (`OperationLedger<CryptoEvent>`, read from the
/// run's `History`): what the harness records of what the users did and what the apps answered.
/// Each action handed to an app is an operation (`.action`, with the mirror's account and the
/// month when it was handed over) that ends `ok` with the month of its confirmation, or
/// `indeterminate` (the app did not confirm it, or a kill cut it off); a mirror's binding to an
/// account, an export conflict that dropped local edits and an edit a kill cut off after its save
/// committed are observations recorded the same way (begun and ended at once).
enum CryptoEvent: WritingAction {
    /// An action handed to an app of `build`.
    case action(SavingsAction, owner: String?, month: String, build: Int)
    /// The device's mirror is bound to `user` (`adopt`).
    case mirrored(user: String)
    /// The device's mirror dropped local objects for the server's copies (an export conflict,
    /// `serverRecordWins`): the device's edits so far are no longer sure to stand.
    case serverWins
    /// A kill cut off the app's `perform` of this action after its save committed (the store
    /// was written and holds the action's objects): the relaunched app shows them, so they
    /// are the user's as if confirmed (the action's owner, month and build as handed over;
    /// see `CryptoStage.noteEditSavedBeforeKill`).
    case savedBeforeKill(SavingsAction, owner: String?, month: String, build: Int)

    /// The operation name of each event.
    var operationName: String {
        switch self {
        case .action: "cryptosavings action"
        case .mirrored: "cryptosavings mirror bound"
        case .serverWins: "cryptosavings export conflict"
        case .savedBeforeKill: "cryptosavings edit saved before a kill"
        }
    }

    /// The collection under which the values users set are compared: one entity per goal
    /// (`Goal <id>`: `name | target`) and per (asset, goal) allocation (`AssetAllocation
    /// <asset>/<goal>`: the amount), field `value`.
    static let values = "value"

    /// An action handed over that sets a goal's name and target or an allocation's amount writes
    /// that value; nothing else is compared as a value.
    var writes: [EntityWrite] {
        guard case .action(let action, _, _, _) = self, let (key, value) = Self.value(action) else { return [] }
        return [EntityWrite(Self.values, key, .update, fields: ["value": value])]
    }

    /// The key and shown value an action sets, if it sets one (nil for everything else).
    static func value(_ action: SavingsAction) -> (key: String, value: String)? {
        switch action {
        case .addGoal(let id, let name, _, let target, _), .editGoal(let id, let name, let target):
            return ("Goal \(id)", "\(name) | \(target.text)")
        case .allocate(let asset, let goal, let amount, _, _):
            return ("AssetAllocation \(asset)/\(goal)", amount.text)
        default:
            return nil
        }
    }
}
