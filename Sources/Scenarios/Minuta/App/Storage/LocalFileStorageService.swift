import AppPorts
import CRDT
import Foundation

extension Minuta {
    /// The app's existing JSON storage (the seed's `LocalFileStorageService`, which the plan keeps
    /// for the transition, l.626, l.851): `tags.json` holds every tag, `records/YYYY/MM.json` the
    /// records whose start falls in that month on the device that wrote them. JSON with sorted
    /// keys; times in Unix milliseconds.
    public actor LocalFileStorageService {
        let files: any CoordinatedFileStore
        let clock: any WallClock

        public init(files: any CoordinatedFileStore, clock: any WallClock) {
            self.files = files
            self.clock = clock
        }

        /// The legacy files currently in the folder (tags first, then months), sorted.
        public func legacyPaths() async throws -> [String] {
            let listed = try await files.list(prefix: StoragePaths.folder)
            return listed.map { String($0.dropFirst(StoragePaths.folder.count)) }
                .filter { $0 == StoragePaths.legacyTags || StoragePaths.month(of: $0, ext: "json") != nil }
        }

        public func loadTags() async throws -> [Tag] {
            guard let bytes = try await files.read(StoragePaths.folder + StoragePaths.legacyTags) else { return [] }
            return try Self.decode([Tag].self, bytes, StoragePaths.legacyTags)
        }

        public func saveTags(_ tags: [Tag]) async throws {
            try await files.write(StoragePaths.folder + StoragePaths.legacyTags, Self.encode(tags))
        }

        /// Every record of every month file; a file that does not decode is an error.
        public func loadAllRecords() async throws -> [TimeRecord] {
            var records: [TimeRecord] = []
            for path in try await legacyPaths() where path != StoragePaths.legacyTags {
                guard let bytes = try await files.read(StoragePaths.folder + path) else { continue }
                records += try Self.decode([TimeRecord].self, bytes, path)
            }
            return records.sorted { ($0.startTime, $0.id) > ($1.startTime, $1.id) }
        }

        public func loadRunningRecords() async throws -> [TimeRecord] {
            try await loadAllRecords().filter(\.isRunning)
        }

        /// The records starting in `start...end`. The plan does not show the old app's range read
        /// (the hybrid calls it, l.869); this is its obvious reading: every month file, filtered.
        public func loadRecords(from start: Int64, to end: Int64) async throws -> [TimeRecord] {
            try await loadAllRecords().filter { $0.startTime >= start && $0.startTime <= end }
        }

        /// The month file of a record: its start in the device's zone, as the old app wrote it.
        func month(of record: TimeRecord) -> YearMonth {
            YearMonth(milliseconds: record.startTime, utcOffsetSeconds: clock.utcOffsetSeconds)
        }

        public func deleteRecord(_ record: TimeRecord) async throws {
            let path = StoragePaths.legacyRecords(month(of: record))
            guard let bytes = try await files.read(StoragePaths.folder + path) else { return }
            let kept = try Self.decode([TimeRecord].self, bytes, path).filter { $0.id != record.id }
            try await files.write(StoragePaths.folder + path, Self.encode(kept))
        }

        public func invalidateCache() {}

        // MARK: - Encoding

        /// JSON with sorted keys (stable bytes in every process).
        public static func encode<T: Encodable>(_ value: T) -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Array(try! encoder.encode(value))
        }

        static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ path: String) throws -> T {
            do { return try JSONDecoder().decode(type, from: Data(bytes)) } catch {
                throw StorageError.documentCorrupted(path: path, details: "\(error)")
            }
        }

        /// The files a legacy dataset is stored as: `tags.json` and one file per month of the
        /// writing device's zone (for setting up devices before the app runs).
        public static func files(tags: [Tag], records: [TimeRecord], utcOffsetSeconds: Int) -> [(path: String, bytes: [UInt8])] {
            var byMonth: [YearMonth: [TimeRecord]] = [:]
            for record in records {
                byMonth[YearMonth(milliseconds: record.startTime, utcOffsetSeconds: utcOffsetSeconds), default: []].append(record)
            }
            var out = [(StoragePaths.legacyTags, encode(tags.sorted { $0.id < $1.id }))]
            for month in byMonth.keys.sorted() {
                out.append((StoragePaths.legacyRecords(month), encode(byMonth[month]!.sorted { $0.id < $1.id })))
            }
            return out
        }
    }
}
