import AppPorts
import SimValues

/// Steps 11-16: settlements, reminders, messages and subscription activity (seed l.648-844).
extension MigrationService {
    /// S11, seed l.648-680.
    func migrateSettlements() async throws {
        guard let authId = authUserId else { return }
        var count = 0
        let database = try fetch()
        for settlement in database.settlements {
            guard let sid = settlement.id, let fromId = settlement.fromPersonId, let toId = settlement.toPersonId else {
                skip("settlements", settlement.id, "settlement without id or person")
                continue
            }
            let dto: CloudRow = [
                "id": .string(sid), "owner_id": .string(authId),
                "amount": money(settlement.amount, currency: settlement.currency ?? defaultCurrency),
                "currency": text(settlement.currency), "note": text(settlement.note),
                "date": calendarDay(settlement.date, offsetSeconds: database.timeZoneOffsetSeconds),
                "is_full_settlement": .bool(settlement.isFullSettlement),
                "from_person_id": .string(remapPersonId(fromId)), "to_person_id": .string(remapPersonId(toId)),
            ]
            try await upsertEntity("settlements", dto)
            count += 1
        }
        entityCounts["Settlements"] = count
    }

    /// S12, seed l.682-712.
    func migrateReminders() async throws {
        guard let authId = authUserId else { return }
        var count = 0
        for reminder in try fetch().reminders {
            guard let rid = reminder.id, let toId = reminder.toPersonId else {
                skip("reminders", reminder.id, "reminder without id or person")
                continue
            }
            let dto: CloudRow = [
                "id": .string(rid), "owner_id": .string(authId), "created_date": timestamp(reminder.createdDate),
                "amount": money(reminder.amount, currency: defaultCurrency), "message": text(reminder.message),
                "is_read": .bool(reminder.isRead), "is_cleared": .bool(reminder.isCleared),
                "to_person_id": .string(remapPersonId(toId)),
            ]
            try await upsertEntity("reminders", dto)
            count += 1
        }
        entityCounts["Reminders"] = count
    }

    /// S13, seed l.714-745.
    func migrateMessages() async throws {
        guard let authId = authUserId else { return }
        var count = 0
        for message in try fetch().chatMessages {
            guard let mid = message.id else {
                skip("chat_messages", nil, "message without id")
                continue
            }
            let dto: CloudRow = [
                "id": .string(mid), "owner_id": .string(authId), "content": .string(message.content ?? ""),
                "timestamp": timestamp(message.timestamp), "is_from_user": .bool(message.isFromUser),
                "is_edited": .bool(message.isEdited),
                "with_person_id": id(message.withPersonId.map(remapPersonId)),
                "with_group_id": id(message.withGroupId), "with_subscription_id": id(message.withSubscriptionId),
                "on_transaction_id": id(message.onTransactionId),
            ]
            try await upsertEntity("chat_messages", dto)
            count += 1
        }
        entityCounts["Messages"] = count
    }

    /// The currency of a subscription's money (the seed's rows carry none).
    func subscriptionCurrency(_ subscriptionId: String, in database: LocalDatabase) -> String {
        database.subscriptions.first { $0.id == subscriptionId }?.currency ?? defaultCurrency
    }

    /// S14, seed l.747-778.
    func migrateSubscriptionPayments() async throws {
        guard let authId = authUserId else { return }
        let database = try fetch()
        let zone = database.timeZoneOffsetSeconds
        var count = 0
        for payment in database.subscriptionPayments {
            guard let pid = payment.id, let subId = payment.subscriptionId else {
                skip("subscription_payments", payment.id, "payment without id or subscription")
                continue
            }
            let dto: CloudRow = [
                "id": .string(pid), "owner_id": .string(authId), "subscription_id": .string(subId),
                "payer_id": id(payment.payerId.map(remapPersonId)),
                "amount": money(payment.amount, currency: subscriptionCurrency(subId, in: database)),
                "date": calendarDay(payment.date, offsetSeconds: zone),
                "billing_period_start": calendarDay(payment.billingPeriodStart, offsetSeconds: zone),
                "billing_period_end": calendarDay(payment.billingPeriodEnd, offsetSeconds: zone),
                "note": text(payment.note),
            ]
            try await upsertEntity("subscription_payments", dto)
            count += 1
        }
        entityCounts["Sub Payments"] = count
    }

    /// S15, seed l.780-812.
    func migrateSubscriptionSettlements() async throws {
        guard let authId = authUserId else { return }
        let database = try fetch()
        var count = 0
        for settlement in database.subscriptionSettlements {
            guard let sid = settlement.id, let subId = settlement.subscriptionId,
                  let fromId = settlement.fromPersonId, let toId = settlement.toPersonId else {
                skip("subscription_settlements", settlement.id, "settlement without id, subscription or person")
                continue
            }
            let dto: CloudRow = [
                "id": .string(sid), "owner_id": .string(authId), "subscription_id": .string(subId),
                "from_person_id": .string(remapPersonId(fromId)), "to_person_id": .string(remapPersonId(toId)),
                "amount": money(settlement.amount, currency: subscriptionCurrency(subId, in: database)),
                "date": calendarDay(settlement.date, offsetSeconds: database.timeZoneOffsetSeconds),
                "note": text(settlement.note),
            ]
            try await upsertEntity("subscription_settlements", dto)
            count += 1
        }
        entityCounts["Sub Settlements"] = count
    }

    /// S16, seed l.814-844.
    func migrateSubscriptionReminders() async throws {
        guard let authId = authUserId else { return }
        let database = try fetch()
        var count = 0
        for reminder in database.subscriptionReminders {
            guard let rid = reminder.id, let subId = reminder.subscriptionId else {
                skip("subscription_reminders", reminder.id, "reminder without id or subscription")
                continue
            }
            let dto: CloudRow = [
                "id": .string(rid), "owner_id": .string(authId), "subscription_id": .string(subId),
                "to_person_id": id(reminder.toPersonId.map(remapPersonId)),
                "amount": money(reminder.amount, currency: subscriptionCurrency(subId, in: database)),
                "created_date": timestamp(reminder.createdDate), "message": text(reminder.message),
                "is_read": .bool(reminder.isRead),
            ]
            try await upsertEntity("subscription_reminders", dto)
            count += 1
        }
        entityCounts["Sub Reminders"] = count
    }
}
