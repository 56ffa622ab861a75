import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// Subscriptions with subscribers, monthly payments, settlements and reminders. Billing dates are
/// local midnights in the store's declared zone (the instants SC-21 shifts).
extension DatasetGenerator {
    /// The instant of local midnight `daysAgo` days before `nowMs`, in the store's zone.
    mutating func localMidnight(daysAgo: Int) -> Int64 {
        let offsetMs = Int64(database.timeZoneOffsetSeconds) * 1000
        let localNow = nowMs + offsetMs
        let localMidnightToday = localNow - ((localNow % 86_400_000) + 86_400_000) % 86_400_000
        return localMidnightToday - Int64(daysAgo) * 86_400_000 - offsetMs
    }

    mutating func makeSubscriptions() {
        for index in 0..<size.subscriptions {
            let cur = currency()
            let (_, stored) = amount(cur, maxMajor: cur == "JPY" ? 3_000 : 40)
            let startDaysAgo = random.int(in: 60...600)
            let subscribers = [me] + someOthers(random.int(in: 1...4))
            let sub = Subscription(id: uuid(), name: "Subscription \(index + 1)", amount: stored, currency: cur,
                                   startDate: localMidnight(daysAgo: startDaysAgo),
                                   nextBillingDate: localMidnight(daysAgo: -random.int(in: 1...30)),
                                   notificationEnabled: random.chance(1, in: 2), subscriberIds: subscribers)
            database.subscriptions.append(sub)
            makeSubscriptionActivity(sub, startDaysAgo: startDaysAgo, subscribers: subscribers)
        }
    }

    mutating func makeSubscriptionActivity(_ sub: Subscription, startDaysAgo: Int, subscribers: [String]) {
        let periods = min(6, startDaysAgo / 30)
        for period in 0..<periods {
            let start = localMidnight(daysAgo: startDaysAgo - period * 30)
            database.subscriptionPayments.append(SubscriptionPayment(
                id: uuid(), subscriptionId: sub.id, payerId: random.pick(subscribers), amount: sub.amount, date: start,
                billingPeriodStart: start, billingPeriodEnd: localMidnight(daysAgo: startDaysAgo - period * 30 - 29)))
        }
        if let other = subscribers.dropFirst().first {
            database.subscriptionSettlements.append(SubscriptionSettlement(
                id: uuid(), subscriptionId: sub.id, fromPersonId: other, toPersonId: me,
                amount: sub.amount / Double(subscribers.count), date: pastMs(days: 90)))
            database.subscriptionReminders.append(SubscriptionReminder(
                id: uuid(), subscriptionId: sub.id, toPersonId: other, amount: sub.amount / Double(subscribers.count),
                createdDate: pastMs(days: 30), message: "Your share"))
        }
    }
}
