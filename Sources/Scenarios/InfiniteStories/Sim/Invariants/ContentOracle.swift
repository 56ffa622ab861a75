import AppPorts
import FakeCloud
import InfiniteStories
import SimCore

/// Finds each local entity's row in an account (its local id, else its name) and says how the
/// row differs: missing, a content field, a parent that is not its own, a media file that is not
/// the same bytes. Shared by no-loss, status-truthfulness and the audits.
struct ContentOracle {
    let local: LocalData
    let rows: ServerRows
    private let heroes: RowLookup, events: RowLookup, stories: RowLookup, illustrations: RowLookup
    private let localHeroes: [String: Hero], localEvents: [String: CustomStoryEvent]

    init(local: LocalData, rows: ServerRows) {
        self.local = local
        self.rows = rows
        heroes = RowLookup(rows.heroes, nameField: "name")
        events = RowLookup(rows.events, nameField: "title")
        stories = RowLookup(rows.stories, nameField: "title")
        illustrations = RowLookup(rows.illustrations, nameField: "image_prompt")
        // The first entity of each id, as `first { $0.id == id }` finds it.
        localHeroes = Dictionary(local.heroes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        localEvents = Dictionary(local.events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Differences for every entity whose key is in `only` (nil: all).
    func diffs(only: Set<String>? = nil) -> [EntityDiff] {
        var found: [EntityDiff] = []
        for hero in local.heroes where only?.contains("hero:" + hero.id) ?? true { found += diffs(hero) }
        for event in local.events where only?.contains("event:" + event.id) ?? true { found += diffs(event) }
        for story in local.stories {
            if only?.contains("story:" + story.id) ?? true { found += diffs(story) }
            for illustration in story.illustrations where only?.contains("illustration:" + illustration.id) ?? true {
                found += diffs(illustration, of: story)
            }
        }
        return found
    }

    func row(_ hero: Hero) -> RESTRow? { heroes.pick(localId: hero.id, serverId: hero.serverId, name: hero.name) }
    func row(_ event: CustomStoryEvent) -> RESTRow? { events.pick(localId: event.id, serverId: event.serverId, name: event.title) }
    func row(_ story: Story) -> RESTRow? { stories.pick(localId: story.id, serverId: story.serverId, name: story.title) }
    /// By local id, else by prompt, else a row with no prompt whose image and story are this one's.
    func row(_ illustration: StoryIllustration, of story: Story) -> RESTRow? {
        let image = local.media(illustration.imagePath, .illustration).map(BytesHash.of)
        let storyRow = row(story)?.id
        return illustrations.pick(localId: illustration.id, serverId: nil, name: illustration.imagePrompt) { row in
            image != nil && rows.mediaHash(row, .illustration) == image && row.fields["story_id"]?.stringValue == storyRow
        }
    }

    func diffs(_ hero: Hero) -> [EntityDiff] {
        guard let row = row(hero) else { return [missing("hero", hero.name)] }
        return fields(ContentFields.hero(hero), row, "hero \(hero.name)") + media(hero.avatarImagePath, .avatar, row, "hero \(hero.name)")
    }

    func diffs(_ event: CustomStoryEvent) -> [EntityDiff] {
        guard let row = row(event) else { return [missing("custom event", event.title)] }
        return fields(ContentFields.event(event), row, "event \(event.title)") + media(event.pictogramPath, .pictogram, row, "event \(event.title)")
    }

    func diffs(_ story: Story) -> [EntityDiff] {
        guard let row = row(story) else { return [missing("story", story.title)] }
        let name = "story \(story.title)"
        var found = fields(ContentFields.story(story), row, name) + media(story.audioFileName, .audio, row, name)
        let hero = story.heroId.map { id in localHeroes[id].map { (self.row($0), "hero:" + $0.name) } ?? (nil, "hero " + id) }
        let event = story.customEventId.map { id in
            localEvents[id].map { (self.row($0), "event:" + $0.title) } ?? (nil, "event " + id)
        }
        found += parent(row, "hero_id", expected: hero, name)
        found += parent(row, "custom_event_id", expected: event, name)
        return found
    }

    func diffs(_ illustration: StoryIllustration, of story: Story) -> [EntityDiff] {
        let name = "illustration \(illustration.imagePrompt)"
        guard let row = row(illustration, of: story) else { return [missing("illustration", illustration.imagePrompt)] }
        return fields(ContentFields.illustration(illustration), row, name) + media(illustration.imagePath, .illustration, row, name)
            + parent(row, "story_id", expected: (self.row(story), "story:" + story.title), name)
    }

    // MARK: Parts

    private func missing(_ what: String, _ name: String) -> EntityDiff {
        EntityDiff(entity: "\(what) \(name)", location: "account \(rows.owner.prefix(8))", expected: "on the server", actual: "missing")
    }

    private func fields(_ expected: [String: JSONValue], _ row: RESTRow, _ name: String) -> [EntityDiff] {
        expected.keys.sorted().compactMap { key in
            ContentFields.same(row.fields[key], expected[key]) ? nil
                : EntityDiff(entity: "\(name) \(key)", location: "row \(row.id.suffix(6))", expected: expected[key]!.canonicalText,
                             actual: row.fields[key]?.canonicalText ?? "absent")
        }
    }

    private func media(_ reference: String?, _ kind: MediaKind, _ row: RESTRow, _ name: String) -> [EntityDiff] {
        guard let bytes = local.media(reference, kind) else { return [] }
        guard rows.mediaHash(row, kind) == BytesHash.of(bytes) else {
            let actual = row.fields[ContentFields.mediaField(kind)]?.stringValue == nil ? "no file" : "other bytes or no upload"
            return [EntityDiff(entity: "\(name) \(kind.rawValue)", location: "row \(row.id.suffix(6))", expected: "\(bytes.count) bytes", actual: actual)]
        }
        return []
    }

    /// The row's reference must be the row of the entity's own local parent (`expected`: that
    /// parent's row and name; nil: no parent, the field must be null).
    private func parent(_ row: RESTRow, _ field: String, expected: (row: RESTRow?, name: String)?, _ name: String) -> [EntityDiff] {
        let target = row.fields[field]?.stringValue
        let actual = target.map { id in rows.byId[id].flatMap(ServerRows.contentKey) ?? "dangling \(id.suffix(6))" } ?? "null"
        guard let expected else {
            return target == nil ? [] : [EntityDiff(entity: "\(name) \(field)", location: "row \(row.id.suffix(6))", expected: "null", actual: actual)]
        }
        guard let parentRow = expected.row, target == parentRow.id else {
            return [EntityDiff(entity: "\(name) \(field)", location: "row \(row.id.suffix(6))", expected: expected.name, actual: actual)]
        }
        return []
    }
}
