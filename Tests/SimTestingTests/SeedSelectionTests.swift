import SimTesting
import XCTest

/// SIMRUN_SEED and SIMRUN_SEEDS: one seed, a wider range, and malformed values refused.
final class SeedSelectionTests: XCTestCase {
    func testWrittenRangeWithoutEnvironment() throws {
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: [:]), 1...500)
    }

    func testSeedVariablePicksOneSeedDecimalOrHex() throws {
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: ["SIMRUN_SEED": "17"]), 17...17)
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: ["SIMRUN_SEED": "0x2a"]), 42...42)
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: ["SIMRUN_SEED": "9000", "SIMRUN_SEEDS": "1-2"]), 9000...9000)
    }

    func testSeedsVariableReplacesTheRange() throws {
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: ["SIMRUN_SEEDS": "1-100000"]), 1...100_000)
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: ["SIMRUN_SEEDS": "100...200"]), 100...200)
        XCTAssertEqual(try SeedSelection.resolve(1...500, environment: ["SIMRUN_SEEDS": "7"]), 7...7)
    }

    func testMalformedValuesAreErrorsNamingTheVariable() {
        for (variable, value) in [("SIMRUN_SEED", "abc"), ("SIMRUN_SEED", "-1"), ("SIMRUN_SEEDS", "9-3"), ("SIMRUN_SEEDS", "1-x"), ("SIMRUN_SEEDS", "")] {
            XCTAssertThrowsError(try SeedSelection.resolve(1...5, environment: [variable: value]), "\(variable)=\(value)") { error in
                XCTAssertTrue("\(error)".hasPrefix("\(variable)='\(value)'"), "\(error)")
            }
        }
    }
}
