import AppPorts
import Foundation
import Scenarios
import SimCore
import SimHarness
import XCTest

/// The defect-catch matrix: every defect of every built-in app is caught alone by its declared
/// scenario within its declared seeds (small dataset), or is listed as not caught yet with a
/// reason; and each app README's defect table names the same scenario for the defect.
final class DefectMatrixTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
    /// The bug zoo's entries per app prefix (`/work/shared/bug-zoo.md`: SC 22, MI 27, SW 11, IS 16, CS 16).
    static let zoo: [String: (prefix: String, count: Int)] = [
        "swisscoin": ("SC", 22), "minuta": ("MI", 27), "swiff": ("SW", 11), "infinitestories": ("IS", 16), "cryptosavings": ("CS", 16),
    ]

    static let readmes = ["swisscoin": "Sources/Scenarios/SwissCoin/README.md", "minuta": "Sources/Scenarios/Minuta/README.md",
                          "swiff": "Sources/Scenarios/Swiff/README.md", "infinitestories": "Sources/Scenarios/InfiniteStories/README.md",
                          "cryptosavings": "Sources/Scenarios/CryptoSavings/README.md"]

    func testEveryDefectIsCaughtWhereItsAppDeclares() {
        for app in Catalog.apps {
            for entry in app.defectCatches {
                guard let scenario = app.scenarios.first(where: { $0.name == entry.scenario }) else {
                    XCTFail("\(app.name): \(entry.defect) names no scenario '\(entry.scenario)'")
                    continue
                }
                var runner = ScenarioRunner()
                runner.size = entry.size
                let failing = entry.seeds.first { seed in
                    if case .pass = runner.run(scenario, variant: entry.defect, seed: seed).outcome { return false }
                    return true
                }
                XCTAssertNotNil(failing, "\(app.name): \(entry.defect) passed \(entry.scenario) for seeds \(entry.seeds)")
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

    func testEachReadmeDefectTableNamesTheDeclaredScenario() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
        let readmes = ["swisscoin": "Sources/Scenarios/SwissCoin/README.md", "minuta": "Sources/Scenarios/Minuta/README.md",
                       "swiff": "Sources/Scenarios/Swiff/README.md",
                       "infinitestories": "Sources/Scenarios/InfiniteStories/README.md",
                       "cryptosavings": "Sources/Scenarios/CryptoSavings/README.md"]
        for app in Catalog.apps {
            guard let path = readmes[app.name] else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let rows = text.split(separator: "\n").filter { $0.hasPrefix("|") }
            for entry in app.defectCatches {
                let row = rows.first { $0.split(separator: "|").first.map { cell in
                    cell.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) == entry.defect
                } ?? false && $0.contains(entry.scenario) }
                XCTAssertNotNil(row, "\(path): no defect-table row names \(entry.defect) with \(entry.scenario)")
            }
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
            let path = try XCTUnwrap(Self.readmes[app.name])
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let outside = text
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
