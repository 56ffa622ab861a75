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
}
