import XCTest
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// Civil dates and month buckets from Unix milliseconds and a UTC offset, by integer arithmetic.
final class MinutaCivilDateTests: XCTestCase {
    func testMonthBoundaryInUTCPlus14AndMinus12() {
        let lastMinuteOf2025 = Int64(1_767_225_540_000)  // 2025-12-31T23:59:00Z
        XCTAssertEqual(Minuta.YearMonth(milliseconds: lastMinuteOf2025, utcOffsetSeconds: 0), Minuta.YearMonth(year: 2025, month: 12))
        XCTAssertEqual(Minuta.YearMonth(milliseconds: lastMinuteOf2025, utcOffsetSeconds: 14 * 3600), Minuta.YearMonth(year: 2026, month: 1))
        XCTAssertEqual(Minuta.CivilDate(milliseconds: 1_767_225_600_000, utcOffsetSeconds: -12 * 3600).text, "2025-12-31")
    }

    func testRoundTripOverManyDaysIncludingLeapYearsAndBefore1970() {
        for day in stride(from: -800_000, through: 800_000, by: 997) {
            let milliseconds = Int64(day) * 86_400_000 + 3_600_000
            for offset in [-12 * 3600, 0, 14 * 3600] {
                let date = Minuta.CivilDate(milliseconds: milliseconds, utcOffsetSeconds: offset)
                let start = date.startMilliseconds(utcOffsetSeconds: offset)
                XCTAssertTrue(start <= milliseconds && milliseconds < start + 86_400_000, "\(date.text) offset \(offset)")
            }
        }
        XCTAssertEqual(Minuta.CivilDate(milliseconds: 951_782_400_000, utcOffsetSeconds: 0).text, "2000-02-29")
        XCTAssertEqual(Minuta.CivilDate(milliseconds: -1, utcOffsetSeconds: 0).text, "1969-12-31")
    }
}
