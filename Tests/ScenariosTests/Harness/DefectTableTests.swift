import SimHarness
import XCTest

/// The defect table's markdown and its place in a README: rows in variant order with tags, the
/// first failing seed (or none) and the invariants; known-uncaught defects with their reason; the
/// block found and replaced between its markers, nothing else touched.
final class DefectTableTests: XCTestCase {
    static let app: AppDefinition = {
        var app = AppDefinition(name: "demo", summary: "a demo", defaultVariant: "fixed", variants: [
            VariantInfo(name: "fixed", summary: "right"),
            VariantInfo(name: "dup", summary: "duplicates", bugIDs: ["XX-1", "XX-3"]),
            VariantInfo(name: "slow", summary: "never caught"),
            VariantInfo(name: "blind", summary: "no scenario sees it"),
        ], scenarios: [])
        app.defectCatches = [DefectCatch("slow", by: "upload", within: 1...5, size: 2), DefectCatch("dup", by: "retry", within: 1...10)]
        app.knownUncaught = ["blind": "harmless alone"]
        return app
    }()

    static var measurements: [DefectMeasurement] {
        [DefectMeasurement(defect: "slow", bugIDs: [], declared: app.defectCatches[0], firstFailingSeed: nil, invariants: []),
         DefectMeasurement(defect: "dup", bugIDs: ["XX-1", "XX-3"], declared: app.defectCatches[1], firstFailingSeed: 4,
                           invariants: ["no-duplicate", "balance-equality"])]
    }

    func testRowsFollowTheVariantOrderWithTagsSeedsInvariantsAndReasons() {
        let lines = DefectTable.markdown(Self.app, Self.measurements, configuration: "debug").split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, DefectTable.beginMarker)
        XCTAssertEqual(lines.last, DefectTable.endMarker)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Measured by a debug build") })
        XCTAssertEqual(lines.filter { $0.hasPrefix("| `") }, [
            "| `dup` | XX-1, XX-3 | retry | 4 (of 1…10) | no-duplicate, balance-equality |",
            "| `slow` | — | upload | none of 1…5, size 2 | — |",
            "| `blind` | — | not caught: harmless alone | — | — |",
        ])
    }

    func testTheBlockIsFoundAndReplacedBetweenItsMarkersOnly() {
        let old = DefectTable.beginMarker + "\n| stale |\n" + DefectTable.endMarker
        let readme = "# Demo\n\nbefore\n\n" + old + "\n\nafter\n"
        XCTAssertEqual(DefectTable.block(in: readme), old)
        let fresh = DefectTable.markdown(Self.app, Self.measurements, configuration: "debug")
        let updated = DefectTable.replacingBlock(in: readme, with: fresh)
        XCTAssertEqual(updated, "# Demo\n\nbefore\n\n" + fresh + "\n\nafter\n")
        XCTAssertNil(DefectTable.block(in: "# Demo without a table"))
        XCTAssertNil(DefectTable.replacingBlock(in: DefectTable.beginMarker + " and no end", with: fresh))
    }
}
