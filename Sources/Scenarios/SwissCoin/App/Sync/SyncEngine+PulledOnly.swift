import AppPorts
import SimValues

/// The pulled-only tables (settlements, groups, subscriptions and their activity, reminders,
/// messages): no user action edits them after the migration, so a device only takes the server's
/// rows, replacing its own by id.
extension SyncEngine {
    /// Stores one pulled row of a pulled-only `table` (unknown tables are ignored).
    func applyPulledOnly(_ table: String, _ id: String, _ row: CloudRow, _ change: JSONValue, _ codec: SyncRowCodec,
                         to db: inout LocalDatabase, positions: inout EntityPositions) {
        func store<T>(_ value: T, into array: inout [T], _ idOf: KeyPath<T, String?>) {
            Self.put(value, id: id, table: table, into: &array, idOf, positions: &positions)
        }
        switch table {
        case SyncTables.settlements:
            store(codec.settlement(from: row), into: &db.settlements, \.id)
        case SyncTables.groups:
            let local = positions.index(table, id, in: db.groups, \.id).map { db.groups[$0] }
            store(codec.group(from: row, members: change["members"]?.arrayValue ?? [], over: local), into: &db.groups, \.id)
        case SyncTables.subscriptions:
            store(codec.subscription(from: row, subscribers: change["subscribers"]?.arrayValue ?? []), into: &db.subscriptions, \.id)
        case SyncTables.reminders:
            store(codec.reminder(from: row), into: &db.reminders, \.id)
        case SyncTables.chatMessages:
            store(codec.chatMessage(from: row), into: &db.chatMessages, \.id)
        case SyncTables.subscriptionPayments:
            store(codec.subscriptionPayment(from: row), into: &db.subscriptionPayments, \.id)
        case SyncTables.subscriptionSettlements:
            store(codec.subscriptionSettlement(from: row), into: &db.subscriptionSettlements, \.id)
        case SyncTables.subscriptionReminders:
            store(codec.subscriptionReminder(from: row), into: &db.subscriptionReminders, \.id)
        default:
            return
        }
    }

    /// The store's array of a pulled-only `table` (nil for an unknown table).
    static func pulledOnlyArray(_ table: String, in db: LocalDatabase) -> Any? {
        switch table {
        case SyncTables.settlements: db.settlements
        case SyncTables.groups: db.groups
        case SyncTables.subscriptions: db.subscriptions
        case SyncTables.reminders: db.reminders
        case SyncTables.chatMessages: db.chatMessages
        case SyncTables.subscriptionPayments: db.subscriptionPayments
        case SyncTables.subscriptionSettlements: db.subscriptionSettlements
        case SyncTables.subscriptionReminders: db.subscriptionReminders
        default: nil
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
    static func put<T>(_ value: T, id: String, table: String, into array: inout [T], _ idOf: KeyPath<T, String?>,
                       positions: inout EntityPositions) {
        if let index = positions.index(table, id, in: array, idOf) {
            array[index] = value
        } else {
            array.append(value)
            positions.appended(table, id, at: array.count - 1)
        }
    }
}
