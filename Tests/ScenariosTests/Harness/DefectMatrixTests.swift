import AppPorts
import Foundation
import Scenarios
import SimCore
import SimHarness
import XCTest

/// The defect-catch matrix: every defect of every built-in app is caught alone by its declared
/// scenario within its declared seeds (small dataset), or is listed as not caught yet with a
/// reason; each app README's defect table is exactly that measurement (`simrun defects --write`);
/// and every variant's bug-zoo tags name entries of its app's catalogue, as its README lists them.
final class DefectMatrixTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
    /// The bug zoo's entries per app prefix (`/work/shared/bug-zoo.md`: SC 22, MI 27, SW 11, IS 16, CS 16).
    static let zoo: [String: (prefix: String, count: Int)] = [
        "swisscoin": ("SC", 22), "minuta": ("MI", 27), "swiff": ("SW", 11), "infinitestories": ("IS", 16), "cryptosavings": ("CS", 16),
    ]

    static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    func testEveryDefectIsCaughtWhereItsAppDeclaresAndEachReadmeTableIsThatMeasurement() throws {
        for app in Catalog.apps {
            for entry in app.defectCatches where !app.scenarios.contains(where: { $0.name == entry.scenario }) {
                XCTFail("\(app.name): \(entry.defect) names no scenario '\(entry.scenario)'")
            }
            let measurements = DefectTable.measure(app)
            for row in measurements where row.firstFailingSeed == nil {
                XCTFail("\(app.name): \(row.defect) passed \(row.declared.scenario) for seeds \(row.declared.seeds)")
            }
            let path = try XCTUnwrap(app.readme, "\(app.name) names no README")
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let table = try XCTUnwrap(DefectTable.block(in: text), "\(path) has no generated defect table")
            let measured = DefectTable.markdown(app, measurements, configuration: Self.configuration)
            let written = table.split(separator: "\n", omittingEmptySubsequences: false)
            let expected = measured.split(separator: "\n", omittingEmptySubsequences: false)
            let differing = (0..<min(written.count, expected.count)).first { written[$0] != expected[$0] }
            if let line = differing ?? (written.count == expected.count ? nil : min(written.count, expected.count)) {
                let was = line < written.count ? String(written[line]) : "(none)", now = line < expected.count ? String(expected[line]) : "(none)"
                XCTFail("\(path): the defect table is not the measurement (run `swift run simrun defects --write`)\n  README:   \(was)\n  measured: \(now)")
            }
        }
    }

    func testEveryDefectIsDeclaredCaughtOrKnownUncaughtAndTheFixedVariantIsNot() {
        for app in Catalog.apps {
            let defects = app.variants.map(\.name).filter { $0 != app.defaultVariant && $0 != VariantName.asWritten }
            let declared = Set(app.defectCatches.map(\.defect)).union(app.knownUncaught.keys)
            XCTAssertEqual(Set(defects), declared, "\(app.name): every defect needs a catch or a reason")
            XCTAssertTrue(Set(app.defectCatches.map(\.defect)).isDisjoint(with: app.knownUncaught.keys), app.name)
            XCTAssertFalse(declared.contains(app.defaultVariant), app.name)
        }
    }

    func testEveryTagNamesAnEntryOfItsAppsCatalogue() {
        for app in Catalog.apps {
            guard let zoo = Self.zoo[app.name] else { XCTFail("\(app.name) has no bug-zoo prefix"); continue }
            for variant in app.variants {
                XCTAssertEqual(variant.bugIDs, Array(Set(variant.bugIDs)).sorted { $0.zooOrder < $1.zooOrder }, "\(variant.name): sorted, no repeats")
                for id in variant.bugIDs {
                    let parts = id.split(separator: "-")
                    let number = parts.count == 2 ? Int(parts[1]) : nil
                    XCTAssertTrue(parts.first.map(String.init) == zoo.prefix && number.map { (1...zoo.count).contains($0) } == true,
                                  "\(app.name): \(variant.name) carries \(id), not one of \(zoo.prefix)-1…\(zoo.prefix)-\(zoo.count)")
                }
            }
            XCTAssertTrue(app.variants.filter { [app.defaultVariant, VariantName.asWritten].contains($0.name) }.allSatisfy(\.bugIDs.isEmpty))
        }
    }

    /// Each README's variant table (`| \`name\` | bug zoo | …`) gives the tags the variant carries.
    func testEachReadmeVariantTableGivesTheVariantsTags() throws {
        for app in Catalog.apps {
            let path = try XCTUnwrap(app.readme)
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let outside = DefectTable.block(in: text).map { text.replacingOccurrences(of: $0, with: "") } ?? text
            let rows = outside.split(separator: "\n").filter { $0.hasPrefix("| `") }
            let table = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
            for variant in app.variants {
                guard let cells = table.first(where: { $0.first == "`\(variant.name)`" }), cells.count > 1 else {
                    if !variant.bugIDs.isEmpty { XCTFail("\(path): no variant-table row for `\(variant.name)`") }
                    continue
                }
                let expected = variant.bugIDs.isEmpty ? ["—", "-"] : [variant.bugIDs.joined(separator: ", ")]
                XCTAssertTrue(expected.contains(cells[1]), "\(path): `\(variant.name)` lists '\(cells[1])', carries \(variant.bugIDs)")
            }
        }
    }
}

extension String {
    /// `SC-9` before `SC-10`.
    fileprivate var zooOrder: Int { Int(split(separator: "-").last ?? "") ?? 0 }
}
