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

    /// Kept from one page to the next only for the very array it describes: a store changed
    /// between pages (here reordered, or one element replaced) gets fresh positions.
    func testPositionsCarryOverOnlyForTheSameArrayStorage() {
        var items = [Item(id: "a"), Item(id: "b"), Item(id: "c")]
        var positions = EntityPositions()
        XCTAssertEqual(positions.index("t", "c", in: items, \.id), 2)
        items.append(Item(id: "d"))
        positions.appended("t", "d", at: 3)
        var saved = items
        positions.settle { $0 == "t" ? saved : nil }
        XCTAssertEqual(positions.index("t", "d", in: saved, \.id), 3, "the same storage: the kept map answers")

        positions.settle { $0 == "t" ? saved : nil }
        saved[0] = Item(id: "d")  // written while the map holds the array: a copy, not the kept storage
        XCTAssertEqual(positions.index("t", "d", in: saved, \.id), 0, "a changed array: rebuilt")

        positions.settle { $0 == "t" ? saved : nil }
        let reordered = [Item(id: "c"), Item(id: "b"), Item(id: "d"), Item(id: "a")]
        XCTAssertEqual(positions.index("t", "a", in: reordered, \.id), 3, "another array of the same size: rebuilt")

        // A page that does not use the table must not vouch for the store's array of it: the map
        // describes the array it was settled with, and the store replaced that one meanwhile.
        let unused = reordered
        positions.settle { $0 == "t" ? unused : nil }
        let shorter = [Item(id: "b"), Item(id: "a")]
        positions.settle { $0 == "t" ? shorter : nil }  // a page about other tables
        XCTAssertEqual(positions.index("t", "a", in: shorter, \.id), 1, "checked against the array it was settled with")

        positions.settle { _ in nil }
        XCTAssertEqual(positions.index("t", "b", in: [Item(id: "b")], \.id), 0, "a table without an array is forgotten")
    }
}
