import AppleStandIns
import SimCore
import XCTest

/// A V1→V2 custom migration killed after every job it runs (every step boundary and every
/// await inside willMigrate/didMigrate), then relaunched: the file must always hold a committed
/// state — the old version intact or a later committed step — never a mix.
final class MigrationCrashPointTests: XCTestCase {
    typealias Bed = StoreTestBed
    static let v2 = CustomStageTests.v2

    /// willMigrate deletes duplicate emails one await at a time, then saves; didMigrate fills the
    /// initials one await at a time, then saves.
    static let plan = SchemaMigrationPlan(schemas: [Bed.v1, v2], stages: [
        .custom(
            fromVersion: Bed.v1, toVersion: v2,
            willMigrate: { context in
                var seen: Set<StoreValue> = []
                for person in try context.fetch("Person") where !seen.insert(person["email"]!).inserted {
                    context.delete(person.id)
                    await Task.yield()
                }
                try context.save()
            },
            didMigrate: { context in
                for person in try context.fetch("Person") {
                    context.set(person.id, "initial", .string(String(person["name"]!.stringValue!.prefix(1))))
                    await Task.yield()
                }
                try context.save()
            })
    ])

    static func app(_ options: StoreFakeOptions) -> @Sendable (DeviceContext) async -> Void {
        { device in
            do {
                _ = try await ModelContainer.open(at: Bed.path, schema: v2, migrationPlan: plan, disk: StoreDisk(files: device), options: options)
                device.record("store open")
            } catch {
                device.record("open failed: \(error)")
            }
        }
    }

    /// Names the committed state the file holds; "mixed: …" for anything else.
    static func state(_ device: Device) -> String {
        guard let bytes = device.files.read(Bed.path), let store = StoreSnapshot.decode(bytes) else { return "mixed: unreadable" }
        let schema = store.metadata.model
        let people = store.rows(of: "Person")
        let shapeMatches = people.allSatisfy { Set($0.attributes.keys) == Set(schema.entity("Person")!.attributes.map(\.name)) }
        guard shapeMatches, store.metadata.versionHash == VersionHash.of(schema, uniqueness: .participates) else {
            return "mixed: rows do not have the \(store.metadata.versionIdentifier) shape"
        }
        let initials = people.map { $0["initial"] ?? .null }
        switch (store.metadata.versionIdentifier, people.count, initials) {
        case ("1.0.0", 3, _): return "v1 untouched"
        case ("1.0.0", 2, _): return "v1 deduplicated"
        case ("2.0.0", 2, [.null, .null]): return "v2 without transform"
        case ("2.0.0", 2, ["A", "B"]): return "v2 complete"
        default: return "mixed: \(store.metadata.versionIdentifier) \(people.count) \(initials)"
        }
    }

    /// Jobs an uninterrupted open takes.
    private func jobsOfAFullOpen(_ options: StoreFakeOptions) throws -> Int {
        let sim = Simulator(seed: 1, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("phone")
        return try sim.run { _ in
            try await Bed.seed(device, Bed.v1, Bed.people)
            device.launch(Self.app(options))
            await device.waitUntilStopped()
            XCTAssertEqual(Self.state(device), "v2 complete")
            return device.jobsThisIncarnation
        }
    }

    /// For every kill point: (state after the kill, state after a relaunch that runs to the end).
    private func killAtEveryJob(_ options: StoreFakeOptions) throws -> [(killed: String, relaunched: String)] {
        let total = try jobsOfAFullOpen(options)
        XCTAssertGreaterThan(total, 8, "the open must offer many crash points")
        var outcomes: [(String, String)] = []
        for jobs in 1...total {
            let sim = Simulator(seed: 1, options: SimulatorOptions(policy: .fifo))
            let device = sim.addDevice("phone")
            let outcome = try sim.run { _ in
                try await Bed.seed(device, Bed.v1, Bed.people)
                device.launch(Self.app(options))
                device.killAfter(jobs: jobs)
                await device.waitUntilStopped()
                guard device.state == .killed else { return nil as (String, String)? }
                let killed = Self.state(device)
                device.relaunch()
                await device.waitUntilStopped()
                return (killed, Self.state(device))
            }
            if let outcome { outcomes.append(outcome) }
        }
        return outcomes
    }

    func testPerStepCommitsLeaveOnlyCommittedStatesAndTheSkippedTransformIsReachable() throws {
        let outcomes = try killAtEveryJob(StoreFakeOptions(migrationCommit: .perStep))
        XCTAssertEqual(Set(outcomes.map(\.killed)), ["v1 untouched", "v1 deduplicated", "v2 without transform", "v2 complete"])
        for outcome in outcomes {
            switch outcome.killed {
            case "v2 without transform":
                // The store is V2 already, so no stage runs again: didMigrate's transform is lost (SW-6).
                XCTAssertEqual(outcome.relaunched, "v2 without transform")
            default:
                XCTAssertEqual(outcome.relaunched, "v2 complete", "killed in \(outcome.killed)")
            }
        }
    }

    func testWholeOpenCommitLeavesTheOldStoreOrTheFinishedOne() throws {
        let outcomes = try killAtEveryJob(StoreFakeOptions(migrationCommit: .wholeOpen))
        XCTAssertEqual(Set(outcomes.map(\.killed)), ["v1 untouched", "v2 complete"])
        XCTAssertTrue(outcomes.allSatisfy { $0.relaunched == "v2 complete" })
    }
}
