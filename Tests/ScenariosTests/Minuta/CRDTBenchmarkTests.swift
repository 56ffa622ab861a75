import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import XCTest

/// The merge benchmark's workload, at a small size: it really diverges and merges to one state.
final class CRDTBenchmarkTests: XCTestCase {
    func testTheBenchmarkPairDivergesAndMergesToTheSameStateEitherWay() throws {
        let pair = try CRDTBenchmark.divergentPair(operations: 300)
        XCTAssertGreaterThanOrEqual(pair.left.operationCount, 100 * 7 + 300)
        let leftFirst = pair.left.fork(actor: ActorId("aa")), rightFirst = pair.right.fork(actor: ActorId("bb"))
        try leftFirst.merge(other: pair.right)
        try rightFirst.merge(other: pair.left)
        XCTAssertTrue(leftFirst.equalState(rightFirst))
        let summary = CRDTBenchmark.summary(of: try CRDTBenchmark.merge(pair))
        XCTAssertEqual(summary.heads, 2)
        XCTAssertEqual(summary.operations, leftFirst.operationCount)
        XCTAssertGreaterThan(summary.records, 100)
    }

    func testTheSameSeedBuildsTheSameDocuments() throws {
        let first = try CRDTBenchmark.divergentPair(operations: 100), second = try CRDTBenchmark.divergentPair(operations: 100)
        XCTAssertEqual(first.left.save(), second.left.save())
        XCTAssertEqual(try CRDTBenchmark.mergeTwoDocuments(operations: 100), CRDTBenchmark.summary(of: try CRDTBenchmark.merge(second)))
    }
}
