import AppPorts

/// The Core Data `SubscriptionReminder` entity (seed l.822-834).
public struct SubscriptionReminder: Codable, Equatable, Sendable {
    public var id: String?
    public var subscriptionId: String?
    public var toPersonId: String?
    public var amount: Double
    public var createdDate: Int64?
    public var message: String?
    public var isRead: Bool

    public init(id: String?, subscriptionId: String?, toPersonId: String?, amount: Double,
                createdDate: Int64?, message: String? = nil, isRead: Bool = false) {
        self.id = id
        self.subscriptionId = subscriptionId
        self.toPersonId = toPersonId
        self.amount = amount
        self.createdDate = createdDate
        self.message = message
        self.isRead = isRead
    }
}
