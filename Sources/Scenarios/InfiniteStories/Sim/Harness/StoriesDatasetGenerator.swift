import AppPorts
import InfiniteStories
import SimCore

/// How a dataset's media references are written.
enum MediaMix: Sendable {
    /// Mostly what each field's name suggests, some from an earlier install, a few missing files.
    case typical
    /// Every form equally often (file names, paths, file URLs, stale containers) and many missing
    /// files: the media-reference-integrity scenario.
    case awkward
}

/// Draws a dataset from a seed stream: `size` 0 is small (3-5 heroes, 8-14 stories), 1 the plan's
/// "Full Migration (100 items)" (10 heroes, 30 stories, their media and illustrations), N is N × 1.
struct StoriesDatasetGenerator {
    var random: SimRandom
    let size: Int
    /// Prefix of every name (`d1`), so content identifies the device the data came from.
    let label: String
    let mix: MediaMix
    private var clock: Int64 = 1_760_000_000_000
    private var media: [String: [UInt8]] = [:]
    private var container = ""
    private var staleContainer = ""

    init(random: SimRandom, size: Int, label: String, mix: MediaMix = .typical) {
        self.random = random
        self.size = size
        self.label = label
        self.mix = mix
    }

    mutating func generate() -> StoriesDataset {
        container = "/var/mobile/Containers/Data/Application/" + random.uuidString().uppercased()
        staleContainer = "/var/mobile/Containers/Data/Application/" + random.uuidString().uppercased()
        let installId = random.uuidString()
        let scale = max(1, size)
        let heroCount = size <= 0 ? 3 + random.below(3) : 10 * scale
        let eventCount = size <= 0 ? 1 + random.below(3) : 4 * scale
        let storyCount = size <= 0 ? 8 + random.below(7) : 30 * scale
        let heroes = (0..<heroCount).map { hero($0) }
        let events = (0..<eventCount).map { event($0) }
        let stories = (0..<storyCount).map { story($0, heroes: heroes, events: events) }
        return StoriesDataset(containerPath: container, installId: installId, heroes: heroes, stories: stories, events: events,
                              mediaFiles: media)
    }

    private mutating func nextId() -> String { random.uuidString() }

    private mutating func tick() -> Int64 {
        clock += Int64(60_000 + random.below(86_400_000))
        return clock
    }

    private mutating func hero(_ index: Int) -> Hero {
        let id = nextId()
        let traits = ["brave", "kind", "curious", "funny", "clever"].filter { _ in random.chance(1, in: 2) }
        return Hero(id: id, name: "\(label) Hero \(index + 1)", age: 3 + random.below(8), traits: traits,
                    specialAbility: random.chance(1, in: 2) ? "flying \(index)" : nil,
                    avatarImagePath: reference(.avatar, "avatar_\(id.prefix(8)).png", chanceNone: 5), createdAtMilliseconds: tick())
    }

    private mutating func event(_ index: Int) -> CustomStoryEvent {
        let id = nextId()
        return CustomStoryEvent(id: id, title: "\(label) Event \(index + 1)", eventDescription: "a day at the \(index)",
                                promptSeed: "seed \(random.below(1000))", category: ["family", "school"][random.below(2)],
                                ageRange: "3-6", tone: ["calm", "silly"][random.below(2)], usageCount: random.below(5),
                                isFavorite: random.chance(1, in: 3), pictogramPath: reference(.pictogram, "picto_\(id.prefix(8)).png", chanceNone: 3),
                                createdAtMilliseconds: tick())
    }

    private mutating func story(_ index: Int, heroes: [Hero], events: [CustomStoryEvent]) -> Story {
        let id = nextId()
        // One story in ten lost its hero (deleted; SwiftData nullifies the relationship).
        let hero = random.chance(1, in: 10) ? nil : heroes[random.below(heroes.count)].id
        let custom = random.chance(1, in: 3) ? events[random.below(events.count)].id : nil
        var story = Story(id: id, title: "\(label) Story \(index + 1)", content: "Once upon a time \(random.below(1_000_000))...",
                          heroId: hero, eventType: custom == nil ? ["bedtime", "adventure"][random.below(2)] : nil, customEventId: custom,
                          language: ["en", "de", "fr"][random.below(3)], audioFileName: reference(.audio, "story_\(id.prefix(8)).mp3", chanceNone: 3),
                          isFavorite: random.chance(1, in: 4), playCount: random.below(20), createdAtMilliseconds: tick())
        let pictures = random.below(3)
        story.illustrations = (0..<pictures).map { order in
            let illustrationId = nextId()
            return StoryIllustration(id: illustrationId, timestamp: Double(random.below(3000)) / 10, imagePrompt: "\(label) story \(index + 1) picture \(order + 1)",
                                     imagePath: reference(.illustration, "ill_\(illustrationId.prefix(8)).png", chanceNone: 5), displayOrder: order)
        }
        return story
    }

    /// A reference to a media file (written to disk unless drawn missing), in a drawn form; nil
    /// one time in `chanceNone`.
    private mutating func reference(_ kind: MediaKind, _ name: String, chanceNone: Int) -> String? {
        if random.chance(1, in: chanceNone) { return nil }
        let missing = random.chance(1, in: mix == .typical ? 20 : 5)
        if !missing { media[kind.folder + "/" + name] = (0..<(16 + random.below(200))).map { _ in UInt8(random.below(256)) } }
        let current = container + "/" + kind.folder + "/" + name, stale = staleContainer + "/" + kind.folder + "/" + name
        let forms = ["file://" + current, name, current, "file://" + stale, stale]
        let weights: [Int]
        switch (mix, kind) {
        case (.awkward, _): weights = [1, 1, 1, 1, 1]
        case (.typical, .audio): weights = [3, 6, 0, 1, 0]
        case (.typical, .pictogram): weights = [4, 6, 0, 0, 0]
        case (.typical, _): weights = [6, 2, 1, 1, 0]
        }
        return forms[random.weightedIndex(weights)!]
    }
}
