import AppPorts
import XCTest

/// Variant names are canonical, and a lone defect keeps its own name.
final class VariantNameTests: XCTestCase {
    enum OneDefect: String, AppDefect {
        case trustsAnyAnswer = "trusts-any-answer"
        var summary: String { "removes a change on any answer" }
        var bugZooIds: [String] { [] }
        var inPlanAsWritten: Bool { true }
    }

    enum TwoDefects: String, AppDefect {
        case early, late
        var summary: String { rawValue }
        var bugZooIds: [String] { [] }
        var inPlanAsWritten: Bool { true }
    }

    func testALoneDefectKeepsItsNameAndSeveralAreAsWritten() throws {
        XCTAssertEqual(Variant<OneDefect>.asWritten.name, "trusts-any-answer", "the repro names the defect, not as-written")
        XCTAssertEqual(try Variant<OneDefect>.parse("as-written"), try Variant<OneDefect>.parse("trusts-any-answer"))
        XCTAssertEqual(Variant<TwoDefects>.asWritten.name, "as-written")
        XCTAssertEqual(Variant<TwoDefects>(defects: [.late]).name, "late")
        for name in ["fixed", "as-written", "early", "late", "early+late"] {
            let variant = try Variant<TwoDefects>.parse(name)
            XCTAssertEqual(try Variant<TwoDefects>.parse(variant.name), variant, name)
        }
    }
}
