/// A child's story hero (the seed's `Hero`, l.543-563): name, age, traits, an optional special
/// ability and an avatar image generated for it.
public struct Hero: StoredEntity {
    public static let kind = EntityKind.hero
    public var id: String
    public var name: String
    public var age: Int
    public var traits: [String]
    public var specialAbility: String?
    /// What the app stored for the avatar: a file name, a path or a `file://` URL (see `MediaLocator`).
    public var avatarImagePath: String?
    public var createdAtMilliseconds: Int64
    public var serverId: String?
    public var serverSyncStatus: ServerSyncStatus = .pending
    public var lastSyncedAtMilliseconds: Int64?

    /// A hero not on the server yet.
    public init(id: String, name: String, age: Int, traits: [String], specialAbility: String? = nil,
                avatarImagePath: String? = nil, createdAtMilliseconds: Int64) {
        self.id = id
        self.name = name
        self.age = age
        self.traits = traits
        self.specialAbility = specialAbility
        self.avatarImagePath = avatarImagePath
        self.createdAtMilliseconds = createdAtMilliseconds
    }
}
