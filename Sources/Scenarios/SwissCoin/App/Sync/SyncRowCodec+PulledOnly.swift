import AppPorts
import SimValues

/// The pulled-only entities (groups, subscriptions and their activity, reminders, messages) ↔ the
/// rows `sync_pull` carries. Local → row is the fixed migration's encoding (what convergence
/// compares); row → local is what a device stores when it pulls. Photos are not carried: a pulled
/// group keeps the photo its device has, and a new device has none (images are not synced).
extension SyncRowCodec {
    // MARK: Local → row

    /// The group's synced columns; members go separately as a set.
    public func fields(_ group: UserGroup) -> CloudRow {
        ["name": .string(group.name ?? ""), "color_hex": text(group.colorHex),
         "created_date": instant(group.createdDate), "last_viewed_date": instant(group.lastViewedDate)]
    }

    /// The subscription's synced columns, its currency included; subscribers go separately.
    public func fields(_ sub: Subscription) -> CloudRow {
        [
            "name": .string(sub.name ?? ""), "amount": money(sub.amount, sub.currency ?? defaultCurrency), "currency": text(sub.currency),
            "cycle": .string(sub.cycle ?? "monthly"),
            "custom_cycle_days": sub.customCycleDays > 0 ? .int(Int64(sub.customCycleDays)) : .null,
            "start_date": calendarDay(sub.startDate), "next_billing_date": calendarDay(sub.nextBillingDate),
            "is_shared": .bool(sub.isShared), "is_active": .bool(sub.isActive), "category": text(sub.category),
            "icon_name": text(sub.iconName), "color_hex": text(sub.colorHex), "notes": text(sub.notes),
            "notification_enabled": .bool(sub.notificationEnabled),
            "notification_days_before": .int(Int64(sub.notificationDaysBefore)), "is_archived": .bool(sub.isArchived),
        ]
    }

    /// The reminder's synced columns (its amount in the default currency).
    public func fields(_ reminder: Reminder) -> CloudRow {
        ["created_date": instant(reminder.createdDate), "amount": money(reminder.amount, defaultCurrency),
         "message": text(reminder.message), "is_read": .bool(reminder.isRead), "is_cleared": .bool(reminder.isCleared),
         "to_person_id": text(reminder.toPersonId)]
    }

    /// The chat message's synced columns.
    public func fields(_ message: ChatMessage) -> CloudRow {
        ["content": .string(message.content ?? ""), "timestamp": instant(message.timestamp),
         "is_from_user": .bool(message.isFromUser), "is_edited": .bool(message.isEdited),
         "with_person_id": text(message.withPersonId), "with_group_id": text(message.withGroupId),
         "with_subscription_id": text(message.withSubscriptionId), "on_transaction_id": text(message.onTransactionId)]
    }

    /// `currency`: the subscription's (the rows carry none of their own).
    public func fields(_ payment: SubscriptionPayment, currency: String) -> CloudRow {
        ["subscription_id": text(payment.subscriptionId), "payer_id": text(payment.payerId),
         "amount": money(payment.amount, currency), "date": calendarDay(payment.date),
         "billing_period_start": calendarDay(payment.billingPeriodStart),
         "billing_period_end": calendarDay(payment.billingPeriodEnd), "note": text(payment.note)]
    }

    /// The subscription settlement's synced columns; `currency`: the subscription's.
    public func fields(_ settlement: SubscriptionSettlement, currency: String) -> CloudRow {
        ["subscription_id": text(settlement.subscriptionId), "from_person_id": text(settlement.fromPersonId),
         "to_person_id": text(settlement.toPersonId), "amount": money(settlement.amount, currency),
         "date": calendarDay(settlement.date), "note": text(settlement.note)]
    }

    /// The subscription reminder's synced columns; `currency`: the subscription's.
    public func fields(_ reminder: SubscriptionReminder, currency: String) -> CloudRow {
        ["subscription_id": text(reminder.subscriptionId), "to_person_id": text(reminder.toPersonId),
         "amount": money(reminder.amount, currency), "created_date": instant(reminder.createdDate),
         "message": text(reminder.message), "is_read": .bool(reminder.isRead)]
    }

    /// Exact decimal text of the amount in `currency`'s minor units (as the fixed migration sends it).
    func money(_ amount: Double, _ currency: String) -> JSONValue {
        .string(MinorUnits.decimalString(MinorUnits.from(amount, currency: currency), currency: currency))
    }

    private func instant(_ ms: Int64?) -> JSONValue { ms.map { .string(DateText.isoTimestamp(milliseconds: $0)) } ?? .null }

    /// The calendar day in the store's zone (as the fixed migration sends a `date`).
    func calendarDay(_ ms: Int64?) -> JSONValue {
        ms.map { .string(DateText.dateOnly(milliseconds: $0, offsetSeconds: offsetSeconds)) } ?? .null
    }

    // MARK: Row → local

    /// The server's group with its member set; the local photo, if any, is kept.
    func group(from row: CloudRow, members: [JSONValue], over local: UserGroup?) -> UserGroup {
        UserGroup(id: row["id"]?.stringValue, name: row["name"]?.stringValue, colorHex: row["color_hex"]?.stringValue,
                  createdDate: millis(row["created_date"]), lastViewedDate: millis(row["last_viewed_date"]),
                  photoData: local?.photoData, memberIds: members.map { $0["person_id"]?.stringValue })
    }

    /// The server's subscription with its subscriber set.
    func subscription(from row: CloudRow, subscribers: [JSONValue]) -> Subscription {
        Subscription(
            id: row["id"]?.stringValue, name: row["name"]?.stringValue, amount: decimal(row["amount"]),
            currency: row["currency"]?.stringValue, cycle: row["cycle"]?.stringValue,
            customCycleDays: Int(row["custom_cycle_days"]?.intValue ?? 0), startDate: day(row["start_date"]),
            nextBillingDate: day(row["next_billing_date"]), isShared: row["is_shared"]?.boolValue ?? false,
            isActive: row["is_active"]?.boolValue ?? true, category: row["category"]?.stringValue,
            iconName: row["icon_name"]?.stringValue, colorHex: row["color_hex"]?.stringValue, notes: row["notes"]?.stringValue,
            notificationEnabled: row["notification_enabled"]?.boolValue ?? false,
            notificationDaysBefore: Int(row["notification_days_before"]?.intValue ?? 1),
            isArchived: row["is_archived"]?.boolValue ?? false,
            subscriberIds: subscribers.map { $0["person_id"]?.stringValue })
    }

    func reminder(from row: CloudRow) -> Reminder {
        Reminder(id: row["id"]?.stringValue, createdDate: millis(row["created_date"]), amount: decimal(row["amount"]),
                 message: row["message"]?.stringValue, isRead: row["is_read"]?.boolValue ?? false,
                 isCleared: row["is_cleared"]?.boolValue ?? false, toPersonId: row["to_person_id"]?.stringValue)
    }

    func chatMessage(from row: CloudRow) -> ChatMessage {
        ChatMessage(id: row["id"]?.stringValue, content: row["content"]?.stringValue, timestamp: millis(row["timestamp"]),
                    isFromUser: row["is_from_user"]?.boolValue ?? true, isEdited: row["is_edited"]?.boolValue ?? false,
                    withPersonId: row["with_person_id"]?.stringValue, withGroupId: row["with_group_id"]?.stringValue,
                    withSubscriptionId: row["with_subscription_id"]?.stringValue,
                    onTransactionId: row["on_transaction_id"]?.stringValue)
    }

    func subscriptionPayment(from row: CloudRow) -> SubscriptionPayment {
        SubscriptionPayment(id: row["id"]?.stringValue, subscriptionId: row["subscription_id"]?.stringValue,
                            payerId: row["payer_id"]?.stringValue, amount: decimal(row["amount"]), date: day(row["date"]),
                            billingPeriodStart: day(row["billing_period_start"]), billingPeriodEnd: day(row["billing_period_end"]),
                            note: row["note"]?.stringValue)
    }

    func subscriptionSettlement(from row: CloudRow) -> SubscriptionSettlement {
        SubscriptionSettlement(id: row["id"]?.stringValue, subscriptionId: row["subscription_id"]?.stringValue,
                               fromPersonId: row["from_person_id"]?.stringValue, toPersonId: row["to_person_id"]?.stringValue,
                               amount: decimal(row["amount"]), date: day(row["date"]), note: row["note"]?.stringValue)
    }

    func subscriptionReminder(from row: CloudRow) -> SubscriptionReminder {
        SubscriptionReminder(id: row["id"]?.stringValue, subscriptionId: row["subscription_id"]?.stringValue,
                             toPersonId: row["to_person_id"]?.stringValue, amount: decimal(row["amount"]),
                             createdDate: millis(row["created_date"]), message: row["message"]?.stringValue,
                             isRead: row["is_read"]?.boolValue ?? false)
    }

    /// A `numeric(12,2)` money column as major units (exact text, at most two fraction digits,
    /// whatever the currency: these rows carry none of their own).
    private func decimal(_ value: JSONValue?) -> Double {
        switch value {
        case .string(let text)?: return Double(DecimalText.minorUnits(text, digits: 2) ?? 0) / 100
        case .int(let whole)?: return Double(whole)
        case .double(let number)?: return number
        default: return 0
        }
    }

    /// A `timestamptz` column as milliseconds since the epoch.
    private func millis(_ value: JSONValue?) -> Int64? {
        value?.stringValue.flatMap(DateText.milliseconds(fromTimestamp:))
    }
}
