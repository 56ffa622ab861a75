import AppPorts

/// The Core Data `ChatMessage` entity (seed l.722-735): a message in a person, group, subscription
/// or transaction conversation.
public struct ChatMessage: Codable, Equatable, Sendable {
    public var id: String?
    public var content: String?
    public var timestamp: Int64?
    public var isFromUser: Bool
    public var isEdited: Bool
    public var withPersonId: String?
    public var withGroupId: String?
    public var withSubscriptionId: String?
    public var onTransactionId: String?

    public init(id: String?, content: String?, timestamp: Int64?, isFromUser: Bool = true, isEdited: Bool = false,
                withPersonId: String? = nil, withGroupId: String? = nil, withSubscriptionId: String? = nil,
                onTransactionId: String? = nil) {
        self.id = id
        self.content = content
        self.timestamp = timestamp
        self.isFromUser = isFromUser
        self.isEdited = isEdited
        self.withPersonId = withPersonId
        self.withGroupId = withGroupId
        self.withSubscriptionId = withSubscriptionId
        self.onTransactionId = onTransactionId
    }
}
