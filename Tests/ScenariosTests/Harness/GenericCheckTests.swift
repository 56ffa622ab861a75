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
