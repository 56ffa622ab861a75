import AppPorts
import SimValues

/// The API's field names for each entity's own content (no ids, references or media): what a
/// create sends and what a verification compares. The backend's JSON is snake_case.
public enum ContentFields {
    /// A hero's content (`dates`: with its creation date).
    public static func hero(_ hero: Hero, dates: Bool = true) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "name": .string(hero.name), "age": .int(Int64(hero.age)), "traits": .array(hero.traits.map(JSONValue.string)),
            "special_ability": hero.specialAbility.map(JSONValue.string) ?? .null,
        ]
        if dates { fields["original_created_at"] = .string(Timestamp.text(milliseconds: hero.createdAtMilliseconds)) }
        return fields
    }

    /// A story's content, without its parents and media.
    public static func story(_ story: Story, dates: Bool = true) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "title": .string(story.title), "content": .string(story.content), "event_type": story.eventType.map(JSONValue.string) ?? .null,
            "language": .string(story.language), "is_favorite": .bool(story.isFavorite), "play_count": .int(Int64(story.playCount)),
        ]
        if dates { fields["original_created_at"] = .string(Timestamp.text(milliseconds: story.createdAtMilliseconds)) }
        return fields
    }

    /// A custom event's content, without its pictogram.
    public static func event(_ event: CustomStoryEvent) -> [String: JSONValue] {
        [
            "title": .string(event.title), "description": .string(event.eventDescription), "prompt_seed": .string(event.promptSeed),
            "category": .string(event.category), "age_range": .string(event.ageRange), "tone": .string(event.tone),
            "usage_count": .int(Int64(event.usageCount)), "is_favorite": .bool(event.isFavorite),
        ]
    }

    /// An illustration's content, without its story and image.
    public static func illustration(_ illustration: StoryIllustration) -> [String: JSONValue] {
        [
            "timestamp": .double(illustration.timestamp), "image_prompt": .string(illustration.imagePrompt),
            "display_order": .int(Int64(illustration.displayOrder)),
        ]
    }

    /// The media field of each kind (`avatar_url`).
    public static func mediaField(_ kind: MediaKind) -> String {
        switch kind {
        case .avatar: return "avatar_url"
        case .audio: return "audio_url"
        case .illustration: return "image_url"
        case .pictogram: return "pictogram_url"
        }
    }

    /// A stable hash of a body (sorted-key canonical JSON), to tell whether an entity changed
    /// since it was sent.
    public static func hash(_ fields: [String: JSONValue]) -> UInt64 { StableHash.fnv1a(JSONValue.object(fields).canonicalText) }

    /// Whether two JSON values mean the same number or value (`3` and `3.0` are one number).
    public static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a ?? .null, b ?? .null) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (let x, let y): return x == y
        }
    }
}
