import AppleStandIns
import SimCore
import XCTest

/// ModelContext: saving and losing unsaved work, fetch order, delete rules, inverses, unique
/// upserts, validation, and byte-stable encoding.
final class ModelContextTests: XCTestCase {
    typealias Bed = StoreTestBed

    // MARK: Saving

    /// The app saves Ann, inserts Bob without saving, then is killed: the relaunched app finds Ann only.
    func testAKillLosesUnsavedChangesAndKeepsTheLastSave() throws {
        let sim = Simulator(seed: 5, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("phone")
        let counts = try sim.run { _ in
            device.launch { app in
                let disk = StoreDisk(files: app)
                guard let context = try? await ModelContainer.open(at: Bed.path, schema: Bed.v1, disk: disk).makeContext() else { return }
                if try! context.fetchCount("Person") == 0 {
                    context.insert("Person", ["name": "Ann"])
                    try! context.save()
                    context.insert("Person", ["name": "Bob"])
                    XCTAssertTrue(context.hasChanges)
                }
                for _ in 0..<50 { await Task.yield() }
            }
            device.killAfter(jobs: 10)
            await device.waitUntilStopped()
            XCTAssertEqual(device.state, .killed)
            let afterKill = Bed.stored(device, "Person").count
            device.relaunch()
            await device.waitUntilStopped()
            return [afterKill, Bed.stored(device, "Person").count]
        }
        XCTAssertEqual(counts, [1, 1])
        XCTAssertEqual(Bed.stored(device, "Person").map { $0["name"] }, ["Ann"])
    }

    func testTwoContextsOfOneContainerBothCommit() throws {
        let names = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            let container = try await Bed.open(device, Bed.v1)
            let a = container.makeContext(), b = container.makeContext()
            let rows = try a.fetch("Person")
            a.set(rows[0].id, "name", "Anna")
            b.set(rows[1].id, "name", "Bobby")
            try a.save()
            try b.save()
            return Bed.stored(device, "Person").map { $0["name"] }
        }
        XCTAssertEqual(names, ["Anna", "Bobby", "Cem"])
    }

    func testSavingWithoutARequiredValueFailsAndWritesNothing() throws {
        let (error, writes): (ModelStoreError?, Int) = try Bed.run { device in
            let context = try await Bed.open(device, Bed.v1).makeContext()
            let before = device.files.writes
            context.insert("Person", ["email": "x@y.ch"])
            do { try context.save() } catch let error as ModelStoreError { return (error, device.files.writes - before) }
            return (nil, device.files.writes - before)
        }
        XCTAssertEqual(error, .missingMandatoryValue(entity: "Person", property: "name"))
        XCTAssertEqual(error?.code, 1_570)
        XCTAssertEqual(writes, 0)
    }

    // MARK: Fetching

    func testFetchOrderIsInsertionOrderByDefaultAndSortKeysBreakTiesByIt() throws {
        for order in [StoreFakeOptions.FetchOrder.insertion, .reverseInsertion] {
            let (plain, sorted, filtered) = try Bed.run { device in
                try await Bed.seed(device, Bed.v1, Bed.people)
                let context = try await Bed.open(device, Bed.v1, options: StoreFakeOptions(fetchOrder: order)).makeContext()
                context.insert("Person", ["name": "Dan", "email": "b@x.ch"])
                context.delete(try context.fetch("Person", where: { $0["name"] == "Bob" })[0].id)
                let names = { (rows: [ModelRow]) in rows.map { $0["name"]!.stringValue! } }
                return (
                    names(try context.fetch("Person")),
                    names(try context.fetch("Person", sortBy: [FetchSort("email", ascending: false)])),
                    names(try context.fetch("Person", where: { $0["email"] == "a@x.ch" }))
                )
            }
            switch order {
            case .insertion:
                XCTAssertEqual(plain, ["Ann", "Cem", "Dan"])
                XCTAssertEqual(sorted, ["Dan", "Ann", "Cem"])
                XCTAssertEqual(filtered, ["Ann", "Cem"])
            case .reverseInsertion:
                XCTAssertEqual(plain, ["Dan", "Cem", "Ann"])
                XCTAssertEqual(sorted, ["Dan", "Cem", "Ann"])
                XCTAssertEqual(filtered, ["Cem", "Ann"])
            }
        }
    }

    // MARK: Relationships

    /// Author —books→ Book (cascade) ↔ Book.author (nullify); Book.tags ↔ Tag.books (deny);
    /// Shelf.books (no action, no inverse).
    static let library = Bed.schema(1, [
        EntityShape("Author", attributes: [AttributeShape("name", .string)],
                    relationships: [RelationshipShape("books", to: "Book", toMany: true, deleteRule: .cascade, inverse: "author")]),
        EntityShape("Book", attributes: [AttributeShape("title", .string)],
                    relationships: [RelationshipShape("author", to: "Author", inverse: "books"),
                                    RelationshipShape("tags", to: "Tag", toMany: true, inverse: "books")]),
        EntityShape("Tag", attributes: [AttributeShape("label", .string)],
                    relationships: [RelationshipShape("books", to: "Book", toMany: true, deleteRule: .deny, inverse: "tags")]),
        EntityShape("Shelf", attributes: [AttributeShape("room", .string)],
                    relationships: [RelationshipShape("books", to: "Book", toMany: true, deleteRule: .noAction)]),
    ])

    struct Library: Sendable {
        var ann, bob, dune, emma, poem, tag, shelf: PersistentIdentifier
    }

    /// Ann wrote Dune and Emma, Bob wrote Poem; Dune and Poem are tagged; the shelf holds all three.
    static func makeLibrary(_ context: ModelContext) throws -> Library {
        let ann = context.insert("Author", ["name": "Ann"]), bob = context.insert("Author", ["name": "Bob"])
        let dune = context.insert("Book", ["title": "Dune"]), emma = context.insert("Book", ["title": "Emma"])
        let poem = context.insert("Book", ["title": "Poem"])
        context.relate(ann, "books", to: [dune, emma])
        context.relate(poem, "author", to: [bob])
        let tag = context.insert("Tag", ["label": "classic"])
        context.relate(tag, "books", to: [dune, poem])
        let shelf = context.insert("Shelf", ["room": "den"])
        context.relate(shelf, "books", to: [dune, emma, poem])
        try context.save()
        return Library(ann: ann, bob: bob, dune: dune, emma: emma, poem: poem, tag: tag, shelf: shelf)
    }

    func testInversesFollowEveryChange() throws {
        try Bed.run { device in
            let context = try await Bed.open(device, Self.library).makeContext()
            let lib = try Self.makeLibrary(context)
            XCTAssertEqual(context.row(lib.dune)?.targets("author"), [lib.ann])
            XCTAssertEqual(context.row(lib.poem)?.targets("tags"), [lib.tag])
            context.relate(lib.emma, "author", to: [lib.bob])
            XCTAssertEqual(context.row(lib.ann)?.targets("books"), [lib.dune])
            XCTAssertEqual(context.row(lib.bob)?.targets("books"), [lib.poem, lib.emma])
            context.relate(lib.bob, "books", to: [lib.dune])
            XCTAssertEqual(context.row(lib.ann)?.targets("books"), [], "a to-one inverse moves off its previous owner")
            XCTAssertEqual(context.row(lib.emma)?.targets("author"), [])
        }
    }

    func testCascadeDeletesTheChildrenAndNullifiesTheirOtherInverses() throws {
        try Bed.run { device in
            let context = try await Bed.open(device, Self.library).makeContext()
            let lib = try Self.makeLibrary(context)
            context.delete(lib.ann)
            XCTAssertNotNil(context.row(lib.dune), "delete rules run at save")
            try context.save()
            XCTAssertEqual(Bed.stored(device, "Book").map(\.id), [lib.poem])
            XCTAssertEqual(Bed.stored(device, "Tag")[0].targets("books"), [lib.poem])
        }
    }

    func testNullifyRemovesTheDeletedObjectFromItsInverses() throws {
        try Bed.run { device in
            let context = try await Bed.open(device, Self.library).makeContext()
            let lib = try Self.makeLibrary(context)
            context.relate(lib.tag, "books", to: [])
            context.delete(lib.emma)
            try context.save()
            XCTAssertEqual(Bed.stored(device, "Author")[0].targets("books"), [lib.dune])
            XCTAssertEqual(Bed.stored(device, "Book").count, 2)
        }
    }

    func testDenyFailsTheSaveWhileTheRelationshipHoldsObjects() throws {
        try Bed.run { device in
            let context = try await Bed.open(device, Self.library).makeContext()
            let lib = try Self.makeLibrary(context)
            let before = device.files.read(Bed.path)
            context.delete(lib.tag)
            XCTAssertThrowsError(try context.save()) {
                XCTAssertEqual($0 as? ModelStoreError, .deleteDenied(entity: "Tag", relationship: "books"))
                XCTAssertEqual(($0 as? ModelStoreError)?.code, 1_600)
            }
            XCTAssertEqual(device.files.read(Bed.path), before)
            XCTAssertTrue(context.hasChanges, "a failed save keeps the pending changes")
            context.rollback()
            context.relate(lib.tag, "books", to: [])
            context.delete(lib.tag)
            try context.save()
            XCTAssertEqual(Bed.stored(device, "Tag"), [])
            XCTAssertEqual(Bed.stored(device, "Book").map { $0.targets("tags") }, [[], [], []])
        }
    }

    func testNoActionLeavesAReferenceToTheDeletedObject() throws {
        try Bed.run { device in
            let context = try await Bed.open(device, Self.library).makeContext()
            let lib = try Self.makeLibrary(context)
            context.delete(lib.emma)
            try context.save()
            XCTAssertEqual(Bed.stored(device, "Shelf")[0].targets("books"), [lib.dune, lib.emma, lib.poem])
            XCTAssertNil(context.row(lib.emma))
        }
    }

    // MARK: Unique

    func testInsertingATakenUniqueValueUpsertsOrFailsByOption() throws {
        let unique = Bed.schema(1, [Bed.person().withAttribute("email", unique: true)])
        let upserted = try Bed.run { device in
            let context = try await Bed.open(device, unique).makeContext()
            let ann = context.insert("Person", ["name": "Ann", "email": "a@x.ch"])
            try context.save()
            context.insert("Person", ["name": "Anna", "email": "a@x.ch"])
            try context.save()
            return (ann, Bed.stored(device, "Person"))
        }
        XCTAssertEqual(upserted.1.map(\.id), [upserted.0])
        XCTAssertEqual(upserted.1.map { $0["name"] }, ["Anna"])
        let error = try Bed.run { device in
            let context = try await Bed.open(device, unique, options: StoreFakeOptions(uniqueConflict: .failSave)).makeContext()
            context.insert("Person", ["name": "Ann", "email": "a@x.ch"])
            try context.save()
            context.insert("Person", ["name": "Anna", "email": "a@x.ch"])
            do { try context.save() } catch let error as ModelStoreError { return error.code }
            return 0
        }
        XCTAssertEqual(error, 133_021)
    }

    // MARK: Determinism

    func testTheSameOperationsGiveTheSameBytes() throws {
        let run = {
            try Bed.run(seed: 9) { device in
                let context = try await Bed.open(device, Self.library).makeContext()
                _ = try Self.makeLibrary(context)
                return device.files.read(Bed.path)!
            }
        }
        let first = try run(), second = try run()
        XCTAssertEqual(first, second)
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\"entities\":{\"Author\":[{\"attributes\":{\"name\":{\"string\":\"Ann\"}},\"id\":\"Author\\/1\""), text)
    }
}
