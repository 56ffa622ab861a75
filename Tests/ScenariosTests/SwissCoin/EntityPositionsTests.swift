import XCTest
@testable import SwissCoin

/// `EntityPositions` answers what `firstIndex(where: { $0.id == id })` answers.
final class EntityPositionsTests: XCTestCase {
    private struct Item { var id: String? }

    func testFirstPositionAppendsAndRemovals() {
        var items = [Item(id: "a"), Item(id: nil), Item(id: "b"), Item(id: "a")]
        var positions = EntityPositions()
        XCTAssertEqual(positions.index("t", "a", in: items, \.id), 0, "the first of two equal ids")
        XCTAssertEqual(positions.index("t", "b", in: items, \.id), 2)
        XCTAssertNil(positions.index("t", "c", in: items, \.id))
        items.append(Item(id: "c"))
        positions.appended("t", "c", at: 4)
        XCTAssertEqual(positions.index("t", "c", in: items, \.id), 4)
        items.removeAll { $0.id == "a" }
        positions.removed(from: "t")
        XCTAssertEqual(positions.index("t", "c", in: items, \.id), 2, "rebuilt after a removal")
        XCTAssertNil(positions.index("t", "a", in: items, \.id))
        XCTAssertNil(positions.index("other", "c", in: [Item](), \.id), "tables are separate")
    }
}
