import AppPorts
import FakeCloud
import Scenarios
import SimCore
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim
import XCTest

/// A push the server applied but whose answer the device never heard (killed or timed out right
/// after sending) is indeterminate to the device; the server's change log says it happened, and
/// the checkers' expected data follows the log (Jepsen: an indeterminate operation may have
/// taken effect).
final class IndeterminatePushTests: XCTestCase {
    private func ledgerWithOneUnansweredEdit() -> (UserEdits, OutboxChange) {
        let history = History()
        let change = OutboxChange(changeId: "c0000000-0000-4000-8000-000000000001", table: "financial_transactions",
                                  entityId: "e0000000-0000-4000-8000-000000000001", kind: .update, groups: ["money"])
        let edit = SyncOperation.edit(account: "alice-id", change: change, intended: [:])
        history.observe(process: "device-1", edit.operationName, edit, at: 5)
        let ledger = UserEdits(ledger: OperationLedger(history: history))
        XCTAssertEqual(ledger.edits.map(\.device), ["device-1"])
        XCTAssertEqual(ledger.edits.map(\.atNanoseconds), [5])
        return (ledger, change)
    }

    func testAPushInTheServersLogWithoutAnAnswerCountsAsApplied() {
        let (ledger, change) = ledgerWithOneUnansweredEdit()
        let log: [Row] = [[
            "change_id": .string(change.changeId), "outcome": "applied", "revision": .int(7),
            "request": ["fields": ["amount": "7.89"]],
        ]]
        let acks = AcknowledgedEdits(ledger: ledger, serverLog: log).applied(by: "alice-id")
        XCTAssertEqual(acks.map(\.ack.change.changeId), [change.changeId])
        XCTAssertEqual(acks.first?.ack.revision, 7)
        XCTAssertEqual(acks.first?.ack.fields["amount"], "7.89")
    }

    func testAPushTheServerNeverAppliedDoesNotCount() {
        let (ledger, change) = ledgerWithOneUnansweredEdit()
        XCTAssertEqual(AcknowledgedEdits(ledger: ledger, serverLog: []).applied(by: "alice-id").count, 0)
        let conflict: [Row] = [["change_id": .string(change.changeId), "outcome": "conflict", "request": ["fields": [:]]]]
        XCTAssertEqual(AcknowledgedEdits(ledger: ledger, serverLog: conflict).applied(by: "alice-id").count, 0)
        XCTAssertEqual(AcknowledgedEdits(ledger: ledger, serverLog: [["change_id": .string(change.changeId), "outcome": "applied",
                                                                       "request": ["fields": [:]]]]).applied(by: "bob-id").count, 0,
                       "another account's edits are not alice's")
    }

    /// Seed 170 of long-sync-session, as its sweep drew it when the bug was found (its fault
    /// schedule, replayed: the sweep draws differently since), kills the phone right after it sent
    /// a push the server then applied; before the checkers read the server's log, no-loss and
    /// balance-equality reported the applied value as a loss.
    func testLongSyncSessionSeed170PassesWithItsKillRightAfterAPush() throws {
        let scenario = try XCTUnwrap(Catalog.app(named: "swisscoin")?.scenarios.first { $0.name == "long-sync-session" })
        var runner = ScenarioRunner()
        runner.size = 0
        runner.faultSource = .schedule(FaultSchedule([
            InjectedFault(family: .kill, subject: "device-1@life1", detail: "sync.pull+job35"),
            InjectedFault(family: .partition, subject: "device-1#2", detail: "at=35566164814 for=19117579595"),
            InjectedFault(family: .partition, subject: "device-2#1", detail: "at=13472357159 for=7717933073"),
            InjectedFault(family: .kill, subject: "device-1@life2", detail: "sign-out+job5"),
        ]))
        let report = runner.run(scenario, variant: "fixed", seed: 170)
        XCTAssertEqual(report.outcome, .pass, "\(report.outcome)")
        XCTAssertTrue(report.injectedFaults.contains { $0.description == "kill device-1@life1 sync.pull+job35" }, "\(report.injectedFaults)")
    }
}
