import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// The pulled-only entities (groups with members, subscriptions with subscribers, reminders,
/// messages and subscription activity) in `SyncedView`'s projection: the columns `sync_pull`
/// carries, money in exact cents (`numeric(12,2)`), instants in milliseconds, member and
/// subscriber sets sorted. Photos are not compared: images are not synced.
extension SyncedView {
    /// How a compared column is normalised so a local value and the server's compare equal.
    enum ColumnKind { case plain, money, instant }

    /// A pulled-only table: its label in the view and its compared columns.
    struct PulledTable {
        let table: String
        let label: String
        let columns: [(name: String, kind: ColumnKind)]
        /// A child set compared with the row: (child table, parent column).
        var members: (table: String, parentColumn: String)? = nil
    }

    static let pulledTables: [PulledTable] = [
        PulledTable(table: "user_groups", label: "group",
                    columns: [("name", .plain), ("color_hex", .plain), ("created_date", .instant), ("last_viewed_date", .instant)],
                    members: ("group_members", "group_id")),
        PulledTable(table: "subscriptions", label: "subscription",
                    columns: [("name", .plain), ("amount", .money), ("currency", .plain), ("cycle", .plain),
                              ("custom_cycle_days", .plain), ("start_date", .plain), ("next_billing_date", .plain),
                              ("is_shared", .plain), ("is_active", .plain), ("category", .plain), ("icon_name", .plain),
                              ("color_hex", .plain), ("notes", .plain), ("notification_enabled", .plain),
                              ("notification_days_before", .plain), ("is_archived", .plain)],
                    members: ("subscription_subscribers", "subscription_id")),
        PulledTable(table: "reminders", label: "reminder",
                    columns: [("created_date", .instant), ("amount", .money), ("message", .plain), ("is_read", .plain),
                              ("is_cleared", .plain), ("to_person_id", .plain)]),
        PulledTable(table: "chat_messages", label: "message",
                    columns: [("content", .plain), ("timestamp", .instant), ("is_from_user", .plain), ("is_edited", .plain),
                              ("with_person_id", .plain), ("with_group_id", .plain), ("with_subscription_id", .plain),
                              ("on_transaction_id", .plain)]),
        PulledTable(table: "subscription_payments", label: "subscription payment",
                    columns: [("subscription_id", .plain), ("payer_id", .plain), ("amount", .money), ("date", .plain),
                              ("billing_period_start", .plain), ("billing_period_end", .plain), ("note", .plain)]),
        PulledTable(table: "subscription_settlements", label: "subscription settlement",
                    columns: [("subscription_id", .plain), ("from_person_id", .plain), ("to_person_id", .plain),
                              ("amount", .money), ("date", .plain), ("note", .plain)]),
        PulledTable(table: "subscription_reminders", label: "subscription reminder",
                    columns: [("subscription_id", .plain), ("to_person_id", .plain), ("amount", .money),
                              ("created_date", .instant), ("message", .plain), ("is_read", .plain)]),
    ]

    /// The store's pulled-only entities as (table, id, row, member ids), leaving out what the
    /// migration never uploads (an entity without its id or a required reference: skip report).
    static func localPulledOnly(_ db: LocalDatabase, _ codec: SyncRowCodec) -> [(table: String, id: String, row: CloudRow, members: [String])] {
        var items: [(table: String, id: String, row: CloudRow, members: [String])] = []
        // The first subscription with each id, looked up once per row (a scan per row made this
        // view cost payments × subscriptions). Callers pass only non-nil ids.
        var subscriptionCurrency: [String: String?] = [:]
        for sub in db.subscriptions {
            if let id = sub.id, subscriptionCurrency[id] == nil { subscriptionCurrency[id] = .some(sub.currency) }
        }
        func currency(_ subscriptionId: String?) -> String {
            precondition(subscriptionId != nil, "only rows with a subscription id ask for its currency")
            return (subscriptionCurrency[subscriptionId!] ?? nil) ?? codec.defaultCurrency
        }
        for group in db.groups { if let id = group.id { items.append(("user_groups", id, codec.fields(group), group.memberIds.compactMap { $0 })) } }
        for sub in db.subscriptions { if let id = sub.id { items.append(("subscriptions", id, codec.fields(sub), sub.subscriberIds.compactMap { $0 })) } }
        for reminder in db.reminders where reminder.toPersonId != nil {
            if let id = reminder.id { items.append(("reminders", id, codec.fields(reminder), [])) }
        }
        for message in db.chatMessages { if let id = message.id { items.append(("chat_messages", id, codec.fields(message), [])) } }
        for payment in db.subscriptionPayments where payment.subscriptionId != nil {
            if let id = payment.id { items.append(("subscription_payments", id, codec.fields(payment, currency: currency(payment.subscriptionId)), [])) }
        }
        for settlement in db.subscriptionSettlements
        where settlement.subscriptionId != nil && settlement.fromPersonId != nil && settlement.toPersonId != nil {
            if let id = settlement.id {
                items.append(("subscription_settlements", id, codec.fields(settlement, currency: currency(settlement.subscriptionId)), []))
            }
        }
        for reminder in db.subscriptionReminders where reminder.subscriptionId != nil {
            if let id = reminder.id {
                items.append(("subscription_reminders", id, codec.fields(reminder, currency: currency(reminder.subscriptionId)), []))
            }
        }
        return items
    }

    static func addLocalPulledOnly(_ db: LocalDatabase, _ codec: SyncRowCodec, to view: inout [String: String]) {
        for item in localPulledOnly(db, codec) {
            guard let spec = pulledTables.first(where: { $0.table == item.table }) else { continue }
            view[key(spec.label, item.id)] = pulledText(spec, item.row, members: spec.members == nil ? nil : item.members)
        }
    }

    static func addServerPulledOnly(_ snapshot: ServerSnapshot, to view: inout [String: String]) {
        for spec in pulledTables {
            var membersOf: [String: [String]] = [:]
            if let members = spec.members {
                for row in snapshot.childRows(members.table, parent: spec.table, parentColumn: members.parentColumn) {
                    membersOf[row[members.parentColumn]?.stringValue ?? "", default: []].append(row["person_id"]?.stringValue ?? "")
                }
            }
            for row in snapshot.rows(spec.table) {
                let id = row["id"]?.stringValue ?? ""
                view[key(spec.label, id)] = pulledText(spec, row, members: spec.members == nil ? nil : membersOf[id] ?? [])
            }
        }
    }

    /// `column=value` for every compared column, then the sorted member set.
    static func pulledText(_ spec: PulledTable, _ row: [String: JSONValue], members: [String]?) -> String {
        var text = ""
        for column in spec.columns {
            if !text.isEmpty { text += " | " }
            text += column.name + "=" + normalised(row[column.name] ?? .null, column.kind)
        }
        if let members {
            if !text.isEmpty { text += " | " }
            text += "members[" + members.sorted().map { String($0.prefix(8)) }.joined(separator: ",") + "]"
        }
        return text
    }

    /// `value.canonicalText`, with strings that need no escape written at once (it appends a
    /// string's characters one by one).
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .string(let text) where !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }):
            return "\"" + text + "\""
        default: return value.canonicalText
        }
    }

    static func normalised(_ value: JSONValue, _ kind: ColumnKind) -> String {
        switch kind {
        case .plain:
            return canonical(value)
        case .money:
            let cents: Int64?
            switch value {
            case .string(let text): cents = DecimalText.minorUnits(text, digits: 2)
            case .int(let whole): cents = whole * 100
            case .double(let number): cents = DecimalText.minorUnits("\(number)", digits: 2)
            default: cents = nil
            }
            return cents.map { "\($0) cents" } ?? canonical(value)
        case .instant:
            guard let text = value.stringValue else { return canonical(value) }
            return DateText.milliseconds(fromTimestamp: text).map { DateText.isoTimestamp(milliseconds: $0) } ?? text
        }
    }
}
