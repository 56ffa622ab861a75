import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// The action of Swiss Coin's operation ledger (`OperationLedger<SyncOperation>`): an edit a
/// user saved locally after the migration (acknowledged at once: the app shows it), or a push the
/// server answered (an observation, begun and ended at once).
enum SyncOperation: Sendable {
    /// The edit, with the account signed in at the time and the values the user set.
    case edit(account: String, change: OutboxChange, intended: CloudRow)
    /// The server's answer to a push, received while `account` was signed in.
    case acknowledged(account: String, ack: SyncEngine.Acknowledgement)

    var operationName: String {
        switch self {
        case .edit: "swisscoin edit"
        case .acknowledged: "swisscoin push acknowledged"
        }
    }
}

/// What the devices' users did after the migration and what the server acknowledged, in order,
/// read from the run's operation ledger for the checkers: edits saved locally (with the account
/// signed in at the time) and settled pushes (with the values they carried and the entity's new
/// revision). Both are read whatever the operation's status: a kill cannot undo either.
struct UserEdits: Sendable {
    struct Edit: Sendable {
        var device: String
        var account: String
        var change: OutboxChange
        var atNanoseconds: Int64
        /// The row values the user set, for the groups the user's action changed, read from the
        /// store right after the edit (empty for a delete): what a push of this change must carry.
        /// A money edit also holds the split and payer sets under `splitsColumn` and `payersColumn`.
        var intended: CloudRow = [:]
    }

    struct Ack: Sendable {
        var device: String
        var account: String
        var ack: SyncEngine.Acknowledgement
        var atNanoseconds: Int64
    }

    /// The key under which an edit's intended values hold who shares the transaction (a row has
    /// no such column: splits travel beside it).
    static let splitsColumn = "transaction_splits"
    /// The key under which an edit's intended values hold who paid.
    static let payersColumn = "transaction_payers"

    /// A split or payer set as one comparable value: `person=minor units`, sorted (the rows' ids
    /// follow from the person, so they add nothing). Nil for no set.
    static func children(_ rows: [JSONValue]?, person column: String, currency: String) -> JSONValue? {
        guard let rows else { return nil }
        let items = rows.map { row in
            "\(row[column]?.stringValue ?? "null")=\(ServerAmount.minor(row["amount"], currency: currency).map(String.init) ?? "?")"
        }
        return .string(items.sorted().joined(separator: ","))
    }

    private(set) var edits: [Edit] = []
    private(set) var acks: [Ack] = []

    /// The edits and acknowledgements of `ledger`, each in invocation order.
    init(ledger: OperationLedger<SyncOperation>) {
        for entry in ledger {
            switch entry.action {
            case .edit(let account, let change, let intended):
                edits.append(Edit(device: entry.device, account: account, change: change, atNanoseconds: entry.invokedAt, intended: intended))
            case .acknowledged(let account, let ack):
                acks.append(Ack(device: entry.device, account: account, ack: ack, atNanoseconds: entry.invokedAt))
            }
        }
    }

    /// Tests build one edit by edit.
    init(edits: [Edit] = [], acks: [Ack] = []) {
        self.edits = edits
        self.acks = acks
    }
}
