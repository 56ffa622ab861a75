import AppPorts
import CRDT

extension Minuta {
    /// Starts and stops timers (the app's `TimeTrackingService`, which the seed's App Intents use
    /// unchanged, l.951-1000): a timer is a record without an end.
    public struct TimeTrackingService: Sendable {
        let storage: HybridStorageService
        let clock: any WallClock
        let ids: any IDGenerator

        public init(storage: HybridStorageService, clock: any WallClock, ids: any IDGenerator) {
            self.storage = storage
            self.clock = clock
            self.ids = ids
        }

        /// Creates a running record for `tagId`; returns it.
        public func startTimer(tagId: String?) async throws -> TimeRecord {
            let record = TimeRecord(id: ids.uuidString(), startTime: clock.nowMilliseconds, tagId: tagId)
            try await storage.saveRecord(record)
            return record
        }

        /// Ends every running timer now; returns the stopped records.
        public func stopTimers() async throws -> [TimeRecord] {
            var stopped: [TimeRecord] = []
            for running in try await storage.loadRunningRecords() {
                var record = running
                record.endTime = max(clock.nowMilliseconds, running.startTime)
                try await storage.updateRecord(record, previous: running)
                stopped.append(record)
            }
            return stopped
        }
    }

    /// The App Intents extension (seed l.940-1000): a separate process with its own
    /// `HybridStorageService`, its own caches and its own `UserDefaults.standard`; every intent
    /// runs `checkAndMigrate()` before it touches storage.
    public struct AppIntents: Sendable {
        let files: any CoordinatedFileStore
        let defaults: any KeyValueStore
        let clock: any WallClock
        let ids: any IDGenerator
        let variant: MinutaVariant
        let pause: (any Pause)?

        public init(files: any CoordinatedFileStore, defaults: any KeyValueStore, clock: any WallClock, ids: any IDGenerator,
                    variant: MinutaVariant, pause: (any Pause)? = nil) {
            self.files = files
            self.defaults = defaults
            self.clock = clock
            self.ids = ids
            self.variant = variant
            self.pause = pause
        }

        func tracking() async -> TimeTrackingService {
            let storage = HybridStorageService(files: files, defaults: defaults, clock: clock, ids: ids, variant: variant, pause: pause)
            _ = try? await storage.checkAndMigrate()
            return TimeTrackingService(storage: storage, clock: clock, ids: ids)
        }

        /// `StartTimerIntent.perform()`.
        public func startTimer(tagId: String?) async throws -> TimeRecord {
            try await tracking().startTimer(tagId: tagId)
        }

        /// `StopTimerIntent.perform()`.
        public func stopTimer() async throws -> [TimeRecord] {
            try await tracking().stopTimers()
        }
    }
}
