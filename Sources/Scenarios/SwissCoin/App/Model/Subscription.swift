import AppPorts

/// The Core Data `Subscription` entity and its `subscribers` relationship (seed l.492-513,
/// l.530-545). `startDate`/`nextBillingDate` are instants (ms) whose *calendar day in the user's time
/// zone* is what the user meant (SC-21). `subscriberIds` keeps insertion order (see `UserGroup`).
public struct Subscription: Codable, Equatable, Sendable {
    public var id: String?
    public var name: String?
    public var amount: Double
    public var currency: String?
    public var cycle: String?
    public var customCycleDays: Int
    public var startDate: Int64?
    public var nextBillingDate: Int64?
    public var isShared: Bool
    public var isActive: Bool
    public var category: String?
    public var iconName: String?
    public var colorHex: String?
    public var notes: String?
    public var notificationEnabled: Bool
    public var notificationDaysBefore: Int
    public var isArchived: Bool
    public var subscriberIds: [String?]

    public init(id: String?, name: String?, amount: Double, currency: String? = nil, cycle: String? = "monthly",
                customCycleDays: Int = 0, startDate: Int64? = nil, nextBillingDate: Int64? = nil,
                isShared: Bool = true, isActive: Bool = true, category: String? = nil, iconName: String? = nil,
                colorHex: String? = nil, notes: String? = nil, notificationEnabled: Bool = false,
                notificationDaysBefore: Int = 1, isArchived: Bool = false, subscriberIds: [String?] = []) {
        self.id = id
        self.name = name
        self.amount = amount
        self.currency = currency
        self.cycle = cycle
        self.customCycleDays = customCycleDays
        self.startDate = startDate
        self.nextBillingDate = nextBillingDate
        self.isShared = isShared
        self.isActive = isActive
        self.category = category
        self.iconName = iconName
        self.colorHex = colorHex
        self.notes = notes
        self.notificationEnabled = notificationEnabled
        self.notificationDaysBefore = notificationDaysBefore
        self.isArchived = isArchived
        self.subscriberIds = subscriberIds
    }
}
