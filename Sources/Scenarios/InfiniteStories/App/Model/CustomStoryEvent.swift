/// A story event the user made up (the seed's `CustomStoryEvent`, l.613-635), with a pictogram
/// (in the plan's scope, l.42).
public struct CustomStoryEvent: StoredEntity {
    public static let kind = EntityKind.event
    public var id: String
    public var title: String
    public var eventDescription: String
    public var promptSeed: String
    public var category: String
    public var ageRange: String
    public var tone: String
    public var usageCount: Int
    public var isFavorite: Bool
    /// The pictogram's file name or path (see `MediaLocator`).
    public var pictogramPath: String?
    public var createdAtMilliseconds: Int64
    public var serverId: String?
    public var serverSyncStatus: ServerSyncStatus = .pending
    public var lastSyncedAtMilliseconds: Int64?

    /// A custom event not on the server yet.
    public init(id: String, title: String, eventDescription: String, promptSeed: String, category: String, ageRange: String,
                tone: String, usageCount: Int = 0, isFavorite: Bool = false, pictogramPath: String? = nil, createdAtMilliseconds: Int64) {
        self.id = id
        self.title = title
        self.eventDescription = eventDescription
        self.promptSeed = promptSeed
        self.category = category
        self.ageRange = ageRange
        self.tone = tone
        self.usageCount = usageCount
        self.isFavorite = isFavorite
        self.pictogramPath = pictogramPath
        self.createdAtMilliseconds = createdAtMilliseconds
    }
}
