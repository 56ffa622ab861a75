import SimCore
@testable import SimHarness
import XCTest

/// The generic checkers over an entity snapshot, each fed a violation built on purpose.
final class GenericCheckTests: XCTestCase {
    typealias Entity = EntitySnapshot.Entity

    func testDuplicateCheckReportsAKeyTwiceAtOneLocationInFirstAppearanceOrder() {
        var snapshot = EntitySnapshot()
        snapshot.add("server", "splits", [Entity(key: "(t1, p2)"), Entity(key: "(t1, p1)"), Entity(key: "(t1, p2)"), Entity(key: "(t1, p2)")])
        snapshot.add("phone", "splits", [Entity(key: "(t1, p2)")])
        XCTAssertEqual(DuplicateCheck.diffs(snapshot), [
            EntityDiff(entity: "splits (t1, p2)", location: "server", expected: "1", actual: "3"),
        ])
    }

    func testConvergenceCheckReportsMissingExtraAndChangedEntitiesAgainstTheReference() {
        var snapshot = EntitySnapshot()
        snapshot.add("server", "persons", [Entity(key: "a", fields: ["name": "Ann"]), Entity(key: "b", fields: ["name": "Bo"])])
        snapshot.add("tablet", "persons", [Entity(key: "a", fields: ["name": "Anna"]), Entity(key: "c", fields: ["name": "Cy"])])
        snapshot.add("phone", "persons", [Entity(key: "b", fields: ["name": "Bo"]), Entity(key: "a", fields: ["name": "Ann"])])
        let diffs = ConvergenceCheck.diffs(snapshot, reference: "server", locations: ["server", "tablet", "phone"], collections: ["persons"])
        XCTAssertEqual(diffs, [
            EntityDiff(entity: "persons a", location: "tablet vs server", expected: "name=Ann", actual: "name=Anna"),
            EntityDiff(entity: "persons b", location: "tablet vs server", expected: "name=Bo", actual: "absent"),
            EntityDiff(entity: "persons c", location: "tablet vs server", expected: "absent", actual: "name=Cy"),
        ])
    }

    func testConvergenceOfFlatViewsReportsInKeyOrderAsTheSnapshotFormDoes() {
        let server = ["persons a": "name=Ann", "persons b": "name=Bo", "transactions t": "amount=1.00"]
        let tablet = ["persons a": "name=Anna", "persons c": "name=Cy", "transactions t": "amount=1.00"]
        XCTAssertEqual(ConvergenceCheck.diffs(expected: server, actual: tablet, location: "tablet vs server"), [
            EntityDiff(entity: "persons a", location: "tablet vs server", expected: "name=Ann", actual: "name=Anna"),
            EntityDiff(entity: "persons b", location: "tablet vs server", expected: "name=Bo", actual: "absent"),
            EntityDiff(entity: "persons c", location: "tablet vs server", expected: "absent", actual: "name=Cy"),
        ])
        XCTAssertEqual(ConvergenceCheck.diffs(expected: server, actual: server, location: "phone vs server"), [])
    }

    func testAReportCapsItsEntitiesAndSaysHowManyItLeftOut() {
        let diffs = (1...10).map { EntityDiff(entity: "e\($0)", location: "server", expected: "x", actual: "y") }
        let report = ViolationReport.of("no-loss", diffs, limit: 3) { "\($0) entities are gone" }
        XCTAssertEqual(report.count, 1)
        XCTAssertEqual(report[0].message, "10 entities are gone (7 more not shown)")
        XCTAssertEqual(report[0].entities.map(\.entity), ["e1", "e2", "e3"])
        XCTAssertEqual(ViolationReport.of("no-loss", [], message: { "\($0)" }), [])
        XCTAssertEqual(ViolationReport.of("x", kind: .liveness, diffs) { "\($0)" }.first?.kind, .liveness)
    }
}

final class ReferenceCheckTests: XCTestCase {
    func testAReferenceToAKeyMissingAtTheSameLocationIsReported() {
        var snapshot = EntitySnapshot()
        snapshot.add("tablet", "group", [EntitySnapshot.Entity(key: "g1")])
        snapshot.add("phone", "group", [EntitySnapshot.Entity(key: "g2")])
        let references = [
            ReferenceCheck.Reference(from: "transaction t1", to: "group", key: "g1"),
            ReferenceCheck.Reference(from: "transaction t2", to: "group", key: "g2"),
        ]
        XCTAssertEqual(ReferenceCheck.diffs(snapshot, at: "tablet", references: references), [
            EntityDiff(entity: "transaction t2 → group g2", location: "tablet", expected: "in the groups there", actual: "none"),
        ])
    }
}

final class CheckSuiteTests: XCTestCase {
    struct Fires: InvariantChecker {
        let name: String
        let fire: Bool
        func check(_ world: Int, history: History) -> [Violation] {
            fire ? [Violation(invariant: name, message: "world \(world)")] : []
        }
    }

    func testASuiteNamesItsCheckersAndReportsTheirViolationsInOrder() {
        let suite = CheckSuite<Int>([Fires(name: "b", fire: true), Fires(name: "a", fire: false), Fires(name: "c", fire: true)])
        XCTAssertEqual(suite.names, ["b", "a", "c"])
        XCTAssertEqual(suite.run(7, history: History()).map(\.invariant), ["b", "c"])
        XCTAssertEqual(suite.run(7, history: History()).first?.message, "world 7")
    }
}

/// The shared no-loss and no-cross-account-leak checks, each fed violations built on purpose.
final class NoLossAndLeakCheckTests: XCTestCase {
    typealias Entity = EntitySnapshot.Entity

    func testNoLossReportsMissingEntitiesAndChangedFieldsButNotExtras() {
        var snapshot = EntitySnapshot()
        snapshot.add("confirmed", "expense", [
            Entity(key: "e1", fields: ["amount": "1250", "title": "Rent"]),
            Entity(key: "e2", fields: ["amount": "300"]),
            Entity(key: "e1", fields: ["amount": "1250", "title": "Rent"]),  // listed twice: checked once
            Entity(key: "e3", fields: ["amount": "99", "notes": "x"]),
        ])
        snapshot.add("store", "expense", [
            Entity(key: "e3", fields: ["amount": "99"]),                            // a field lost
            Entity(key: "e1", fields: ["amount": "2500", "title": "Rent", "tag": "home"]),  // a value changed, a field added
            Entity(key: "e9", fields: ["amount": "1"]),                             // extra: not a loss
        ])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expected: "confirmed", at: "store", locationLabel: "phone"), [
            EntityDiff(entity: "expense e1 amount", location: "phone", expected: "1250", actual: "2500"),
            EntityDiff(entity: "expense e2", location: "phone", expected: "present", actual: "missing"),
            EntityDiff(entity: "expense e3 notes", location: "phone", expected: "x", actual: "missing"),
        ])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expected: "confirmed", at: "store", values: false), [
            EntityDiff(entity: "expense e2", location: "store", expected: "present", actual: "missing"),
        ])
    }

    func testNoLossComparesTextEntitiesWholeAndPassesWhenEverythingIsThere() {
        var snapshot = EntitySnapshot()
        snapshot.add("phone", "note", [Entity(key: "note-1", text: "hello"), Entity(key: "note-2", text: "bye")])
        snapshot.add("server", "note", [Entity(key: "note-2", text: "by"), Entity(key: "note-1", text: "hello")])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expected: "phone", at: "server") { String($0.suffix(1)) }, [
            EntityDiff(entity: "note 2", location: "server", expected: "bye", actual: "by"),
        ])
        snapshot.add("mirror", "note", [Entity(key: "note-1", text: "hello"), Entity(key: "note-2", text: "bye")])
        XCTAssertEqual(NoLossCheck.diffs(snapshot, expected: "phone", at: "mirror"), [])
    }

    func testLeakCheckReportsAnotherAccountsEntityOncePerLocationAndPassesUnknownOnes() {
        var snapshot = EntitySnapshot()
        snapshot.add("server/alice", "persons", [Entity(key: "a1"), Entity(key: "b1"), Entity(key: "new")])
        snapshot.add("server/bob", "persons", [Entity(key: "b1"), Entity(key: "a1"), Entity(key: "a1"), Entity(key: "shared")])
        snapshot.add("tablet", "persons", [Entity(key: "a1")])
        let owners: [String: Set<String>] = ["a1": ["alice"], "b1": ["bob"], "shared": ["alice", "bob"]]
        let places = [LeakCheck.AccountLocation("server/alice", account: "alice", label: "server"),
                      LeakCheck.AccountLocation("server/bob", account: "bob", label: "server"),
                      LeakCheck.AccountLocation("tablet", account: "bob")]
        XCTAssertEqual(LeakCheck.diffs(snapshot, accounts: places, owners: owners), [
            EntityDiff(entity: "persons b1", location: "server", expected: "owned by bob", actual: "owned by alice"),
            EntityDiff(entity: "persons a1", location: "server", expected: "owned by alice", actual: "owned by bob"),
            EntityDiff(entity: "persons a1", location: "tablet", expected: "owned by alice", actual: "owned by bob"),
        ])
        let own = [LeakCheck.AccountLocation("server/alice", account: "alice")]
        XCTAssertEqual(LeakCheck.diffs(snapshot, accounts: own, owners: ["a1": ["alice"], "b1": ["alice", "bob"]]), [])
    }

    func testEntitiesAreEqualByKeyAndTextHoweverTheyWereMade() {
        XCTAssertEqual(Entity(key: "k", fields: ["a": "1", "b": "2"]), Entity(key: "k", text: "a=1 | b=2"))
        XCTAssertNotEqual(Entity(key: "k", fields: ["a": "1"]), Entity(key: "k", fields: ["a": "2"]))
        XCTAssertEqual(Entity(key: "k", fields: ["a": "1"]).fields, ["a": "1"])
        XCTAssertNil(Entity(key: "k", text: "a=1").fields)
    }
}
