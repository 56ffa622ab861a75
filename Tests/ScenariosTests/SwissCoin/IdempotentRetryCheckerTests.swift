import XCTest
import FakeCloud
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

/// idempotent-retry, fed violations built on purpose: a retry that duplicates rows, and later
/// writes by the device itself; and the cases it deliberately leaves to other checkers.
final class IdempotentRetryCheckerTests: XCTestCase {
    /// alice's small dataset migrated to completion by `variant` with no faults; `then` runs
    /// afterwards, inside the simulation.
    func world(variant: String = "fixed", seed: UInt64 = 3,
               then: @escaping @Sendable (SwissCoinStage, Device) async -> Void = { _, _ in }) throws -> SwissCoinWorld {
        let sim = Simulator(seed: seed, options: SimulatorOptions(faultSource: .plan(.none)))
        let stage = SwissCoinStage(sim: sim, variant: try SwissCoinVariant.parse(variant), size: 0)
        try sim.run { _ in
            stage.createAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice")
            stage.launch(device)
            await device.waitUntilStopped()
            await then(stage, device)
        }
        return SwissCoinWorld(stage: stage)
    }

    func check(_ world: SwissCoinWorld) -> [Violation] {
        IdempotentRetryChecker().check(world, history: History())
    }

    func testACleanMigrationEqualsItsFaultFreeReference() throws {
        let world = try self.world()
        XCTAssertEqual(IdempotentRetryChecker().applicablePlans(world).map(\.device.name), ["device-1"])
        XCTAssertEqual(check(world), [])
        XCTAssertEqual(world.stage.sim.coverage.count("swisscoin: idempotent-retry compared a plan with its fault-free run"), 1)
    }

    func testARetryThatGivesSplitsFreshIdsIsReportedAsExtraRowsUnderTheirNaturalKey() throws {
        // The completion flag is lost (as after a kill before the flush): the next launch runs
        // the whole migration again, and split-fresh-uuid upserts every split under a new id.
        let world = try self.world(variant: "split-fresh-uuid") { stage, device in
            device.defaults.set(nil, forKey: AppDefaultsKeys.migrationCompleted(account: stage.account("alice").userId))
            device.defaults.flush()
            device.relaunch()
            await device.waitUntilStopped()
        }
        let found = check(world)
        XCTAssertEqual(found.map(\.invariant), ["idempotent-retry"])
        let diff = try XCTUnwrap(found[0].entities.first)
        XCTAssertTrue(diff.entity.hasPrefix("transaction_splits "), "\(diff)")
        XCTAssertEqual(diff.location, "server (alice) vs fault-free run")
        XCTAssertEqual(diff.expected, "1 row")
        XCTAssertTrue(diff.actual.contains(" extra): amount="), "\(diff)")
        XCTAssertTrue(diff.actual.contains("owed_by_id="), "\(diff)")
        XCTAssertFalse(diff.actual.contains("\"id\"") || diff.actual.contains(", id="), "split ids are not compared: \(diff)")
    }

    func testChangedMissingAndExtraRowsNameTableKeyExpectedAndActual() throws {
        let world = try self.world { stage, _ in
            let admin = stage.server.admin
            let tx = admin.rows("financial_transactions")[0]
            stage.write(asDevice: "device-1", owner: "alice", .update(["title": .string("Retitled by a retry")]),
                        table: "financial_transactions", where: .eq("id", tx["id"]!))
            let message = admin.rows("chat_messages")[0]
            stage.write(asDevice: "device-1", owner: "alice", .delete, table: "chat_messages", where: .eq("id", message["id"]!))
            var payer = admin.rows("transaction_payers")[0]
            payer["id"] = "00000000-0000-4000-8000-000000000001"
            payer["created_at"] = nil
            stage.write(asDevice: "device-1", owner: "alice", .insert([payer]), table: "transaction_payers")
        }
        XCTAssertEqual(IdempotentRetryChecker().applicablePlans(world).count, 1)
        let found = check(world)
        XCTAssertEqual(found.map(\.invariant), ["idempotent-retry"])
        let diffs = found[0].entities
        let title = try XCTUnwrap(diffs.first { $0.entity.hasPrefix("financial_transactions ") }, "\(diffs)")
        XCTAssertEqual(title.actual, "title=\"Retitled by a retry\"")
        XCTAssertTrue(title.expected.hasPrefix("title=\"Expense "), "\(title)")
        let missing = try XCTUnwrap(diffs.first { $0.entity.hasPrefix("chat_messages ") }, "\(diffs)")
        XCTAssertEqual(missing.actual, "0 rows (1 missing)")
        XCTAssertTrue(missing.expected.hasPrefix("1 row: content=\"Message "), "\(missing)")
        let extra = try XCTUnwrap(diffs.first { $0.entity.hasPrefix("transaction_payers ") }, "\(diffs)")
        XCTAssertEqual(extra.expected, "1 row")
        XCTAssertTrue(extra.actual.hasPrefix("2 rows (1 extra): amount="), "\(extra)")
    }

    func testAccountsWithOperatorOrWebWritesOrASecondDeviceAreLeftToOtherCheckers() throws {
        let operatorWrote = try self.world { stage, _ in
            let tx = stage.server.admin.rows("financial_transactions")[0]
            stage.serviceRole(.update(["title": .string("Operator")]), table: "financial_transactions", where: .eq("id", tx["id"]!))
        }
        XCTAssertTrue(IdempotentRetryChecker().applicablePlans(operatorWrote).isEmpty)
        XCTAssertEqual(check(operatorWrote), [])
        let webEdited = try self.world { stage, _ in
            let tx = stage.server.admin.rows("financial_transactions")[0]
            XCTAssertTrue(stage.editOnWeb(as: "alice", table: "financial_transactions", id: tx["id"]!.stringValue!,
                                          values: ["title": .string("Dinner (web)")]))
        }
        XCTAssertTrue(IdempotentRetryChecker().applicablePlans(webEdited).isEmpty)
        let twoDevices = try self.world { stage, _ in stage.addDevice("device-2", owner: "alice") }
        XCTAssertTrue(IdempotentRetryChecker().applicablePlans(twoDevices).isEmpty)
    }

    func testTheReferenceRunLeavesTheMainRunsTraceAloneAndIsDeterministic() throws {
        let world = try self.world(variant: "payer-fresh-uuid") { stage, device in
            device.defaults.set(nil, forKey: AppDefaultsKeys.migrationCompleted(account: stage.account("alice").userId))
            device.defaults.flush()
            device.relaunch()
            await device.waitUntilStopped()
        }
        let hash = world.stage.sim.trace.hash
        let first = check(world)
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(check(world), first)
        XCTAssertEqual(world.stage.sim.trace.hash, hash)
    }

    func testEveryBackendTableIsCompared() {
        let server = SupabaseServer(backend: SwissCoinBackend.definition(), random: SimRandom(seed: 1))
        XCTAssertEqual(AccountServerState.specs.map(\.table).sorted(), server.admin.tableNames.sorted())
    }

    func testFixedInterruptedUploadAndLostResponseReachTheComparisonAndPass() throws {
        for scenario in [SwissCoinScenario.interruptedUpload, .lostResponse] {
            for seed: UInt64 in 1...3 {
                let sim = Simulator(seed: seed)
                let violations = try scenario.execute(in: sim, variant: "fixed", size: 0)
                XCTAssertEqual(violations, [], "\(scenario.name) seed \(seed)")
                XCTAssertEqual(sim.coverage.count("swisscoin: idempotent-retry compared a plan with its fault-free run"), 1,
                               "\(scenario.name) seed \(seed)")
            }
        }
    }
}

extension SwissCoinStage {
    /// A PostgREST request with `owner`'s own session, sent as if by `device`: the device itself
    /// writing again (the provenance log names it as the writer).
    func write(asDevice device: String, owner: String, _ action: TableRequest.Action, table: String, where filter: RowFilter? = nil) {
        let account = self.account(owner)
        let context = ServiceContext(now: sim.now, caller: device, requestNumber: 0, trace: sim.trace)
        let session = server.handle(SupabaseRequest(accessToken: nil, .auth(.signIn(email: account.email, password: account.password))),
                                    context: context)
        let token = session.body["access_token"]?.stringValue
        let request = SupabaseRequest(accessToken: token, .table(TableRequest(table: table, action: action, filters: filter.map { [$0] } ?? [])))
        let response = server.handle(request, context: context)
        precondition(response.isSuccess, "write failed: \(response.status) \(response.body.canonicalText)")
    }
}
