import XCTest
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

final class SwissCoinBalanceTests: XCTestCase {
    let me = "me", anna = "anna", ben = "ben"

    func database(_ transactions: [FinancialTransaction], settlements: [Settlement] = []) -> LocalDatabase {
        var db = LocalDatabase()
        db.persons = [Person(id: me, name: "Me"), Person(id: anna, name: "Anna"), Person(id: ben, name: "Ben")]
        db.transactions = transactions
        db.settlements = settlements
        return db
    }

    func testEqualSplitPaidByMeWithSettlement() {
        let tx = FinancialTransaction(id: "t1", title: "Dinner", amount: 30, currency: "CHF", date: 1, payerId: me,
                                      createdById: me, splits: [me, anna, ben].map { TransactionSplit(owedById: $0, amount: 10) })
        let paidBack = Settlement(id: "s1", amount: 4, currency: "CHF", date: 2, fromPersonId: anna, toPersonId: me)
        let db = database([tx], settlements: [paidBack])
        XCTAssertEqual(BalanceCalculator.calculateBalance(personId: anna, currentUserId: me, in: db, defaultCurrency: "CHF").balances["CHF"], 6)
        XCTAssertEqual(ExactBalance.balance(personId: anna, currentUserId: me, in: db, defaultCurrency: "CHF"), ["CHF": 600])
        XCTAssertEqual(ExactBalance.balance(personId: ben, currentUserId: me, in: db, defaultCurrency: "CHF"), ["CHF": 1000])
    }

    func testMultiPayerAndMultiCurrency() {
        // EUR 100 paid 60 by me and 40 by Anna; owed 25 me, 25 Anna, 50 Ben.
        // Nets: me +35, Anna +15, Ben −50 → Ben owes me 50 × 35/50 = 35; Anna and I are both creditors.
        let eur = FinancialTransaction(id: "t1", title: "Hotel", amount: 100, currency: "EUR", date: 1, payerId: me,
                                       createdById: me,
                                       splits: [TransactionSplit(owedById: me, amount: 25), TransactionSplit(owedById: anna, amount: 25),
                                                TransactionSplit(owedById: ben, amount: 50)],
                                       payers: [TransactionPayer(paidById: me, amount: 60), TransactionPayer(paidById: anna, amount: 40)])
        // USD 12 paid by Ben, split me/Ben: I owe Ben 6.
        let usd = FinancialTransaction(id: "t2", title: "Taxi", amount: 12, currency: "USD", date: 2, payerId: ben, createdById: me,
                                       splits: [TransactionSplit(owedById: me, amount: 6), TransactionSplit(owedById: ben, amount: 6)])
        let db = database([eur, usd])
        let seed = BalanceCalculator.calculateBalance(personId: ben, currentUserId: me, in: db, defaultCurrency: "CHF")
        XCTAssertEqual(seed.balances, ["EUR": 35, "USD": -6])
        XCTAssertEqual(seed.primaryAmount, 35)
        XCTAssertEqual(ExactBalance.balance(personId: ben, currentUserId: me, in: db, defaultCurrency: "CHF"), ["EUR": 3500, "USD": -600])
        XCTAssertEqual(ExactBalance.balance(personId: anna, currentUserId: me, in: db, defaultCurrency: "CHF"), [:])
    }

    func testThreeWaySplitOfTenDiffersBetweenDoubleAndMinorUnits() {
        let third = 10.0 / 3.0
        let tx = FinancialTransaction(id: "t1", title: "Pizza", amount: 10, currency: "CHF", date: 1, payerId: me, createdById: me,
                                      splits: [me, anna, ben].map { TransactionSplit(owedById: $0, amount: third) })
        let db = database([tx])
        let seed = BalanceCalculator.calculateBalance(personId: anna, currentUserId: me, in: db, defaultCurrency: "CHF")
        XCTAssertEqual(seed.balances["CHF"]!, 3.3333333333, accuracy: 1e-9)
        XCTAssertNotEqual(seed.balances["CHF"]! * 100, 333)
        let exactSplits = MinorUnits.reconcile(tx.splits.map(\.amount), total: 1000, currency: "CHF")
        XCTAssertEqual(exactSplits, [334, 333, 333])
        XCTAssertEqual(exactSplits.reduce(0, +), 1000)
        // What a numeric(12,2) column makes of the seed's Doubles: 3.33 × 3 = 9.99.
        XCTAssertEqual(tx.splits.map { MinorUnits.from($0.amount, currency: "CHF") }.reduce(0, +), 999)
        XCTAssertEqual(ExactBalance.balance(personId: anna, currentUserId: me, in: db, defaultCurrency: "CHF"), ["CHF": 333])
    }

    func testAllocateIsExactAndDeterministic() {
        XCTAssertEqual(MinorUnits.allocate(100, weights: [1, 1, 1]), [34, 33, 33])
        XCTAssertEqual(MinorUnits.allocate(5, weights: [0, 0]), [0, 0])
        // One weight takes the whole total, whatever its size; a zero weight takes nothing.
        XCTAssertEqual(MinorUnits.allocate(7, weights: [3]), [7])
        XCTAssertEqual(MinorUnits.allocate(-7, weights: [250]), [-7])
        XCTAssertEqual(MinorUnits.allocate(7, weights: [0]), [0])
        XCTAssertEqual(MinorUnits.decimalString(-5, currency: "CHF"), "-0.05")
        XCTAssertEqual(MinorUnits.decimalString(1200, currency: "JPY"), "1200")
    }
}

/// The one-pass balance table must be the per-person rule, person for person.
final class ExactBalanceEveryoneTests: XCTestCase {
    func testOnePassTableEqualsPerPersonBalanceOnGeneratedStores() {
        for seed in UInt64(1)...12 {
            let dataset = DatasetGenerator.generate(seed: seed, size: seed % 2 == 0 ? .small : .default)
            let database = dataset.database
            let currency = dataset.defaultCurrency
            var people = Set(database.persons.compactMap(\.id))
            for tx in database.transactions {
                tx.splits.forEach { if let id = $0.owedById { people.insert(id) } }
                tx.payers.forEach { if let id = $0.paidById { people.insert(id) } }
            }
            for me in people.sorted().prefix(4) {
                for reconcile in [true, false] {
                    let table = ExactBalance.balancesWithEveryone(currentUserId: me, in: database, defaultCurrency: currency,
                                                                  reconcile: reconcile)
                    for person in people.sorted() {
                        let single = ExactBalance.balance(personId: person, currentUserId: me, in: database,
                                                          defaultCurrency: currency, reconcile: reconcile)
                        XCTAssertEqual(table[person] ?? [:], single, "seed \(seed) me \(me) person \(person)")
                    }
                    XCTAssertNil(table[me])
                }
            }
        }
    }
}
