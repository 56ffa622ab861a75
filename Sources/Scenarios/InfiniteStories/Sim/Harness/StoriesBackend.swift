import AppPorts
import FakeCloud
import InfiniteStories
import SimCore

/// The team's own REST backend for InfiniteStories, as the REST fake serves it: heroes, custom
/// events, stories (referencing a hero and a custom event) and illustrations (belonging to a
/// story), each with the client's `local_id`, media as presigned uploads, `DELETE <collection>`
/// for the seed's delete-all endpoints (l.1109-1117), `Idempotency-Key` support.
///
/// What the plan leaves open is drawn per seed (`Options`): the server's page cap (the seed asks
/// for `limit: 1000`, l.846; Rails apps commonly cap at 25 or 100 per page), what deleting a hero
/// does to its stories (a foreign key's default restrict, Rails `dependent: :destroy`, or
/// `ON DELETE SET NULL`), and — in the verifier-blind-spots scenario — a story field the backend
/// forgot to permit (Rails strong parameters drop an unpermitted key silently and answer 201).
enum StoriesBackend {
    struct Options: Sendable, Equatable {
        var maxPageSize = 100
        var heroDeletion: ReferenceDeletion = .restrict
        /// A story field the backend does not store (nil: none).
        var unpermittedStoryField: String?

        /// Draws the open choices from the seed.
        static func draw(_ random: inout SimRandom) -> Options {
            var options = Options()
            options.maxPageSize = [10, 25, 100][random.below(3)]
            options.heroDeletion = [ReferenceDeletion.restrict, .cascade, .setNull][random.below(3)]
            return options
        }
    }

    static func definition(_ options: Options) -> RESTBackendDefinition {
        RESTBackendDefinition { b in
            b.collection("heroes", path: "/api/heroes") { c in
                c.field("local_id", .string)
                c.field("name", .string, required: true)
                c.field("age", .int, required: true)
                c.field("traits", .stringArray)
                c.field("special_ability", .string)
                c.field("avatar_url", .fileURL)
                c.field("original_created_at", .dateTime)
                c.bulkDelete()
            }
            b.collection("custom_events", path: "/api/custom-events") { c in
                c.field("local_id", .string)
                c.field("title", .string, required: true)
                for name in ["description", "prompt_seed", "category", "age_range", "tone"] { c.field(name, .string) }
                c.field("usage_count", .int)
                c.field("is_favorite", .bool)
                c.field("pictogram_url", .fileURL)
                c.bulkDelete()
            }
            b.collection("stories", path: "/api/stories") { c in
                c.field("local_id", .string)
                c.field("hero_id", .reference("heroes"), onParentDelete: options.heroDeletion)
                c.field("custom_event_id", .reference("custom_events"), onParentDelete: .setNull)
                c.field("title", .string, required: true)
                for name in ["content", "event_type", "language"] where name != options.unpermittedStoryField { c.field(name, .string) }
                if options.unpermittedStoryField != "is_favorite" { c.field("is_favorite", .bool) }
                if options.unpermittedStoryField != "play_count" { c.field("play_count", .int) }
                c.field("audio_url", .fileURL)
                c.field("original_created_at", .dateTime)
                c.bulkDelete()
            }
            b.collection("illustrations", path: "/api/illustrations") { c in
                c.field("local_id", .string)
                c.field("story_id", .reference("stories"), required: true, onParentDelete: .cascade)
                c.field("timestamp", .double)
                c.field("image_prompt", .string)
                c.field("display_order", .int)
                c.field("image_url", .fileURL)
            }
        }
    }

    /// The collection of each entity kind.
    static func collection(_ kind: EntityKind) -> String {
        switch kind {
        case .hero: return "heroes"
        case .event: return "custom_events"
        case .story: return "stories"
        case .illustration: return "illustrations"
        }
    }

    static func config(_ options: Options, accessTokenSeconds: Int64?) -> RESTServerConfig {
        var config = RESTServerConfig()
        config.maxPageSize = options.maxPageSize
        if let accessTokenSeconds { config.accessTokenSeconds = accessTokenSeconds }
        return config
    }
}
