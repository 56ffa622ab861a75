import AppPorts
import FakeCloud
import Foundation
import InfiniteStories
import SimCore

/// One device's local data before the migration: the store's heroes, stories and custom events,
/// the media files in its container, and how each entity names its media.
struct StoriesDataset: Sendable {
    /// The current install's container (`/var/mobile/Containers/Data/Application/<UUID>`).
    var containerPath: String
    /// The id the app keeps for this install (idempotency keys are scoped by it).
    var installId: String
    var heroes: [Hero]
    var stories: [Story]
    var events: [CustomStoryEvent]
    /// Media files on disk, by path relative to the container.
    var mediaFiles: [String: [UInt8]]

    /// Heroes, stories and custom events.
    var entityCount: Int { heroes.count + stories.count + events.count }

    /// Writes the store and the media files onto a device that never ran the new app.
    func install(on device: Device) throws {
        let cache = try CacheManager(files: SetupFiles(device: device))
        for hero in heroes { try cache.save(hero) }
        for event in events { try cache.save(event) }
        for story in stories { try cache.save(story) }
        for path in mediaFiles.keys.sorted() { device.files.write(path, mediaFiles[path]!) }
    }
}

/// Setup-time access to a device's files (before the app ever runs); a deferred write makes its
/// bytes on first read, as on a launched app's `DeviceFileStore`.
struct SetupFiles: DeferringFileStore {
    let device: Device
    func read(path: String) throws -> Data? { device.files.read(path).map { Data($0) } }
    func write(path: String, data: Data) throws { device.files.write(path, Array(data)) }
    func remove(path: String) throws { _ = device.files.remove(path) }

    func write(path: String, deferring make: @escaping () -> Data) throws -> AnyObject {
        let content = FileContent(deferring: { Array(make()) })
        device.files.write(path, content)
        return content
    }

    func holds(_ token: AnyObject, at path: String) -> Bool { device.files.content(path) === token }
}
