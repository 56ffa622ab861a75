import AppPorts
import FakeCloud
import InfiniteStories
import SimCore

/// A device's local data as the checkers see it: the store's entities and the media files in the
/// container, each reference resolved the way the fixed app does (by file name in its folder;
/// the truth of what the user has, whatever a variant's code looks at).
struct LocalData {
    var heroes: [Hero]
    var stories: [Story]
    var events: [CustomStoryEvent]
    /// Container-relative path → bytes.
    var files: [String: [UInt8]]

    init(heroes: [Hero], stories: [Story], events: [CustomStoryEvent], files: [String: [UInt8]]) {
        self.heroes = heroes
        self.stories = stories
        self.events = events
        self.files = files
    }

    /// The device's durable store and media now.
    init(device: Device) {
        let cache = try? CacheManager(files: SetupFiles(device: device))
        heroes = cache?.fetchAll(Hero.self) ?? []
        stories = cache?.fetchAll(Story.self) ?? []
        events = cache?.fetchAll(CustomStoryEvent.self) ?? []
        var files: [String: [UInt8]] = [:]
        for path in device.files.list(prefix: "Documents/") where MediaKind.allCases.contains(where: { path.hasPrefix($0.folder + "/") }) {
            files[path] = device.files.read(path)
        }
        self.files = files
    }

    /// The bytes a reference names, found by file name in the kind's folder (nil: no such file).
    func media(_ reference: String?, _ kind: MediaKind) -> [UInt8]? {
        guard let reference else { return nil }
        let name = MediaLocator.lastPathComponent(MediaLocator.fileURLPath(reference) ?? reference)
        return files[kind.folder + "/" + name]
    }

    /// Every entity's key (`hero:<local id>`, illustrations included).
    var keys: [String] {
        heroes.map { "hero:" + $0.id } + events.map { "event:" + $0.id } + stories.map { "story:" + $0.id }
            + stories.flatMap { $0.illustrations.map { "illustration:" + $0.id } }
    }

    /// Content keys (names) of everything in the store, as `ServerRows.contentKey` spells them.
    var contentKeys: Set<String> {
        Set(heroes.map { "hero:" + $0.name } + events.map { "event:" + $0.title } + stories.map { "story:" + $0.title }
            + stories.flatMap { $0.illustrations.map { "illustration:" + $0.imagePrompt } })
    }

    /// Local ids of everything in the store.
    var localIds: Set<String> { Set(keys.map { String($0.split(separator: ":", maxSplits: 1)[1]) }) }
}
