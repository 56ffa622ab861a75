import CryptoSavings
/// The values users set, for no-lost-update: each goal edit (name and target) and each allocation
/// (amount of an (asset, goal) pair), with when it happened in causal terms — the device, its
/// order on that device, and the epoch (barriers passed: every device had imported every earlier
/// edit before an edit of a later epoch was made).
extension CryptoLedger {
    struct ValueEdit: Equatable {
        /// `Goal <id>` or `AssetAllocation <asset>/<goal>`.
        var key: String
        /// What the view shows for it once the edit stands: `name | target` or the amount.
        var value: String
        var device: String
        var owner: String?
        var epoch: Int
        /// Position among every edit handed to an app (orders one device's edits).
        var sequence: Int
        var confirmed = false
        /// The device's mirror later dropped local edits for the server's copy (an export
        /// conflict, `serverRecordWins`): this one may be among them.
        var uncertain = false

        /// True if `self` certainly happened before `other` took effect anywhere: an earlier epoch,
        /// or earlier on the same device.
        func precedes(_ other: ValueEdit) -> Bool {
            epoch < other.epoch || (device == other.device && sequence < other.sequence)
        }
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

    /// Notes an action handed to an app that sets a value (confirmed later, or never).
    mutating func attemptValue(_ action: SavingsAction, device: String, owner: String?, epoch: Int) {
        guard let (key, value) = Self.value(action) else { return }
        valueEdits.append(ValueEdit(key: key, value: value, device: device, owner: owner, epoch: epoch, sequence: valueEdits.count))
    }

    /// The app confirmed the device's latest attempt of this action.
    mutating func confirmValue(_ action: SavingsAction, device: String) {
        guard let (key, value) = Self.value(action),
              let index = valueEdits.lastIndex(where: { $0.device == device && $0.key == key && $0.value == value }) else { return }
        valueEdits[index].confirmed = true
    }

    /// Every edit the device made so far may have been dropped by an export conflict.
    mutating func markUncertain(device: String) {
        for index in valueEdits.indices where valueEdits[index].device == device { valueEdits[index].uncertain = true }
    }

    /// Per key, the confirmed edit every other edit of the key (confirmed or not) precedes: the
    /// value that must stand. Keys whose last edits are concurrent have none, and so do keys whose
    /// last edit an export conflict may have dropped.
    func lastWriters() -> [ValueEdit] {
        var result: [ValueEdit] = []
        for key in Set(valueEdits.map(\.key)).sorted() {
            let edits = valueEdits.filter { $0.key == key }
            if let last = edits.first(where: { edit in edit.confirmed && edits.allSatisfy { $0 == edit || $0.precedes(edit) } }),
               !last.uncertain {
                result.append(last)
            }
        }
        return result
    }
}
