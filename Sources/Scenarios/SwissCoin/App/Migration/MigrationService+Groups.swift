import AppPorts
import SimValues

/// Steps 4-7: groups, memberships, subscriptions, subscribers (seed l.415-551).
extension MigrationService {
    /// S4, seed l.415-455.
    func migrateGroups() async throws {
        guard let authId = authUserId else { return }
        var count = 0
        for group in try fetch().groups {
            guard let groupId = group.id else {
                skip("user_groups", nil, "group without id")
                continue
            }
            let dto: CloudRow = [
                "id": .string(groupId),
                "owner_id": .string(authId),
                "name": .string(group.name ?? ""),
                "color_hex": text(group.colorHex),
                "created_date": timestamp(group.createdDate),
                "last_viewed_date": timestamp(group.lastViewedDate),
            ]
            try await upsertEntity("user_groups", dto)
            if let photoData = group.photoData {
                try await uploadPhoto(photoData, entityType: "groups", table: "user_groups", entityId: groupId)
            }
            count += 1
        }
        entityCounts["Groups"] = count
    }

    /// S5, seed l.457-483 (members in insertion order: the port's order for the seed's `Set<Person>`).
    func migrateGroupMembers() async throws {
        var count = 0
        for group in try fetch().groups {
            guard let groupId = group.id else {
                skip("group_members", nil, "members of a group without id")
                continue
            }
            for member in group.memberIds {
                guard let personId = member else {
                    skip("group_members", groupId, "member without id")
                    continue
                }
                let row: CloudRow = ["group_id": .string(groupId), "person_id": .string(remapPersonId(personId))]
                try await upsertJoin("group_members", row, naturalKey: "group_id,person_id")
                count += 1
            }
        }
        entityCounts["Group Members"] = count
    }

    /// S6, seed l.485-523. The seed's row has no currency (`subscription-currency-dropped`); the
    /// fixed variant sends it, and the subscription's currency decides the amount's minor-unit digits.
    func migrateSubscriptions() async throws {
        guard let authId = authUserId else { return }
        let database = try fetch()
        let zone = database.timeZoneOffsetSeconds
        var count = 0
        for sub in database.subscriptions {
            guard let subId = sub.id else {
                skip("subscriptions", nil, "subscription without id")
                continue
            }
            var dto: CloudRow = [
                "id": .string(subId), "owner_id": .string(authId), "name": .string(sub.name ?? ""),
                "amount": money(sub.amount, currency: sub.currency ?? defaultCurrency),
                "cycle": .string(sub.cycle ?? "monthly"),
                "custom_cycle_days": sub.customCycleDays > 0 ? .int(Int64(sub.customCycleDays)) : .null,
                "start_date": calendarDay(sub.startDate, offsetSeconds: zone),
                "next_billing_date": calendarDay(sub.nextBillingDate, offsetSeconds: zone),
                "is_shared": .bool(sub.isShared), "is_active": .bool(sub.isActive),
                "category": text(sub.category), "icon_name": text(sub.iconName), "color_hex": text(sub.colorHex),
                "notes": text(sub.notes), "notification_enabled": .bool(sub.notificationEnabled),
                "notification_days_before": .int(Int64(sub.notificationDaysBefore)),
                "is_archived": .bool(sub.isArchived),
            ]
            if !has(.subscriptionCurrencyDropped) { dto["currency"] = text(sub.currency) }
            try await upsertEntity("subscriptions", dto)
            count += 1
        }
        entityCounts["Subscriptions"] = count
    }

    /// S7, seed l.525-551.
    func migrateSubscriptionSubscribers() async throws {
        var count = 0
        for sub in try fetch().subscriptions {
            guard let subId = sub.id else {
                skip("subscription_subscribers", nil, "subscribers of a subscription without id")
                continue
            }
            for subscriber in sub.subscriberIds {
                guard let personId = subscriber else {
                    skip("subscription_subscribers", subId, "subscriber without id")
                    continue
                }
                let row: CloudRow = ["subscription_id": .string(subId), "person_id": .string(remapPersonId(personId))]
                try await upsertJoin("subscription_subscribers", row, naturalKey: "subscription_id,person_id")
                count += 1
            }
        }
        entityCounts["Subscription Subscribers"] = count
    }
}
