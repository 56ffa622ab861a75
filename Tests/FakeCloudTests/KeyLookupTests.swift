import FakeCloud
import SimCore
import XCTest

/// An equality on a single-column unique key reads its row through the index: the answers must
/// be the scan's, whatever the literal's spelling, the other filters and RLS.
final class KeyLookupTests: XCTestCase {
    private func seeded() -> (SupabaseTestBed, a: String, b: String) {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        XCTAssertEqual(bed.insert(a.token, "t", [["id": .string(IDs.row1), "owner_id": .string(a.id), "name": "one", "amount": .string("1.00")]]).status, 201)
        XCTAssertEqual(bed.insert(b.token, "t", [["id": .string(IDs.row2), "owner_id": .string(b.id), "name": "two"]]).status, 201)
        return (bed, a.token, b.token)
    }

    private func names(_ response: SupabaseResponse) -> [String] {
        (response.body.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    func testAnUppercaseKeyLiteralFindsTheRowAsTheScanDoes() {
        let (bed, a, _) = seeded()
        XCTAssertEqual(names(bed.select(a, "t", [.eq("id", .string(IDs.row1.uppercased()))])), ["one"])
    }

    func testTheOtherFiltersAndRLSStillApplyToTheFoundRow() {
        let (bed, a, _) = seeded()
        XCTAssertEqual(names(bed.select(a, "t", [.eq("name", "two"), .eq("id", .string(IDs.row1))])), [])
        XCTAssertEqual(names(bed.select(a, "t", [.eq("id", .string(IDs.row1)), .eq("amount", 1)])), ["one"], "numeric compares by value")
        XCTAssertEqual(names(bed.select(a, "t", [.eq("id", .string(IDs.row2))])), [], "another account's row is invisible")
        XCTAssertEqual(names(bed.select(a, "t", [.eq("id", .null)])), [], "= NULL is never true")
        XCTAssertEqual(names(bed.select(a, "t", [.eq("id", .string(IDs.child))])), [])
    }

    func testABadKeyLiteralStillFailsWithTheTypesInputError() {
        let (bed, a, _) = seeded()
        let response = bed.select(a, "t", [.eq("id", "not-a-uuid")])
        XCTAssertEqual(response.error?.code, "22P02")
    }

    func testAnUpdateByKeyWritesOnlyAVisibleMatchingRow() {
        let (bed, a, b) = seeded()
        let byKey = TableRequest(table: "t", action: .update(["name": "changed"]), filters: [.eq("id", .string(IDs.row2))],
                                 returnRepresentation: true)
        XCTAssertEqual(names(bed.table(a, byKey)), [], "UPDATE 0 on another account's row")
        XCTAssertEqual(names(bed.select(b, "t")), ["two"])
        let mine = TableRequest(table: "t", action: .update(["name": "changed"]), filters: [.eq("id", .string(IDs.row1.uppercased()))],
                                returnRepresentation: true)
        XCTAssertEqual(names(bed.table(a, mine)), ["changed"])
        XCTAssertEqual(names(bed.select(a, "t")), ["changed"])
    }
}
