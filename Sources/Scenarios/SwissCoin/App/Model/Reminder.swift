import AppPorts

/// The Core Data `Reminder` entity (seed l.690-702): a payment reminder sent to a person.
public struct Reminder: Codable, Equatable, Sendable {
    public var id: String?
    public var createdDate: Int64?
    public var amount: Double
    public var message: String?
    public var isRead: Bool
    public var isCleared: Bool
    public var toPersonId: String?

    public init(id: String?, createdDate: Int64?, amount: Double, message: String? = nil,
                isRead: Bool = false, isCleared: Bool = false, toPersonId: String?) {
        self.id = id
        self.createdDate = createdDate
        self.amount = amount
        self.message = message
        self.isRead = isRead
        self.isCleared = isCleared
        self.toPersonId = toPersonId
    }
}
