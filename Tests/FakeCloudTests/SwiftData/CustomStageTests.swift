import AppleStandIns
import SimCore
import XCTest

/// What a migration handler sees, the order stages run in, and what an interrupted or failing
/// custom stage leaves in the store.
final class CustomStageTests: XCTestCase {
    typealias Bed = StoreTestBed

    /// Events recorded by handlers (only touched on the simulation's thread).
    final class Log: @unchecked Sendable {
        var events: [String] = []
    }

    static let tag = EntityShape("Tag", attributes: [AttributeShape("label", .string)])
    /// V2: email unique, a new optional `initial`, a new Tag entity.
    static let v2 = Bed.schema(2, [Bed.person([AttributeShape("initial", .string, optional: true)]).withAttribute("email", unique: true), tag])
    /// V3: `initial` renamed to `monogram`.
    static let v3 = Bed.schema(3, [
        Bed.person([AttributeShape("monogram", .string, optional: true, originalName: "initial")]).withAttribute("email", unique: true), tag,
    ])

    /// willMigrate removes duplicate emails (the unique step needs it), didMigrate fills `initial`.
    static func dedupeThenInitials(_ log: Log, saveDid: Bool = true) -> MigrationStage {
        .custom(
            fromVersion: Bed.v1, toVersion: v2,
            willMigrate: { context in
                log.events.append("will \(context.schema.versionIdentifier)")
                XCTAssertThrowsError(try context.fetch("Tag"), "willMigrate must not see V2 entities")
                var seen: Set<StoreValue> = []
                for person in try context.fetch("Person") {
                    XCTAssertNil(person["initial"], "willMigrate must not see V2 attributes")
                    if !seen.insert(person["email"]!).inserted { context.delete(person.id) }
                }
                try context.save()
            },
            didMigrate: { context in
                log.events.append("did \(context.schema.versionIdentifier) tags=\(try context.fetchCount("Tag"))")
                for person in try context.fetch("Person") {
                    context.set(person.id, "initial", .string(String(person["name"]!.stringValue!.prefix(1))))
                }
                if saveDid { try context.save() }
            })
    }

    func testWillMigrateSeesTheOldModelsAndDidMigrateTheNewOnes() throws {
        let log = Log()
        let plan = SchemaMigrationPlan(schemas: [Bed.v1, Self.v2], stages: [Self.dedupeThenInitials(log)])
        let people = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            return try await Bed.open(device, Self.v2, plan: plan).makeContext().fetch("Person")
        }
        XCTAssertEqual(log.events, ["will 1.0.0", "did 2.0.0 tags=0"])
        XCTAssertEqual(people.map { $0["name"] }, ["Ann", "Bob"])
        XCTAssertEqual(people.map { $0["initial"] }, ["A", "B"])
    }

    func testAV1StoreOpenedByAV3BuildRunsV1ToV2ThenV2ToV3() throws {
        let log = Log()
        let toV3 = MigrationStage.custom(
            fromVersion: Self.v2, toVersion: Self.v3,
            willMigrate: { context in
                let initials = try context.fetch("Person").map { $0["initial"] ?? .null }
                log.events.append("will \(context.schema.versionIdentifier) \(initials)")
            },
            didMigrate: { context in
                let monograms = try context.fetch("Person").map { $0["monogram"] ?? .null }
                log.events.append("did \(context.schema.versionIdentifier) \(monograms)")
            })
        let plan = SchemaMigrationPlan(schemas: [Bed.v1, Self.v2, Self.v3], stages: [toV3, Self.dedupeThenInitials(log)])
        let version = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            _ = try await Bed.open(device, Self.v3, plan: plan)
            return Bed.metadata(device)?.versionIdentifier
        }
        XCTAssertEqual(log.events, ["will 1.0.0", "did 2.0.0 tags=0", "will 2.0.0 [\"A\", \"B\"]", "did 3.0.0 [\"A\", \"B\"]"])
        XCTAssertEqual(version, "3.0.0")
    }

    func testUnsavedHandlerChangesAreDiscardedUnlessTheOptionSavesThem() throws {
        for (option, expected) in [(StoreFakeOptions.UnsavedMigrationChanges.discarded, StoreValue.null), (.saved, "A")] {
            let plan = SchemaMigrationPlan(schemas: [Bed.v1, Self.v2], stages: [Self.dedupeThenInitials(Log(), saveDid: false)])
            let first = try Bed.run { device in
                try await Bed.seed(device, Bed.v1, Bed.people)
                let options = StoreFakeOptions(unsavedMigrationChanges: option)
                _ = try await Bed.open(device, Self.v2, plan: plan, options: options)
                return Bed.stored(device, "Person").first
            }
            XCTAssertEqual(first?["initial"], expected, "\(option)")
        }
    }

    /// didMigrate throws after the schema step: per step, the store stays at V2 with willMigrate's
    /// deletion and no initials; whole-open commits nothing.
    func testAFailingDidMigrateKeepsWhatEachCommitModeCommitted() throws {
        struct Boom: Error {}
        let stage = MigrationStage.custom(
            fromVersion: Bed.v1, toVersion: Self.v2,
            willMigrate: Self.dedupeThenInitials(Log()).willMigrate,
            didMigrate: { _ in throw Boom() })
        let plan = SchemaMigrationPlan(schemas: [Bed.v1, Self.v2], stages: [stage])
        for mode in [StoreFakeOptions.MigrationCommit.perStep, .wholeOpen] {
            let outcome = try Bed.run { device in
                try await Bed.seed(device, Bed.v1, Bed.people)
                let before = device.files.read(Bed.path)
                do {
                    _ = try await Bed.open(device, Self.v2, plan: plan, options: StoreFakeOptions(migrationCommit: mode))
                    return ("opened", 0, false)
                } catch is Boom {
                    return (Bed.metadata(device)!.versionIdentifier, Bed.stored(device, "Person").count, device.files.read(Bed.path) == before)
                }
            }
            switch mode {
            case .perStep: XCTAssertTrue(outcome == ("2.0.0", 2, false), "\(outcome)")
            case .wholeOpen: XCTAssertTrue(outcome == ("1.0.0", 3, true), "\(outcome)")
            }
        }
    }

    func testAPlanWithAGapInfersALightweightStageOrFailsByOption() throws {
        let v2 = Bed.schema(2, [Bed.person([AttributeShape("phone", .string, optional: true)])])
        let plan = SchemaMigrationPlan(schemas: [Bed.v1, v2], stages: [])
        let outcomes = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            var outcomes: [String] = []
            do {
                _ = try await Bed.open(device, v2, plan: plan, options: StoreFakeOptions(missingStage: .fail))
            } catch let error as ModelStoreError {
                outcomes.append("\(error.code)")
            }
            _ = try await Bed.open(device, v2, plan: plan)
            outcomes.append(Bed.metadata(device)!.versionIdentifier)
            return outcomes
        }
        XCTAssertEqual(outcomes, ["134140", "2.0.0"])
    }
}

extension MigrationStage {
    var willMigrate: MigrationHandler? {
        if case .custom(_, _, let will, _) = self { return will }
        return nil
    }
}
