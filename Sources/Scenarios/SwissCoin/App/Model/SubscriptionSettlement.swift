import AppPorts

/// The Core Data `SubscriptionSettlement` entity (seed l.788-802).
public struct SubscriptionSettlement: Codable, Equatable, Sendable {
    public var id: String?
    public var subscriptionId: String?
    public var fromPersonId: String?
    public var toPersonId: String?
    public var amount: Double
    public var date: Int64?
    public var note: String?

    public init(id: String?, subscriptionId: String?, fromPersonId: String?, toPersonId: String?,
                amount: Double, date: Int64?, note: String? = nil) {
        self.id = id
        self.subscriptionId = subscriptionId
        self.fromPersonId = fromPersonId
        self.toPersonId = toPersonId
        self.amount = amount
        self.date = date
        self.note = note
    }
}
