/// A generated story (the seed's `Story`, l.565-593) with its audio narration and illustrations.
public struct Story: StoredEntity {
    public static let kind = EntityKind.story
    public var id: String
    public var title: String
    public var content: String
    /// The hero's local id; nil once the hero was deleted (SwiftData nullifies the relationship).
    public var heroId: String?
    /// A built-in event's raw value (`bedtime`), or nil.
    public var eventType: String?
    /// A custom event's local id, or nil.
    public var customEventId: String?
    public var language: String
    /// The narration's file name as the app stored it (see `MediaLocator`).
    public var audioFileName: String?
    public var illustrations: [StoryIllustration]
    public var isFavorite: Bool
    public var playCount: Int
    public var createdAtMilliseconds: Int64
    public var serverId: String?
    public var serverSyncStatus: ServerSyncStatus = .pending
    public var lastSyncedAtMilliseconds: Int64?

    /// A story not on the server yet.
    public init(id: String, title: String, content: String, heroId: String?, eventType: String? = nil, customEventId: String? = nil,
                language: String = "en", audioFileName: String? = nil, illustrations: [StoryIllustration] = [],
                isFavorite: Bool = false, playCount: Int = 0, createdAtMilliseconds: Int64) {
        self.id = id
        self.title = title
        self.content = content
        self.heroId = heroId
        self.eventType = eventType
        self.customEventId = customEventId
        self.language = language
        self.audioFileName = audioFileName
        self.illustrations = illustrations
        self.isFavorite = isFavorite
        self.playCount = playCount
        self.createdAtMilliseconds = createdAtMilliseconds
    }
}

/// One illustration of a story, shown at `timestamp` seconds into the narration (l.595-611).
public struct StoryIllustration: Codable, Sendable, Equatable {
    public var id: String
    /// Seconds into the audio, in tenths (the seed's `Double`; integral tenths survive JSON exactly).
    public var timestamp: Double
    public var imagePrompt: String
    public var imagePath: String?
    public var displayOrder: Int

    /// An illustration at `timestamp` seconds.
    public init(id: String, timestamp: Double, imagePrompt: String, imagePath: String?, displayOrder: Int) {
        self.id = id
        self.timestamp = timestamp
        self.imagePrompt = imagePrompt
        self.imagePath = imagePath
        self.displayOrder = displayOrder
    }
}
