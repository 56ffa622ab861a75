import AppleStandIns
import SimCore
import XCTest

/// Stores are matched to schemas by the hash of their shapes: what changes the hash, editing a
/// shipped schema in place, and opening a newer store with an older build.
final class VersionHashTests: XCTestCase {
    typealias Bed = StoreTestBed

    private func hash(_ schema: VersionedSchema, _ uniqueness: StoreFakeOptions.UniquenessHashing = .participates) -> String {
        VersionHash.of(schema, uniqueness: uniqueness)
    }

    private static let group = EntityShape(
        "Group", attributes: [AttributeShape("title", .string)],
        relationships: [RelationshipShape("members", to: "Person", toMany: true, inverse: "groups")])
    private static let member = EntityShape(
        "Person", attributes: Bed.person().attributes,
        relationships: [RelationshipShape("groups", to: "Group", toMany: true, inverse: "members")])
    private static let base = Bed.schema(1, [member, group])

    private func variant(_ change: (inout VersionedSchema) -> Void) -> VersionedSchema {
        var schema = Self.base
        change(&schema)
        return schema
    }

    func testTheHashIgnoresIdentifierDefaultsOriginalNamesAndDeclarationOrder() {
        let same = [
            variant { $0.versionIdentifier = SchemaVersion(9, 9, 9) },
            variant { $0.entities[0].attributes[1].defaultValue = "none" },
            variant { $0.entities[0].attributes[0].originalName = "fullName" },
            variant { $0.entities[0].attributes.reverse() },
            variant { $0.entities.reverse() },
        ]
        for schema in same { XCTAssertEqual(hash(schema), hash(Self.base)) }
    }

    func testEveryShapeChangeChangesTheHash() {
        let changed = [
            variant { $0.entities[0].attributes[1].type = .data },
            variant { $0.entities[0].attributes[1].isOptional = false },
            variant { $0.entities[0].attributes.append(AttributeShape("phone", .string, optional: true)) },
            variant { $0.entities[0].attributes[0].name = "fullName" },
            variant { $0.entities[0].name = "PersonModelV2" },
            variant { $0.entities[0].versionHashModifier = "v1.1" },
            variant { $0.entities[1].relationships[0].deleteRule = .cascade },
            variant { $0.entities[1].relationships[0].isToMany = false },
            variant { $0.entities[1].relationships[0].inverse = nil },
            variant { $0.entities[0].attributes[1].isUnique = true },
        ]
        XCTAssertEqual(Set(changed.map { hash($0) } + [hash(Self.base)]).count, changed.count + 1)
        // Under the other option uniqueness is not part of the hash.
        XCTAssertEqual(hash(changed.last!, .ignored), hash(Self.base, .ignored))
    }

    /// V1 shipped; a later build "fixes" V1 in place (adds an attribute without a new version):
    /// the store matches no schema of the plan, the open throws and the file is untouched (SW-1).
    func testEditingAShippedSchemaInPlaceMakesTheOpenThrowAndLeavesTheFile() throws {
        let editedV1 = Bed.schema(1, [Bed.person([AttributeShape("phone", .string, optional: true)])])
        let v2 = Bed.schema(2, [Bed.person([AttributeShape("phone", .string, optional: true), AttributeShape("note", .string, optional: true)])])
        let plan = SchemaMigrationPlan(schemas: [editedV1, v2], stages: [.lightweight(fromVersion: editedV1, toVersion: v2)])
        let (error, unchanged) = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            let before = device.files.read(Bed.path)
            do {
                _ = try await Bed.open(device, v2, plan: plan)
                return (nil as ModelStoreError?, false)
            } catch let error as ModelStoreError {
                return (error, device.files.read(Bed.path) == before)
            }
        }
        XCTAssertEqual(error?.code, 134_504)
        XCTAssertEqual(error, .unknownModelVersion(storeVersion: "1.0.0", storeHash: hash(Bed.v1)))
        XCTAssertTrue(unchanged)
    }

    func testOpeningANewerStoreWithAnOlderBuildThrowsAndNeverTouchesTheFile() throws {
        let v2 = Bed.schema(2, [Bed.person([AttributeShape("phone", .string, optional: true)])])
        let v3 = Bed.schema(3, [Bed.person([AttributeShape("phone", .string, optional: true), AttributeShape("note", .string, optional: true)])])
        let newBuild = SchemaMigrationPlan(schemas: [Bed.v1, v2, v3], stages: [])
        let oldBuild = SchemaMigrationPlan(schemas: [Bed.v1, v2], stages: [])
        let codes = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            _ = try await Bed.open(device, v3, plan: newBuild)
            let v3Bytes = device.files.read(Bed.path)
            let writes = device.files.writes
            var codes: [Int] = []
            let attempts: [(SchemaMigrationPlan?, StoreFakeOptions)] = [
                (oldBuild, StoreFakeOptions()),  // the older build's plan does not know V3
                (newBuild, StoreFakeOptions()),  // V3 is known but after the build's V2
                (nil, StoreFakeOptions(unplannedMismatch: .throwIncompatible)),
            ]
            for (plan, options) in attempts {
                do {
                    _ = try await Bed.open(device, v2, plan: plan, options: options)
                } catch let error as ModelStoreError {
                    codes.append(error.code)
                }
                XCTAssertEqual(device.files.read(Bed.path), v3Bytes, "a refused open must leave the file byte-identical")
            }
            XCTAssertEqual(device.files.writes, writes)
            return codes
        }
        XCTAssertEqual(codes, [134_504, 134_100, 134_100])
    }

    /// With no plan, a mismatched store is migrated by inference from the model cached in it.
    func testWithoutAPlanTheStoreIsMigratedFromItsCachedModel() throws {
        let v2 = Bed.schema(2, [Bed.person([AttributeShape("phone", .string, optional: true)])])
        let (names, version) = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            let people = try await Bed.open(device, v2).makeContext().fetch("Person")
            return (people.map { $0["name"] }, Bed.metadata(device)?.versionIdentifier)
        }
        XCTAssertEqual(names, ["Ann", "Bob", "Cem"])
        XCTAssertEqual(version, "2.0.0")
    }

    func testReopeningAMatchingStoreWritesNothing() throws {
        let writes = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            let before = device.files.writes
            _ = try await Bed.open(device, Bed.v1, plan: SchemaMigrationPlan(schemas: [Bed.v1], stages: []))
            return device.files.writes - before
        }
        XCTAssertEqual(writes, 0)
    }
}
