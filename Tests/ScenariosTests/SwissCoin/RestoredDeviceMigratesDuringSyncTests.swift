import XCTest
import AppPorts
import Scenarios
import SimCore
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

/// `restored-device-migrates-during-sync`: a device restored from an old backup migrates while the
/// account's first device pushes sync edits. The scenario must keep exercising that interleaving
/// (the plan's unconditional split and payer upserts are caught), and the fixed migration must
/// stand back from the transactions a sync wrote and still complete.
final class RestoredDeviceMigratesDuringSyncTests: XCTestCase {
    let scenario = SwissCoinApp.scenarios.first { $0.name == "restored-device-migrates-during-sync" }!

    func run(_ variant: String, seed: UInt64) -> RunReport {
        var runner = ScenarioRunner()
        runner.size = 0
        runner.recordTrace = true
        return runner.run(scenario, variant: variant, seed: seed)
    }

    func reached(_ report: RunReport, _ mark: String) -> Bool {
        report.coverage.contains { $0.label == mark && $0.count > 0 }
    }

    /// Seed 2 (small dataset): the phone's sync changes who shares a transaction before the restored
    /// device's step 9; the plan's step 9 adds the dropped debtor's old split back, and the
    /// transaction's splits add up to more than its amount on the server.
    func testChildrenReaddedAfterSyncBreaksASplitSumOnTheServer() {
        let report = run("children-readded-after-sync", seed: 2)
        XCTAssertTrue(reached(report, "swisscoin: sync edit during a restored migration"), "the interleaving was not reached")
        let balance = report.outcome.violations.first { $0.invariant == "balance-equality" }
        XCTAssertNotNil(balance, "\(report.outcome)")
        let splitSum = balance?.entities.first { $0.location == "server" && $0.entity.hasPrefix("transaction ") && $0.entity.hasSuffix("the sum of its splits") }
        XCTAssertNotNil(splitSum, "no transaction whose splits stopped adding up: \(report.outcome)")
        if let splitSum {
            XCTAssertNotEqual(splitSum.expected, splitSum.actual)
        }
    }

    /// The same seed on `fixed`: the restored migration adds no child of a transaction the sync
    /// wrote, its verification takes those transactions from the server, and it completes.
    func testFixedStandsBackFromSyncedTransactionsAndCompletes() {
        let report = run("fixed", seed: 2)
        XCTAssertEqual(report.outcome, .pass, "\(report.outcome.violations.map(\.description).joined(separator: "\n"))")
        XCTAssertTrue(reached(report, "swisscoin: sync edit during a restored migration"))
        let texts = report.records.filter { $0.component == "device-2" }.map(\.event)
        XCTAssertTrue(texts.contains { $0.contains("was synced from another device: its splits and payers are the server's") },
                      "the children guard never fired")
        XCTAssertTrue(texts.contains { $0.contains("synced from another device from the server") },
                      "the verification never took a synced transaction from the server")
        XCTAssertTrue(texts.contains("app migration complete"))
    }

    /// The plan as written carries the defect; `fixed` does not.
    func testTheDefectIsInThePlanAsWritten() {
        XCTAssertTrue(SwissCoinDefect.childrenReaddedAfterSync.inPlanAsWritten)
        XCTAssertTrue(SwissCoinVariant.asWritten.has(.childrenReaddedAfterSync))
        XCTAssertFalse(SwissCoinVariant.fixed.has(.childrenReaddedAfterSync))
    }

    /// The user's resplit: one debtor leaves and the amount is shared equally by the others; a
    /// transaction with one debtor moves its split to the replacement. Money stays whole.
    func testResplitDropsADebtorAndKeepsTheAmount() throws {
        let files = MemoryFiles()
        let store = LocalStore(files: files)
        let tx = FinancialTransaction(
            id: "tx-1", title: "Dinner", amount: 10.00, currency: "CHF", date: 0, payerId: "a", createdById: "a",
            splits: [TransactionSplit(owedById: "a", amount: 3.34), TransactionSplit(owedById: "b", amount: 3.33),
                     TransactionSplit(owedById: "c", amount: 3.33)],
            payers: [TransactionPayer(paidById: "a", amount: 10.00)])
        let single = FinancialTransaction(
            id: "tx-2", title: "Taxi", amount: 5.00, currency: "CHF", date: 0, payerId: "a", createdById: "a",
            splits: [TransactionSplit(owedById: "b", amount: 5.00)], payers: [TransactionPayer(paidById: "a", amount: 5.00)])
        var db = LocalDatabase(timeZoneOffsetSeconds: 0)
        db.transactions = [tx, single]
        try store.save(db)
        let edits = LocalEdits(store: store, ids: CountingIDs(), clock: FixedClock())
        let change = try edits.resplit("tx-1", droppingDebtorAt: 4, replacement: "z", defaultCurrency: "CHF")
        XCTAssertEqual(change?.groups, [SyncFieldGroup.money.rawValue])
        _ = try edits.resplit("tx-2", droppingDebtorAt: 0, replacement: "c", defaultCurrency: "CHF")
        let saved = try store.load()
        XCTAssertEqual(saved.transactions[0].splits.map(\.owedById), ["a", "c"], "debtor 4 mod 3 = b leaves")
        XCTAssertEqual(saved.transactions[0].splits.map { MinorUnits.from($0.amount, currency: "CHF") }, [500, 500])
        XCTAssertEqual(saved.transactions[1].splits.map(\.owedById), ["c"])
        XCTAssertEqual(saved.transactions[1].splits.map { MinorUnits.from($0.amount, currency: "CHF") }, [500])
        XCTAssertEqual(saved.sync?.outbox.count, 2)
    }
}
