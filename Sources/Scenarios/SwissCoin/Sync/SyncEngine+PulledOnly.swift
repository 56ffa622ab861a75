import AppPorts
import SimValues

/// The pulled-only tables (settlements, groups, subscriptions and their activity, reminders,
/// messages): no user action edits them after the migration, so a device only takes the server's
/// rows, replacing its own by id.
extension SyncEngine {
    /// Stores one pulled row of a pulled-only `table` (unknown tables are ignored).
    func applyPulledOnly(_ table: String, _ id: String, _ row: CloudRow, _ change: JSONValue, _ codec: SyncRowCodec,
                         to db: inout LocalDatabase) {
        switch table {
        case SyncTables.settlements:
            Self.put(codec.settlement(from: row), id: id, into: &db.settlements, \.id)
        case SyncTables.groups:
            let local = db.groups.first { $0.id == id }
            Self.put(codec.group(from: row, members: change["members"]?.arrayValue ?? [], over: local), id: id, into: &db.groups, \.id)
        case SyncTables.subscriptions:
            Self.put(codec.subscription(from: row, subscribers: change["subscribers"]?.arrayValue ?? []), id: id,
                     into: &db.subscriptions, \.id)
        case SyncTables.reminders:
            Self.put(codec.reminder(from: row), id: id, into: &db.reminders, \.id)
        case SyncTables.chatMessages:
            Self.put(codec.chatMessage(from: row), id: id, into: &db.chatMessages, \.id)
        case SyncTables.subscriptionPayments:
            Self.put(codec.subscriptionPayment(from: row), id: id, into: &db.subscriptionPayments, \.id)
        case SyncTables.subscriptionSettlements:
            Self.put(codec.subscriptionSettlement(from: row), id: id, into: &db.subscriptionSettlements, \.id)
        case SyncTables.subscriptionReminders:
            Self.put(codec.subscriptionReminder(from: row), id: id, into: &db.subscriptionReminders, \.id)
        default:
            return
        }
    }

    /// Removes a pulled-only entity (its row was soft-deleted on the server).
    static func removePulledOnly(_ table: String, _ id: String, from db: inout LocalDatabase) {
        switch table {
        case SyncTables.settlements: db.settlements.removeAll { $0.id == id }
        case SyncTables.groups: db.groups.removeAll { $0.id == id }
        case SyncTables.subscriptions: db.subscriptions.removeAll { $0.id == id }
        case SyncTables.reminders: db.reminders.removeAll { $0.id == id }
        case SyncTables.chatMessages: db.chatMessages.removeAll { $0.id == id }
        case SyncTables.subscriptionPayments: db.subscriptionPayments.removeAll { $0.id == id }
        case SyncTables.subscriptionSettlements: db.subscriptionSettlements.removeAll { $0.id == id }
        case SyncTables.subscriptionReminders: db.subscriptionReminders.removeAll { $0.id == id }
        default: break
        }
    }

    /// Replaces the element with `id`, or appends `value` (creation order, as a Core Data insert).
    static func put<T>(_ value: T, id: String, into array: inout [T], _ idOf: KeyPath<T, String?>) {
        if let index = array.firstIndex(where: { $0[keyPath: idOf] == id }) {
            array[index] = value
        } else {
            array.append(value)
        }
    }
}
