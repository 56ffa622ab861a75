import FakeCloud
import SimCore
import XCTest

/// `AdminView.memoized`: a checker's derived value is recomputed after any write, never after a read.
final class AdminMemoTests: XCTestCase {
    func testRecomputesAfterAWriteButNotAfterAReadAndKeepsKeysApart() {
        let bed = SupabaseTestBed()
        var computations = 0
        func parents(_ key: String = "parents") -> Int {
            bed.server.admin.memoized(key) { () -> Int in
                computations += 1
                return bed.server.admin.rows("parents").count
            }
        }
        XCTAssertEqual(parents(), 0)
        XCTAssertEqual(parents(), 0)
        XCTAssertEqual(computations, 1)
        XCTAssertEqual(bed.insert(nil, "parents", [["id": .string(IDs.parent)]]).status, 201)
        XCTAssertEqual(parents(), 1)
        XCTAssertEqual(computations, 2)
        _ = bed.select(nil, "parents")
        XCTAssertEqual(parents(), 1)
        XCTAssertEqual(computations, 2, "a read changes nothing")
        XCTAssertEqual(parents("other key"), 1)
        XCTAssertEqual(computations, 3)
        // A failed write may have changed nothing, but it still counts as a possible change.
        XCTAssertEqual(bed.insert(nil, "parents", [["id": .string(IDs.parent)]]).error?.code, "23505")
        XCTAssertEqual(parents(), 1)
        XCTAssertEqual(computations, 4)
    }
}
