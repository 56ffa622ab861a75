import SimCore
@testable import SimHarness
import XCTest

/// The one kill table: phases by weight, a bound per phase, an idle window; a uniform table draws
/// as the sweeps always did; the session-level loop kills, reopens and stops as it says.
final class KillPhasesTests: XCTestCase {
    func testPhasesAreDrawnByWeightAndTheIdleWindowByItsOwn() {
        let table = KillPhases([.init("a", weight: 1, maxJobs: 3), .init("b", weight: 3, maxJobs: 1)], idleWeight: 2, idleMilliseconds: 50)
        var random = SimRandom(seed: 7)
        var counts: [String: Int] = [:]
        for _ in 0..<6_000 {
            switch table.draw(&random) {
            case .inPhase(let phase, let jobs):
                counts[phase, default: 0] += 1
                XCTAssertTrue((1...(phase == "a" ? 3 : 1)).contains(jobs), "\(phase) +\(jobs) within its bound")
            case .idle(let milliseconds):
                counts["idle", default: 0] += 1
                XCTAssertTrue((0..<50).contains(milliseconds))
            case .atResponse: XCTFail("a table draws no response kills")
            }
        }
        // Weights 1 : 3 : 2 of 6,000 draws: about 1,000, 3,000 and 2,000.
        XCTAssertEqual(Double(counts["a"]!), 1_000, accuracy: 150)
        XCTAssertEqual(Double(counts["b"]!), 3_000, accuracy: 150)
        XCTAssertEqual(Double(counts["idle"]!), 2_000, accuracy: 150)
    }

    /// A uniform table spends one `below(count)` on the phase and one on the await point, as the
    /// hand-written draws it replaced did, so their runs replay unchanged.
    func testAUniformTableDrawsAsThePhaseListDid() {
        let names = ["launch", "open", "edit", "export"]
        var table = SimRandom(seed: 99), list = SimRandom(seed: 99)
        for _ in 0..<500 {
            let drawn = KillPhases.uniform(names, maxJobs: 9).draw(&table)
            let phase = names[list.below(names.count)]
            XCTAssertEqual(drawn, .inPhase(phase, jobs: 1 + list.below(9)))
        }
    }

    /// A step table with an idle window weighted as three steps draws as Swiss Coin's swept kill
    /// did (one draw below steps + 3, then the await point or the idle milliseconds).
    func testAnIdleWindowAfterThePhasesDrawsAsTheStepSweepDid() {
        let steps = (1...16).map { KillPhases.Phase("step\($0)", maxJobs: 2 * $0) }
        var table = SimRandom(seed: 5), old = SimRandom(seed: 5)
        for _ in 0..<500 {
            let drawn = KillPhases(steps, idleWeight: 3).draw(&table)
            let step = 1 + old.below(19)
            let expected: KillPoint = step >= 17 ? .idle(milliseconds: old.below(10_000)) : .inPhase("step\(step)", jobs: 1 + old.below(2 * step))
            XCTAssertEqual(drawn, expected)
        }
    }

    func testASweepOverAWeightedTableKeepsEachPhasesBound() {
        let sweep = LifeSweep(KillPhases([.init("short", maxJobs: 2), .init("long", weight: 4, maxJobs: 40)]), maxKills: 1)
        XCTAssertEqual(sweep.phases, ["short", "long"])
        var random = SimRandom(seed: 3)
        for _ in 0..<500 {
            guard case .inPhase(let phase, let jobs) = sweep.drawPoint(&random) else { return XCTFail("jobs only without responses") }
            XCTAssertLessThanOrEqual(jobs, phase == "short" ? 2 : 40)
        }
    }
}
