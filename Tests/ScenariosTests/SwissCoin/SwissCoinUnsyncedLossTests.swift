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

/// no-loss for edits saved on a device but never pushed (`NoLossChecker+Unsynced`): reported when
/// they are gone from every store of the account, not while pending, not once moot.
extension SwissCoinSyncTests {
    func testNoLossReportsAnUnpushedEditGoneFromTheDevice() throws {
        let world = try self.world { stage in
            let alice = stage.account("alice").userId
            let person = stage.server.admin.rows(SyncTables.persons)[0]["id"]!.stringValue!
            stage.noteEdit("device-1", alice, OutboxChange(changeId: "lost-1", table: SyncTables.persons, entityId: person,
                                                                kind: .update, groups: ["name"]), at: stage.sim.now.nanoseconds)
        }
        let found = check(NoLossChecker(), world)
        XCTAssertEqual(found.map(\.invariant), ["no-loss"])
        XCTAssertEqual(found[0].entities.count, 1)
        XCTAssertTrue(found[0].entities[0].entity.hasPrefix("update persons "), "\(found)")
        XCTAssertTrue(found[0].entities[0].location.hasPrefix("device-1 (alice)"), "\(found)")
        XCTAssertEqual(found[0].entities[0].actual, "gone from the device, never pushed")
    }

    func testNoLossAcceptsAPendingOrMootUnpushedEdit() throws {
        let world = try self.world { stage in
            let alice = stage.account("alice").userId
            let device = stage.plans[0].device
            let person = stage.server.admin.rows(SyncTables.persons)[0]["id"]!.stringValue!
            // Still in the outbox: pending, not lost.
            let pending = OutboxChange(changeId: "pending-1", table: SyncTables.persons, entityId: person, kind: .update, groups: ["name"])
            let store = LocalStore(files: SetupFiles(device: device), cache: stage.storeCache(device))
            var db = try! store.load()
            db.sync?.outbox.append(pending)
            try! store.save(db)
            stage.noteEdit(device.name, alice, pending, at: stage.sim.now.nanoseconds)
            // Edited, then deleted on the server before it was pushed: moot.
            let tx = stage.server.admin.rows("financial_transactions")[0]["id"]!
            stage.serviceRole(.update(["deleted_at": .string("2025-01-02T00:00:00Z")]), table: "financial_transactions", where: .eq("id", tx))
            stage.noteEdit(device.name, alice, OutboxChange(changeId: "moot-1", table: "financial_transactions",
                                                                 entityId: tx.stringValue!, kind: .update, groups: ["text"]),
                                at: stage.sim.now.nanoseconds)
        }
        XCTAssertEqual(NoLossChecker().unsyncedLosses(world), [])
    }

    /// A push answered `gone` for an entity the server never held is no delete: the create the
    /// app dropped with it is lost (a sync engine that pushes an update before its create).
    func testNoLossReportsACreateDroppedByAGoneForAnEntityTheServerNeverHeld() throws {
        let world = try self.world { stage in
            let alice = stage.account("alice").userId
            let id = "e0000000-0000-4000-8000-0000000000aa"
            let create = OutboxChange(changeId: "create-1", table: "financial_transactions", entityId: id, kind: .create, groups: ["money", "text"])
            let update = OutboxChange(changeId: "update-1", table: "financial_transactions", entityId: id, kind: .update, groups: ["text"])
            stage.noteEdit("device-1", alice, create, at: stage.sim.now.nanoseconds)
            stage.noteEdit("device-1", alice, update, at: stage.sim.now.nanoseconds)
            stage.noteAck("device-1", alice, SyncEngine.Acknowledgement(
                change: update, outcome: "gone", revision: nil, fields: [:], splits: nil, payers: nil), at: stage.sim.now.nanoseconds + 1)
        }
        let lost = NoLossChecker().unsyncedLosses(world)
        XCTAssertEqual(lost.count, 1, "\(lost)")
        XCTAssertTrue(lost.first?.entity.hasPrefix("create financial_transactions e0000000") == true, "\(lost)")
    }
}

extension SwissCoinStage {
    /// Records in the run's ledger an edit saved on `device` (as the session does).
    func noteEdit(_ device: String, _ account: String, _ change: OutboxChange, at time: Int64) {
        note(.edit(account: account, change: change, intended: [:]), on: device, at: time)
    }

    /// Records in the run's ledger a push the server answered (as the session does).
    func noteAck(_ device: String, _ account: String, _ ack: SyncEngine.Acknowledgement, at time: Int64) {
        note(.acknowledged(account: account, ack: ack), on: device, at: time)
    }

    private func note(_ operation: SyncOperation, on device: String, at time: Int64) {
        sim.history.observe(process: device, operation.operationName, operation, at: time)
    }
}
