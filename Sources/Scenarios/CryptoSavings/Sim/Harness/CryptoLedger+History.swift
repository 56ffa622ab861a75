import CryptoSavings
import SimCore

/// The ledger is not kept beside the run: it is a fold of the run's `History`, where the harness
/// records what the users did and what the apps answered. Each action handed to an app is an
/// operation (`Event.action`, with the mirror's account, the month and the epoch when it was
/// handed over) that ends `ok` with the month of its confirmation, or `indeterminate` (the app
/// did not confirm it, or a kill cut it off); a mirror's binding to an account, an export
/// conflict that dropped local edits and an edit a kill cut off after its save committed are
/// observations recorded the same way. Folding the steps in recorded order applies them as they
/// happened.
extension CryptoLedger {
    /// What the harness records in the history (an operation's payload).
    enum Event: Sendable {
        /// An action handed to an app of `build`.
        case action(SavingsAction, owner: String?, month: String, epoch: Int, build: Int)
        /// The device's mirror is bound to `user` (`adopt`).
        case mirrored(user: String)
        /// The device's mirror dropped local objects for the server's copies (`markUncertain`).
        case serverWins
        /// A kill cut off the app's `perform` of this action after its save committed (the store
        /// was written and holds the action's objects): the relaunched app shows them, so they
        /// are the user's as if confirmed (the action's owner, month and build as handed over;
        /// see `CryptoStage.noteEditSavedBeforeKill`).
        case savedBeforeKill(SavingsAction, owner: String?, month: String, build: Int)
    }

    /// The operation name of each event.
    static func operationName(_ event: Event) -> String {
        switch event {
        case .action: "cryptosavings action"
        case .mirrored: "cryptosavings mirror bound"
        case .serverWins: "cryptosavings export conflict"
        case .savedBeforeKill: "cryptosavings edit saved before a kill"
        }
    }

    /// The ledger the history's events make, folded in recorded order.
    init(history: History) {
        self.init()
        let records = history.records(Event.self)
        var byId: [Int: HistoryRecord<Event>] = [:]  // looked up only, never iterated
        for record in records { byId[record.operation.id] = record }
        for step in history.steps {
            switch step {
            case .invoked(let id):
                guard let record = byId[id] else { continue }
                let device = record.operation.process
                switch record.payload {
                case .action(let action, let owner, let month, let epoch, _):
                    attempt(action, device: device, owner: owner, month: month)
                    attemptValue(action, device: device, owner: owner, epoch: epoch)
                case .mirrored(let user): adopt(device: device, user: user)
                case .serverWins: markUncertain(device: device)
                case .savedBeforeKill(let action, let owner, let month, let build):
                    acknowledge(action, device: device, owner: owner, month: month, build: build)
                }
            case .completed(let id):
                guard let record = byId[id], record.operation.status == .ok,
                      case .action(let action, let owner, _, _, let build) = record.payload else { continue }
                if case .sync = action { continue }
                guard let month = record.result(as: String.self) else {
                    preconditionFailure("a confirmed action ends with the month it was confirmed in")
                }
                acknowledge(action, device: record.operation.process, owner: owner, month: month, build: build)
                confirmValue(action, device: record.operation.process)
            }
        }
    }
}
