import XCTest
import FakeCloud
import SimCore
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

/// The lean reference run (no trace hash, `ReferenceRun`) ends in the same server state as the
/// full one, and idempotent-retry's verdict is unchanged: the lean mode only stops building trace
/// text that nobody reads.
final class LeanReferenceRunTests: XCTestCase {
    /// `variant` migrating alice's data with no faults, to size `size`, from `seed`.
    func stage(variant: String, seed: UInt64, size: Int) throws -> SwissCoinStage {
        let sim = Simulator(seed: seed, options: SimulatorOptions(faultSource: .plan(.none)))
        let stage = SwissCoinStage(sim: sim, variant: try SwissCoinVariant.parse(variant), size: size)
        try sim.run { _ in
            stage.createAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice")
            stage.launch(device)
            await device.waitUntilStopped()
        }
        return stage
    }

    /// Every table's rows (stored order, all columns, ids included), the provenance log and the
    /// auth users, as canonical text: the whole admin state.
    func fullState(_ admin: AdminView) -> [String] {
        var lines: [String] = []
        for table in admin.tableNames {
            for row in admin.rows(table) { lines.append(table + " " + JSONValue.object(row).canonicalText) }
        }
        for entry in admin.provenance {
            lines.append("provenance \(entry.sequence) \(entry.table) \(entry.primaryKey) v\(entry.version) \(entry.operation.rawValue) "
                + "\(entry.userId ?? "-") \(entry.device) t=\(entry.timeNanoseconds) #\(entry.requestNumber) "
                + (entry.row.map { JSONValue.object($0).canonicalText } ?? "-"))
        }
        for user in admin.users { lines.append("user \(user.id) \(user.email)") }
        return lines
    }

    func testLeanAndFullReferenceRunsEndInTheSameServerState() throws {
        let cases: [(variant: String, seed: UInt64, size: Int)] = [
            ("fixed", 1, 0), ("fixed", 2, 1), ("fixed", 7, 1), ("split-fresh-uuid", 3, 1), ("payer-fresh-uuid", 4, 0),
            ("whole-row-overwrite", 5, 1),
        ]
        for item in cases {
            let stage = try self.stage(variant: item.variant, seed: item.seed, size: item.size)
            let world = SwissCoinWorld(stage: stage)
            let plan = try XCTUnwrap(world.plans.first)
            let account = world.account(plan.owner)
            let lean = try ReferenceMigration.run(plan, account: account, main: stage, lean: true)
            let full = try ReferenceMigration.run(plan, account: account, main: stage, lean: false)
            let label = "\(item.variant) seed \(item.seed) size \(item.size)"
            XCTAssertGreaterThan(lean.admin.rows("financial_transactions").count, 0, label)
            XCTAssertEqual(fullState(lean.admin), fullState(full.admin), label)
            XCTAssertEqual(lean.userId, full.userId, label)
            XCTAssertEqual(lean.completed, full.completed, label)
            // The verdict idempotent-retry reaches against either yardstick.
            let checker = IdempotentRetryChecker()
            let actual = AccountServerState(admin: world.admin, userId: account.userId)
            XCTAssertEqual(
                checker.differences(actual: actual, expected: AccountServerState(admin: lean.admin, userId: lean.userId), location: "x"),
                checker.differences(actual: actual, expected: AccountServerState(admin: full.admin, userId: full.userId), location: "x"),
                label)
        }
    }

    func testOnlyTheLeanReferenceSimulatorSkipsTheTraceHash() {
        let main = Simulator(seed: 9)
        XCTAssertFalse(ReferenceRun.simulator(after: main, label: "r").trace.isHashing)
        XCTAssertTrue(ReferenceRun.simulator(after: main, label: "r", lean: false).trace.isHashing)
        XCTAssertTrue(main.trace.isHashing)
    }
}
