import AppleStandIns
import CryptoSavings
import XCTest

/// The app's pure parts: exact amounts, month labels, the dedupe winner and the Double path the
/// plan as written takes.
final class CryptoSavingsAppTests: XCTestCase {
    func testUnitsAddSubtractAndDivideExactlyBeyondSixtyFourBits() {
        let a = Units("123456789012345678901234")!, b = Units("876543210987654321098766")!
        XCTAssertEqual((a + b).text, "1000000000000000000000000")
        XCTAssertEqual((b - a).text, "753086421975308642197532")
        XCTAssertEqual((a - b).text, "0", "floored at zero")
        XCTAssertEqual(Units(10).dividedRoundingUp(by: 3).text, "4")
        XCTAssertEqual(Units(9).dividedRoundingUp(by: 3).text, "3")
        XCTAssertEqual(Units("007")!.text, "7")
        XCTAssertNil(Units("1.5"))
    }

    func testCoinsTextRoundTripsThroughUnits() {
        XCTAssertEqual(Units(coins: "1.5", currency: "BTC")?.text, "150000000")
        XCTAssertEqual(Units(150_000_000).coins("BTC"), "1.5")
        XCTAssertEqual(Units("1000000000123456789")!.coins("ETH"), "1.000000000123456789")
        XCTAssertNil(Units(coins: "0.000000001", currency: "BTC"), "more decimals than satoshi")
    }

    func testADoubleCannotHoldAWeiPreciseAmount() {
        let exact = Units("1000000000123456789")!
        XCTAssertNotEqual(Amounts.units(Amounts.double(exact, "ETH"), "ETH"), exact)
        XCTAssertEqual(Amounts.units(Amounts.double(Units(12_345_678), "BTC"), "BTC"), Units(12_345_678), "satoshi survive one round trip")
    }

    func testMonthLabelsDependOnTheOffsetNearTheBoundary() {
        let instant: Int64 = 1_769_853_600_000  // 2026-01-31T10:00:00Z
        XCTAssertEqual(MonthLabel.label(instant, offsetSeconds: 0), "2026-01")
        XCTAssertEqual(MonthLabel.label(instant, offsetSeconds: 14 * 3600), "2026-02")
        XCTAssertEqual(MonthLabel.label(instant, offsetSeconds: -12 * 3600), "2026-01")
        XCTAssertEqual(MonthLabel.label(0, offsetSeconds: -3600), "1969-12")
        XCTAssertEqual(MonthLabel.monthsBetween("2025-11", "2026-02"), 3)
    }

    func testTheFixedDedupeWinnerDoesNotDependOnArrivalOrder() {
        func row(_ number: Int, _ amount: String, modified: Int64) -> ModelRow {
            ModelRow(id: PersistentIdentifier(entityName: "AssetAllocation", number: number),
                     attributes: ["id": .uuid("00000000-0000-4000-8000-000000000001"), "amountUnits": .string(amount), "lastModifiedDate": .date(modified)],
                     relationships: [:])
        }
        let dedupe = Dedupe(variant: .fixed, rows: [:])
        let first = dedupe.select([row(1, "5", modified: 10), row(2, "7", modified: 20)])
        let second = dedupe.select([row(1, "7", modified: 20), row(2, "5", modified: 10)])
        XCTAssertEqual(first.0.map { $0["amountUnits"] }, [.string("7")])
        XCTAssertEqual(second.0.map { $0["amountUnits"] }, [.string("7")])
        let byFetchOrder = Dedupe(variant: try! .parse("fetch-order-winner"), rows: [:])
        XCTAssertEqual(byFetchOrder.select([row(1, "5", modified: 10), row(2, "7", modified: 20)]).0.map { $0["amountUnits"] }, [.string("5")])
    }

    func testCompositeKeysCollideForAllocationsWhoseParentsHaveNotArrived() {
        let rows = (1...2).map { number in
            ModelRow(id: PersistentIdentifier(entityName: "AssetAllocation", number: number),
                     attributes: ["id": .uuid("00000000-0000-4000-8000-00000000000\(number)")], relationships: [:])
        }
        XCTAssertEqual(Dedupe(variant: .fixed, rows: [:]).select(rows).0.count, 2)
        XCTAssertEqual(Dedupe(variant: try! .parse("composite-dedupe-keys"), rows: [:]).select(rows).0.count, 1, "(nil, nil) twice")
    }
}
