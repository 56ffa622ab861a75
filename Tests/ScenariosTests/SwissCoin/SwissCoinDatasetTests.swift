import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

final class SwissCoinDatasetTests: XCTestCase {
    func testSameSeedGivesSameBytesAndDifferentSeedDiffers() throws {
        let a = try LocalStore.encode(DatasetGenerator.generate(seed: 7, size: .small).database)
        let b = try LocalStore.encode(DatasetGenerator.generate(seed: 7, size: .small).database)
        let c = try LocalStore.encode(DatasetGenerator.generate(seed: 8, size: .small).database)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
    }

    func testDefaultDatasetIsRealistic() {
        let dataset = DatasetGenerator.generate(seed: 42)
        let db = dataset.database
        XCTAssertEqual(db.persons.count, 30)
        XCTAssertEqual(db.transactions.count, 300)
        XCTAssertEqual(db.persons.first?.id, dataset.currentUserId)
        XCTAssertGreaterThanOrEqual(Set(db.transactions.compactMap(\.currency)).count, 3)
        XCTAssertTrue(db.transactions.contains { $0.payers.count >= 2 }, "multi-payer transactions")
        XCTAssertTrue(db.transactions.contains { tx in
            tx.splitMethod == "equal" && tx.splits.count == 3 && MinorUnits.from(tx.amount, currency: tx.currency!) % 3 != 0
        }, "3-way equal split of an amount not divisible by 3")
        XCTAssertTrue(db.transactions.contains { $0.splitMethod == "amount" })
        XCTAssertTrue(db.persons.contains { $0.photoData != nil })
        XCTAssertFalse(db.settlements.isEmpty)
        XCTAssertFalse(db.subscriptionPayments.isEmpty)
        XCTAssertFalse(db.chatMessages.isEmpty)
        XCTAssertFalse(db.reminders.isEmpty)
    }

    func testExactSplitsSumToTransactionAmount() {
        for tx in DatasetGenerator.generate(seed: 3).database.transactions {
            let currency = tx.currency!
            let total = MinorUnits.from(tx.amount, currency: currency)
            XCTAssertEqual(MinorUnits.reconcile(tx.splits.map(\.amount), total: total, currency: currency).reduce(0, +), total)
            if !tx.payers.isEmpty {
                XCTAssertEqual(MinorUnits.reconcile(tx.payers.map(\.amount), total: total, currency: currency).reduce(0, +), total)
            }
        }
    }
}
