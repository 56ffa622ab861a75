import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
@testable import MinutaSim
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// An in-memory storage folder for unit tests of the app's services (no simulator): every call
/// completes at once; `coordinatedWrite` reads, transforms and writes in one step.
final class MinutaMemoryFileStore: CoordinatedFileStore, @unchecked Sendable {
    var files: [String: [UInt8]] = [:]

    func read(_ path: String) async throws -> [UInt8]? { files[path] }
    func write(_ path: String, _ bytes: [UInt8]) async throws { files[path] = bytes }
    func remove(_ path: String) async throws { files[path] = nil }
    func list(prefix: String) async throws -> [String] { files.keys.filter { $0.hasPrefix(prefix) }.sorted() }
    func coordinatedWrite(_ path: String, _ transform: ([UInt8]?) throws -> [UInt8]?) async throws {
        if let bytes = try transform(files[path]) { files[path] = bytes }
    }
    /// Hidden conflict versions by path (set by a test, as a cloud folder would).
    var versions: [String: [FileConflictVersion]] = [:]
    func unresolvedConflictVersions(_ path: String) async throws -> [FileConflictVersion] { versions[path] ?? [] }
    func pathsWithUnresolvedConflicts(prefix: String) async throws -> [String] {
        versions.filter { $0.key.hasPrefix(prefix) && !$0.value.isEmpty }.keys.sorted()
    }
    func resolveConflictVersions(_ path: String, ids: [String]) async throws { versions[path]?.removeAll { ids.contains($0.id) } }
}

final class MinutaMemoryDefaults: KeyValueStore, @unchecked Sendable {
    var values: [String: JSONValue] = [:]
    func value(forKey key: String) -> JSONValue? { values[key] }
    func set(_ value: JSONValue?, forKey key: String) { values[key] = value }
    func synchronize() -> Bool { true }
}

struct MinutaFixedClock: WallClock {
    var nowMilliseconds: Int64 = 1_768_435_200_000
    var utcOffsetSeconds = 0
}

/// Seeded ids (one stream per generator).
final class MinutaCountingIDs: IDGenerator, @unchecked Sendable {
    var random: SimRandom
    init(seed: UInt64) { random = SimRandom(seed: seed) }
    func uuid() -> String { random.uuidString() }
}

/// A small hand-made dataset: two tags, three records (one close to the January boundary).
enum MinutaFixtures {
    static let tagA = Minuta.Tag(id: "AAAAAAAA-0000-4000-8000-000000000001", name: "Work", color: "#4A90D9", createdAt: 1_760_000_000_000)
    static let tagB = Minuta.Tag(id: "BBBBBBBB-0000-4000-8000-000000000002", name: "Home", color: "#E57373", createdAt: 1_760_000_000_000)
    static let recordJanuary = Minuta.TimeRecord(id: "11111111-0000-4000-8000-000000000001", startTime: 1_767_300_000_000,
                                                 endTime: 1_767_303_600_000, tagId: tagA.id, comment: "standup", images: ["a.jpg"])
    static let recordDecember = Minuta.TimeRecord(id: "22222222-0000-4000-8000-000000000002", startTime: 1_765_000_000_000,
                                                  endTime: 1_765_003_600_000, tagId: tagB.id, comment: nil, images: [])
    /// 2025-12-31 23:30 UTC: December in UTC, January in UTC+1 and east of it.
    static let recordNewYear = Minuta.TimeRecord(id: "33333333-0000-4000-8000-000000000003", startTime: 1_767_223_800_000,
                                                 endTime: 1_767_227_400_000, tagId: nil, comment: "party", images: [])
    static let dataset = MinutaDataset(tags: [tagA, tagB], records: [recordJanuary, recordDecember, recordNewYear])

    static var view: MinutaView { MinutaView(tags: dataset.tags, records: dataset.records) }

    /// A month document holding these records (for file-layout and merge-law tests).
    static func monthDocument(_ records: [Minuta.TimeRecord], actor: String = "aa") -> [UInt8] {
        let document = Document(actor: ActorId(actor))
        for record in records { _ = try! Minuta.AutomergeTimeRecord.create(in: document, at: .ROOT, record: record, recreateImages: false) }
        return document.save()
    }

    static func entry(_ id: Int, device: String, epoch: Int = 0, _ entity: MinutaEdit.Entity, _ entityId: String,
                      _ kind: MinutaEdit.Kind, _ fields: [(String, String)], status: OperationStatus = .ok) -> LedgerEntry<MinutaEdit> {
        let edit = MinutaEdit(entity: entity, entityId: entityId, kind: kind, fields: fields.map { (field: $0.0, value: $0.1) })
        return LedgerEntry(id: id, device: device, action: edit, epoch: epoch, status: status)
    }
}
