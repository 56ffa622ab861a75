@testable import FakeCloud
import SimCore
import XCTest

/// `TableStore.ascending` gives the positions sorted, each once, whether it sorts them or (for
/// many positions against the table's size) reads them back from a bitmap of the table. Queries
/// through it are compared with scans in `ColumnIndexTests` (its `in` lists over `kind` take the
/// bitmap).
final class AscendingPositionsTests: XCTestCase {
    func testBothWaysGiveTheSortedDistinctPositions() {
        var random = SimRandom(seed: 7)
        for (count, rowCount) in [(0, 10), (1, 10), (5, 1_000), (63, 100), (64, 100), (200, 300), (500, 40), (3_000, 10_000)] {
            let positions = (0..<count).map { _ in Int(random.below(UInt64(rowCount))) }
            XCTAssertEqual(TableStore.ascending(positions, rowCount: rowCount), Array(Set(positions)).sorted(),
                           "\(count) positions in \(rowCount) rows")
        }
    }
}
