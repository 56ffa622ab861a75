import AppPorts

/// The Core Data `SubscriptionPayment` entity (seed l.755-768): one billing period paid by a person.
/// `billingPeriodStart`/`End` are calendar days the user meant, stored as instants (SC-21).
public struct SubscriptionPayment: Codable, Equatable, Sendable {
    public var id: String?
    public var subscriptionId: String?
    public var payerId: String?
    public var amount: Double
    public var date: Int64?
    public var billingPeriodStart: Int64?
    public var billingPeriodEnd: Int64?
    public var note: String?

    public init(id: String?, subscriptionId: String?, payerId: String?, amount: Double, date: Int64?,
                billingPeriodStart: Int64?, billingPeriodEnd: Int64?, note: String? = nil) {
        self.id = id
        self.subscriptionId = subscriptionId
        self.payerId = payerId
        self.amount = amount
        self.date = date
        self.billingPeriodStart = billingPeriodStart
        self.billingPeriodEnd = billingPeriodEnd
        self.note = note
    }
}
