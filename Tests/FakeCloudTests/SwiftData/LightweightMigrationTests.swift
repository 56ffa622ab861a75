import AppleStandIns
import SimCore
import XCTest

/// The inferred-mapping rules of a lightweight stage, each on a V1 store of three people.
final class LightweightMigrationTests: XCTestCase {
    typealias Bed = StoreTestBed

    /// Seeds V1 with `rows`, opens `v2` through a V1→V2 lightweight plan; returns the V2 rows of
    /// `entity` as read back from the file, or the error, plus whether the file changed.
    private func migrate(
        to v2: VersionedSchema, entity: String = "Person", rows: [(String, [String: StoreValue])] = Bed.people
    ) throws -> (rows: [ModelRow], error: ModelStoreError?, fileChanged: Bool) {
        let plan = SchemaMigrationPlan(schemas: [Bed.v1, v2], stages: [.lightweight(fromVersion: Bed.v1, toVersion: v2)])
        return try Bed.run { device in
            try await Bed.seed(device, Bed.v1, rows)
            let before = device.files.read(Bed.path)
            do {
                let context = try await Bed.open(device, v2, plan: plan).makeContext()
                let fetched = try context.fetch(entity)
                XCTAssertEqual(fetched, Bed.stored(device, entity), "the open container and the file agree")
                XCTAssertEqual(Bed.metadata(device)?.versionIdentifier, "2.0.0")
                return (fetched, nil, device.files.read(Bed.path) != before)
            } catch let error as ModelStoreError {
                return ([], error, device.files.read(Bed.path) != before)
            }
        }
    }

    private func names(_ rows: [ModelRow], _ attribute: String = "name") -> [StoreValue] { rows.map { $0[attribute] ?? .null } }

    func testAddingAnOptionalAttributeGivesNullAndKeepsData() throws {
        let result = try migrate(to: Bed.schema(2, [Bed.person([AttributeShape("phone", .string, optional: true)])]))
        XCTAssertNil(result.error)
        XCTAssertEqual(names(result.rows), ["Ann", "Bob", "Cem"])
        XCTAssertEqual(names(result.rows, "phone"), [.null, .null, .null])
    }

    func testAddingAnAttributeWithADefaultFillsTheDefault() throws {
        let result = try migrate(to: Bed.schema(2, [Bed.person([AttributeShape("balanceCents", .minorUnits, defaultValue: 0)])]))
        XCTAssertNil(result.error)
        XCTAssertEqual(names(result.rows, "balanceCents"), [0, 0, 0])
    }

    func testAddingANonOptionalAttributeWithoutDefaultFailsAndLeavesTheStore() throws {
        let v2 = Bed.schema(2, [Bed.person([AttributeShape("phone", .string)])])
        let result = try migrate(to: v2)
        XCTAssertEqual(result.error, .migrationMissingValue(entity: "Person", attribute: "phone"))
        XCTAssertEqual(result.error?.code, 134_110)
        XCTAssertFalse(result.fileChanged)
        // With no row there is nothing to fill: the same step succeeds on an empty store.
        XCTAssertNil(try migrate(to: v2, rows: []).error)
    }

    func testRemovingAnAttributeDropsItsValues() throws {
        let result = try migrate(to: Bed.schema(2, [EntityShape("Person", attributes: [AttributeShape("name", .string)])]))
        XCTAssertNil(result.error)
        XCTAssertEqual(names(result.rows), ["Ann", "Bob", "Cem"])
        XCTAssertTrue(result.rows.allSatisfy { $0["email"] == nil })
    }

    func testRenamingAnAttributeThroughOriginalNameKeepsItsValues() throws {
        let v2 = Bed.schema(2, [Bed.person(name: AttributeShape("fullName", .string, originalName: "name"))])
        let result = try migrate(to: v2)
        XCTAssertNil(result.error)
        XCTAssertEqual(names(result.rows, "fullName"), ["Ann", "Bob", "Cem"])
    }

    func testRenamingWithoutOriginalNameLosesTheData() throws {
        // An attribute: the new one is added empty, the old one removed.
        let attribute = try migrate(to: Bed.schema(2, [Bed.person(name: AttributeShape("fullName", .string, optional: true))]))
        XCTAssertNil(attribute.error)
        XCTAssertEqual(names(attribute.rows, "fullName"), [.null, .null, .null])
        // An entity (the Swiff plan's PersonModelV2): every person is gone, silently (SW-2).
        let renamed = EntityShape("PersonModelV2", attributes: Bed.person().attributes)
        let entity = try migrate(to: Bed.schema(2, [renamed]), entity: "PersonModelV2")
        XCTAssertNil(entity.error)
        XCTAssertEqual(entity.rows, [])
        // With the renaming identifier the rows carry over, keeping their numbers.
        var kept = renamed
        kept.originalName = "Person"
        let carried = try migrate(to: Bed.schema(2, [kept]), entity: "PersonModelV2")
        XCTAssertEqual(names(carried.rows), ["Ann", "Bob", "Cem"])
        XCTAssertEqual(carried.rows.map(\.id.number), [1, 2, 3])
    }

    func testAddingAnEntityStartsItEmpty() throws {
        let group = EntityShape("Group", attributes: [AttributeShape("title", .string)])
        let v2 = Bed.schema(2, [Bed.person(), group])
        XCTAssertEqual(try migrate(to: v2, entity: "Group").rows, [])
        XCTAssertEqual(names(try migrate(to: v2).rows), ["Ann", "Bob", "Cem"])
    }

    func testRemovingAnEntityDropsItsRows() throws {
        let group = EntityShape("Group", attributes: [AttributeShape("title", .string)])
        let result = try migrate(to: Bed.schema(2, [group]), entity: "Group")
        XCTAssertNil(result.error)
        XCTAssertTrue(result.fileChanged)
        try Bed.run { device in
            let plan = SchemaMigrationPlan(schemas: [Bed.v1, Bed.schema(2, [group])], stages: [])
            try await Bed.seed(device, Bed.v1, Bed.people)
            let context = try await Bed.open(device, Bed.schema(2, [group]), plan: plan).makeContext()
            XCTAssertThrowsError(try context.fetch("Person")) { XCTAssertEqual($0 as? ModelStoreError, .entityNotInSchema("Person")) }
            XCTAssertEqual(Bed.stored(device, "Person"), [])
        }
    }

    func testAddingUniqueOverDuplicatesFailsTheMigrationAndLeavesTheStore() throws {
        let v2 = Bed.schema(2, [Bed.person().withAttribute("email", unique: true)])
        let result = try migrate(to: v2)
        XCTAssertEqual(result.error, .migrationConstraintViolation(entity: "Person", attribute: "email"))
        XCTAssertEqual(result.error?.code, 134_111)
        XCTAssertFalse(result.fileChanged)
    }

    func testAddingUniqueOverDistinctValuesSucceeds() throws {
        let result = try migrate(to: Bed.schema(2, [Bed.person().withAttribute("name", unique: true)]))
        XCTAssertNil(result.error)
        XCTAssertEqual(names(result.rows), ["Ann", "Bob", "Cem"])
    }

    func testChangingAnAttributeTypeCannotBeInferred() throws {
        let v2 = Bed.schema(2, [Bed.person(name: AttributeShape("name", .data))])
        let result = try migrate(to: v2)
        XCTAssertEqual(result.error?.code, 134_190)
        XCTAssertFalse(result.fileChanged)
    }

    func testOptionalBecomingNonOptionalTakesTheDefaultForNulls() throws {
        let rows: [(String, [String: StoreValue])] = [("Person", ["name": "Ann"]), ("Person", ["name": "Bob", "email": "b@x.ch"])]
        let v2 = Bed.schema(2, [Bed.person().withAttribute("email", optional: false, defaultValue: "")])
        let result = try migrate(to: v2, rows: rows)
        XCTAssertEqual(names(result.rows, "email"), ["", "b@x.ch"])
    }
}

extension EntityShape {
    /// A copy with one attribute's flags changed.
    func withAttribute(_ name: String, unique: Bool? = nil, optional: Bool? = nil, defaultValue: StoreValue? = nil) -> EntityShape {
        var copy = self
        let index = copy.attributes.firstIndex { $0.name == name }!
        if let unique { copy.attributes[index].isUnique = unique }
        if let optional { copy.attributes[index].isOptional = optional }
        if let defaultValue { copy.attributes[index].defaultValue = defaultValue }
        return copy
    }
}
