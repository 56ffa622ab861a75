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

/// Every Swiss Coin checker, fed a violation built on purpose: a clean `fixed` migration of the
/// small dataset, then the server (or a device) tampered with through the service role.
final class SwissCoinCheckerTests: XCTestCase {
    /// A completed `fixed` migration of alice's small dataset; `tamper` runs afterwards, inside
    /// the simulation, with the stage.
    func world(seed: UInt64 = 3, accounts: [String] = ["alice"], tamper: @escaping @Sendable (SwissCoinStage) -> Void = { _ in }) throws -> SwissCoinWorld {
        let sim = Simulator(seed: seed, options: SimulatorOptions(faultSource: .plan(.none)))
        let stage = SwissCoinStage(sim: sim, variant: .fixed, size: 0)
        try sim.run { _ in
            for account in accounts { stage.createAccount(account) }
            let device = stage.addDevice("device-1", owner: "alice")
            stage.launch(device)
            await device.waitUntilStopped()
            tamper(stage)
        }
        return SwissCoinWorld(stage: stage)
    }

    func check<C: InvariantChecker>(_ checker: C, _ world: SwissCoinWorld) -> [Violation] where C.World == SwissCoinWorld {
        checker.check(world, history: History())
    }

    func testCleanMigrationSatisfiesEveryChecker() throws {
        let clean = try world()
        XCTAssertEqual(SwissCoinChecks.run(clean, history: History()), [])
    }

    func testNoDuplicateReportsASecondSplitForTheSameNaturalKey() throws {
        let world = try self.world { stage in
            let split = stage.server.admin.rows("transaction_splits")[0]
            var copy = split
            copy["id"] = "00000000-0000-4000-8000-000000000001"
            stage.serviceRole(.insert([copy]), table: "transaction_splits")
        }
        let found = check(NoDuplicateChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-duplicate"])
        XCTAssertEqual(found.first?.entities.first?.actual, "2")
        XCTAssertTrue(found.first?.entities.first?.entity.hasPrefix("transaction_splits (") ?? false)
    }

    func testBalanceEqualityReportsASplitSumThatIsNotTheAmount() throws {
        let world = try self.world { stage in
            // A split owed to alice by someone else: alice's balance with that person changes.
            let alice = JSONValue.string(stage.account("alice").userId)
            let paidByAlice = Set(stage.server.admin.rows("financial_transactions").filter { $0["payer_id"] == alice }.compactMap { $0["id"]?.stringValue })
            let split = stage.server.admin.rows("transaction_splits").first {
                paidByAlice.contains($0["transaction_id"]?.stringValue ?? "") && $0["owed_by_id"] != alice
            }!
            stage.serviceRole(.update(["amount": .string("0.01")]), table: "transaction_splits", where: .eq("id", split["id"]!))
        }
        let found = check(BalanceEqualityChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["balance-equality"])
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasSuffix("splits") && $0.location == "server" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasPrefix("person ") && $0.location == "device-1 vs server" }, "\(found)")
    }

    func testNoLossReportsADeletedTransaction() throws {
        let world = try self.world { stage in
            let tx = stage.server.admin.rows("financial_transactions").last!
            stage.serviceRole(.delete, table: "financial_transactions", where: .eq("id", tx["id"]!))
        }
        let found = check(NoLossChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasPrefix("transaction ") && $0.actual == "missing" }, "\(found)")
    }

    func testNoLossReportsASubscriptionWithoutItsCurrencyAndAMissingSubscriber() throws {
        let world = try self.world { stage in
            let sub = stage.server.admin.rows("subscriptions")[0]
            stage.serviceRole(.update(["currency": .null]), table: "subscriptions", where: .eq("id", sub["id"]!))
            let subscriber = stage.server.admin.rows("subscription_subscribers")[0]
            stage.serviceRole(.delete, table: "subscription_subscribers", where: .eq("id", subscriber["id"]!))
        }
        let found = check(NoLossChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasPrefix("subscription ") && $0.entity.hasSuffix(" amount")
            && $0.actual.hasSuffix(" null") }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity.hasPrefix("subscriber (") && $0.actual == "missing" }, "\(found)")
    }

    func testReferentialIntegrityReportsAStaleLocalIdentity() throws {
        let world = try self.world { stage in
            stage.plans[0].device.defaults.set("11111111-1111-4111-8111-111111111111", forKey: AppDefaultsKeys.currentUserId)
            stage.plans[0].device.defaults.flush()
        }
        let found = check(ReferentialIntegrityChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["referential-integrity"])
        XCTAssertEqual(found[0].entities.first?.entity, "local person reference 11111111")
    }

    func testNoCrossAccountLeakReportsAlicesRowUnderBob() throws {
        let world = try self.world(accounts: ["alice", "bob"]) { stage in
            let bob = stage.account("bob").userId
            let tx = stage.server.admin.rows("financial_transactions")[0]
            stage.serviceRole(.update(["owner_id": .string(bob)]), table: "financial_transactions", where: .eq("id", tx["id"]!))
        }
        let found = check(NoCrossAccountLeakChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-cross-account-leak"])
        XCTAssertEqual(found[0].entities.first?.expected, "owned by alice")
        XCTAssertEqual(found[0].entities.first?.actual, "owned by bob")
    }

    func testEventualCompletionReportsAMigrationThatNeverFinished() throws {
        let world = try self.world { stage in
            stage.reports.update("device-1") { $0.lastError = "HTTP 409 Duplicate" }
        }
        let found = check(EventualCompletionChecker(), world)
        XCTAssertEqual(found.map(\.kind), [.liveness])
        XCTAssertTrue(found[0].entities[0].actual.contains("HTTP 409 Duplicate"))
    }

    func testEventualCompletionReportsSyncThatDidNotSettleDuringHealing() throws {
        let clean = try world()
        XCTAssertEqual(check(EventualCompletionChecker(), clean), [])
        let unsettled = SwissCoinWorld(stage: clean.stage, healing: HealingOutcome(pending: ["sync still pushing after 6 rounds of relaunches"]))
        let found = check(EventualCompletionChecker(), unsettled)
        XCTAssertEqual(found.map(\.kind), [.liveness])
        XCTAssertEqual(found.first?.entities.map(\.actual), ["sync still pushing after 6 rounds of relaunches"])
    }

    func testStatusTruthfulnessReportsInflatedCounts() throws {
        let world = try self.world { stage in
            stage.reports.update("device-1") { $0.lastEntityCounts["Settlements"] = 999 }
        }
        let found = check(StatusTruthfulnessChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["status-truthfulness"])
        XCTAssertEqual(found[0].entities.first?.actual, "999")
    }

    func testStatusTruthfulnessReportsAMigrationStartedAgainAfterItWasAnnouncedComplete() throws {
        let world = try self.world { stage in
            let alice = stage.account("alice").userId
            stage.reports.update("device-1") { $0.rerunsAfterCompletion.append((2, alice)) }
        }
        let found = check(StatusTruthfulnessChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["status-truthfulness"])
        XCTAssertEqual(found[0].entities.first?.entity, "migration of alice")
        XCTAssertEqual(found[0].entities.first?.location, "device-1")
        XCTAssertEqual(found[0].entities.first?.actual, "started again in launch #2")
    }

    func testStatusTruthfulnessReportsACountShownForAStepNotReachedYet() throws {
        let world = try self.world { stage in
            stage.reports.noteCounts("device-1", launch: 1, step: 3, shown: ["Profile": 1, "Current User": 1, "Payers": 12])
        }
        let found = check(StatusTruthfulnessChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["status-truthfulness"])
        XCTAssertEqual(found[0].entities.count, 1)
        XCTAssertEqual(found[0].entities[0].entity, "count \"Payers\" shown as step 3 starts")
        XCTAssertEqual(found[0].entities[0].actual, "12")
    }

    func testStatusTruthfulnessReportsAnUnmigratableEntityTheAppDidNotReport() throws {
        // Seed 1's small dataset has a settlement whose contact was deleted (nil counterpart).
        let clean = try world(seed: 1)
        XCTAssertFalse(SwissCoinWorld.unmigratable(clean.plans[0].dataset.database).isEmpty)
        XCTAssertEqual(check(StatusTruthfulnessChecker(), clean), [])
        let world = try self.world(seed: 1) { stage in
            stage.plans[0].device.defaults.set(nil, forKey: AppDefaultsKeys.migrationSkipped(account: stage.account("alice").userId))
            stage.plans[0].device.defaults.flush()
        }
        let found = check(StatusTruthfulnessChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["status-truthfulness"])
        XCTAssertTrue(found[0].entities[0].entity.hasPrefix("skipped settlements "), "\(found)")
        XCTAssertEqual(found[0].entities[0].actual, "not reported")
    }

    func testRoundTripFidelityReportsAShiftedCalendarDay() throws {
        let world = try self.world { stage in
            let sub = stage.server.admin.rows("subscriptions")[0]
            stage.serviceRole(.update(["start_date": .string("1999-12-31")]), table: "subscriptions", where: .eq("id", sub["id"]!))
        }
        let found = check(RoundTripFidelityChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["round-trip-fidelity"])
        let diff = try XCTUnwrap(found[0].entities.first)
        XCTAssertTrue(diff.entity.hasPrefix("subscriptions ") && diff.entity.hasSuffix(" start_date"), "\(diff)")
        XCTAssertEqual(diff.actual, "1999-12-31")
        XCTAssertNotEqual(diff.expected, "1999-12-31")
    }

    func testRoundTripFidelityReportsADroppedRawAmount() throws {
        let world = try self.world { stage in
            let split = stage.server.admin.rows("transaction_splits")[0]
            stage.serviceRole(.update(["raw_amount": .null]), table: "transaction_splits", where: .eq("id", split["id"]!))
        }
        let found = check(RoundTripFidelityChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["round-trip-fidelity"])
        let diff = try XCTUnwrap(found[0].entities.first)
        XCTAssertTrue(diff.entity.hasPrefix("transaction_splits (") && diff.entity.hasSuffix(") raw_amount"), "\(diff)")
        XCTAssertEqual(diff.actual, "null")
    }

    func testNoLostUpdateReportsAWebEditOverwrittenLaterWithItsWriter() throws {
        let world = try self.world { stage in
            let tx = stage.server.admin.rows("financial_transactions")[0]
            let id = tx["id"]!.stringValue!
            XCTAssertTrue(stage.editOnWeb(as: "alice", table: "financial_transactions", id: id, values: ["title": .string("Dinner (web)")]))
            stage.serviceRole(.update(["title": tx["title"]!]), table: "financial_transactions", where: .eq("id", tx["id"]!))
        }
        XCTAssertEqual(world.webEdits.count, 1)
        let found = check(NoLostUpdateChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-lost-update"])
        let diff = try XCTUnwrap(found[0].entities.first)
        XCTAssertTrue(diff.entity.hasPrefix("financial_transactions ") && diff.entity.hasSuffix(" title"), "\(diff)")
        XCTAssertEqual(diff.expected, "\"Dinner (web)\"")
        XCTAssertTrue(diff.actual.contains("update by test"), "\(diff)")
    }

    func testVerifierSoundnessReportsACompletionAnnouncedOverACorruptedServer() throws {
        let world = try self.world { stage in
            var random = SimRandom(seed: 1)
            XCTAssertNotNil(stage.corruptOneSplit(owner: "alice", random: &random, deltaMinor: 100))
            stage.reports.completionAnnounced("device-1", launch: 1)
        }
        let found = check(VerifierSoundnessChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["verifier-soundness"])
        XCTAssertEqual(found[0].entities.first?.entity, "migration announced complete in launch #1")
        XCTAssertEqual(found[0].entities.first?.location, "device-1")
        XCTAssertTrue(found[0].entities.dropFirst().contains { $0.entity.hasPrefix("person ") && $0.location == "device-1 vs server" }, "\(found)")
    }

    func testVerifierSoundnessAcceptsACleanCompletion() throws {
        let world = try self.world { stage in stage.reports.completionAnnounced("device-1", launch: 1) }
        XCTAssertEqual(check(VerifierSoundnessChecker(), world), [])
    }

    func testNoLostUpdateAcceptsAWebEditThatSurvived() throws {
        let world = try self.world { stage in
            let tx = stage.server.admin.rows("financial_transactions")[0]
            XCTAssertTrue(stage.editOnWeb(as: "alice", table: "financial_transactions", id: tx["id"]!.stringValue!,
                                          values: ["title": .string("Dinner (web)")]))
        }
        XCTAssertEqual(check(NoLostUpdateChecker(), world), [])
    }
}

extension SwissCoinStage {
    /// A PostgREST request with the service-role key (bypasses RLS), applied directly.
    func serviceRole(_ action: TableRequest.Action, table: String, where filter: RowFilter? = nil) {
        let request = SupabaseRequest(accessToken: SupabaseConfig().serviceRoleKey,
                                      .table(TableRequest(table: table, action: action, filters: filter.map { [$0] } ?? [])))
        let response = server.handle(request, context: ServiceContext(now: sim.now, caller: "test", requestNumber: 0, trace: sim.trace))
        precondition(response.isSuccess, "tampering failed: \(response.status) \(response.body.canonicalText)")
    }
}
