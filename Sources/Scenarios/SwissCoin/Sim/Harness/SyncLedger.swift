import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// What the devices' users did after the migration and what the server acknowledged, in order,
/// for the checkers: edits saved locally (with the account signed in at the time) and settled
/// pushes (with the values they carried and the entity's new revision).
final class SyncLedger: @unchecked Sendable {
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

    struct Ack: Sendable {
        var device: String
        var account: String
        var ack: SyncEngine.Acknowledgement
        var atNanoseconds: Int64
    }

    /// Per device: the user script, set by the scenario (devices without one never sync).
    var scripts: [String: UserScript] = [:]
    /// Per device: when its first session began (ns); script times count from there.
    private(set) var origins: [String: Int64] = [:]

    /// The device's script origin, set the first time a session starts on it.
    func origin(_ device: String, now: Int64) -> Int64 {
        if let origin = origins[device] { return origin }
        origins[device] = now
        return now
    }
    private(set) var edits: [Edit] = []
    private(set) var acks: [Ack] = []
    /// Pushes settled in each device's passes so far (healing stops when a round pushes nothing).
    private(set) var pushes = 0
    /// Per device, the last sync error (nil after a pass that succeeded).
    private(set) var lastError: [String: String] = [:]
    /// Per device, the sync passes that ended without an error.
    private(set) var cleanPasses: [String: Int] = [:]

    func edited(_ device: String, _ account: String, _ change: OutboxChange, at now: Int64, intended: CloudRow = [:]) {
        edits.append(Edit(device: device, account: account, change: change, atNanoseconds: now, intended: intended))
    }

    func acknowledged(_ device: String, _ account: String, _ ack: SyncEngine.Acknowledgement, at now: Int64) {
        acks.append(Ack(device: device, account: account, ack: ack, atNanoseconds: now))
        pushes += 1
    }

    func passEnded(_ device: String, error: String?) {
        lastError[device] = error
        if error == nil { cleanPasses[device, default: 0] += 1 }
    }
}
